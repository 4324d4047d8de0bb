#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Subprocess
import Testing

@Suite("ProcessIdentity tells a process from a later one with its number")
struct ProcessIdentityTests {
    /// A session of its own, as a plugin has: its pid is its group's.
    static var ownSession: PlatformOptions {
        var options = PlatformOptions()
        options.createSession = true
        return options
    }

    @Test func aLiveChildMatchesAndADifferentStartOrBootDoesNot() async throws {
        let result = try await Subprocess.run(.path("/bin/sleep"), arguments: ["300"], platformOptions: Self.ownSession,
                                              input: .none, output: .discarded, error: .discarded) { execution in
            let pid = execution.processIdentifier.value
            defer { kill(pid, SIGKILL) }
            let identity = try #require(ProcessIdentity(pid: pid))
            #expect(identity.pid == pid)
            #expect(identity.isRunning)
            #expect(ProcessIdentity(pid: pid) == identity, "read twice, the same")
            let this = try #require(ProcessIdentity(pid: getpid()))
            #expect(identity.startTime >= this.startTime, "started after this test process")
            #expect(identity.bootID == this.bootID)
            var later = identity
            later.startTime += 1
            #expect(!later.isRunning)
            var otherBoot = identity
            otherBoot.bootID = "00000000-0000-0000-0000-000000000000"
            #expect(!otherBoot.isRunning)
            return identity
        }
        #expect(result.terminationStatus == .signaled(SIGKILL))
        #expect(!result.closureResult.isRunning, "a dead, reaped pid is not running")
    }

    @Test func aZombieIsNotRunningButIsStillItself() async throws {
        let result = try await Subprocess.run(.path("/bin/sh"), arguments: ["-c", "exit 0"], platformOptions: Self.ownSession,
                                              input: .none, output: .discarded, error: .discarded) { execution in
            let pid = execution.processIdentifier.value
            let identity = try #require(ProcessIdentity(pid: pid))
            // Not reaped before the body returns: it lingers as a zombie.
            var waited = 0
            while identity.isRunning, waited < 6000 {
                try await Task.sleep(for: .milliseconds(10))
                waited += 1
            }
            #expect(!identity.isRunning)
            #expect(ProcessIdentity(pid: pid) == identity)
            #expect(identity.stopProcessGroup(), "nothing of it can act")
        }
        #expect(result.terminationStatus == .exited(0))
    }

    @Test func stoppingTheGroupStopsWhatItStartedToo() async throws {
        let result = try await Subprocess.run(.path("/bin/sh"), arguments: ["-c", "sleep 300 & echo $!; wait"], platformOptions: Self.ownSession,
                                              input: .none, output: .sequence, error: .discarded) { execution in
            let leader = try #require(ProcessIdentity(pid: execution.processIdentifier.value))
            var line = Data()
            for try await buffer in execution.standardOutput {
                buffer.withUnsafeBytes { line.append(contentsOf: $0) }
                if line.contains(UInt8(ascii: "\n")) { break }
            }
            let childPid = try #require(Int32(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
            let child = try #require(ProcessIdentity(pid: childPid))
            #expect(child.isRunning)
            #expect(leader.stopProcessGroup())
            #expect(!leader.isRunning)
            #expect(!child.isRunning, "the whole group is stopped, not only its leader")
        }
        #expect(result.terminationStatus == .signaled(SIGKILL))
    }

    @Test func aProcessWhoseStartTimeDiffersIsLeftAlone() async throws {
        let result = try await Subprocess.run(.path("/bin/sleep"), arguments: ["300"], platformOptions: Self.ownSession,
                                              input: .none, output: .discarded, error: .discarded) { execution in
            let pid = execution.processIdentifier.value
            defer { kill(pid, SIGKILL) }
            var stranger = try #require(ProcessIdentity(pid: pid))
            stranger.startTime -= 1
            #expect(stranger.stopProcessGroup(), "the recorded process is gone: nothing to wait for")
            #expect(try #require(ProcessIdentity(pid: pid)).isRunning, "the pid's new owner is untouched")
        }
        #expect(result.terminationStatus == .signaled(SIGKILL))
    }
}
