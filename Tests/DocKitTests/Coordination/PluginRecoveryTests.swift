#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Subprocess
import Testing

/// Recovery of an export or import whose process died while its plugin
/// ran. The dead launcher is played by dropping its journal unfinished; the
/// orphaned plugin by a shell in a session of its own that rewrites the
/// temporary (and its folder) a hundred times a second, with a child of
/// its own.
// Serialized: each test runs a stand-in plugin rewriting a file in a loop.
@Suite("Recovering an interrupted operation stops its orphaned plugin first", .serialized)
struct PluginRecoveryTests {
    enum Operation: String, CaseIterable, Sendable { case export, `import` }

    private func names(_ home: TestHome, _ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: home.directory.url.appending(path: folder).path)) ?? []).sorted()
    }

    /// Begins `operation`'s journal, held in `journal` (the only reference:
    /// setting it to nil plays the launcher's death); returns the file a
    /// plugin would write, already there.
    private func begin(_ operation: Operation, in home: TestHome, journal: inout OperationJournal?) throws -> RawPath {
        switch operation {
        case .export:
            // FILE is anywhere: only the journal leads recovery to it.
            let identifier = UUID().uuidString.lowercased()
            let temporary = try home.directory.write("part of an archive", to: "shared/.docbrowser-tmp-\(identifier).zip")
            journal = try OperationJournal(home: home.home, identifier: identifier, begin: .export(temporary: RawPath(temporary.path)))
            return RawPath(temporary.path)
        case .import:
            let transaction = try JournaledImport(home: home.home, trash: home.trash)
            let folder = transaction.staging.appending("1")
            try FileSystem.createNewDirectory(folder, mode: 0o700)
            let file = folder.appending("Partial.txt")
            try Data("half".utf8).write(to: URL(fileURLWithPath: file.description))
            journal = transaction.journal
            return file
        }
    }

    /// Runs `body` while a stand-in plugin rewrites `file` in a loop and a
    /// child of its own sleeps; gives the leader and the child.
    private func withOrphan(writing file: RawPath, _ body: (ProcessIdentity, ProcessIdentity) async throws -> Void) async throws -> TerminationStatus {
        var options = PlatformOptions()
        options.createSession = true
        // Its folder too, as a plugin that creates what it needs would, a
        // hundred times a second: a loop with no pause, eight of them at
        // once, took both cores from every other test. The child sleeps an
        // hour: a starved test process has been seen to take five minutes
        // to read its pid.
        let script = #"sleep 3600 & echo $!; while :; do true > "$1" || mkdir -p "${1%/*}"; sleep 0.01; done 2>/dev/null"#
        return try await Subprocess.run(.path("/bin/sh"), arguments: ["-c", script, "plugin", file.description], platformOptions: options,
                                        input: .none, output: .sequence, error: .discarded) { execution in
            let pid = execution.processIdentifier.value
            defer { kill(-pid, SIGKILL) }
            let leader = try #require(ProcessIdentity(pid: pid))
            var line = Data()
            for try await buffer in execution.standardOutput {
                buffer.withUnsafeBytes { line.append(contentsOf: $0) }
                if line.contains(UInt8(ascii: "\n")) { break }
            }
            let childPid = try #require(Int32(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
            try await body(leader, try #require(ProcessIdentity(pid: childPid)))
        }.terminationStatus
    }

    @Test func theJournalKeepsTheLaunch() async throws {
        let home = try TestHome()
        let launch = ProcessIdentity(pid: 4242, startTime: 123_456, bootID: "f6e7e0c4-5a7e-4d9b-9d55-0a1b2c3d4e5f")
        var journal: OperationJournal?
        _ = try begin(.export, in: home, journal: &journal)
        try journal?.recordLaunch(of: launch)
        let file = try #require(journal?.file)
        journal = nil
        var adopting = OperationJournal(adopting: file)
        // As in recover(_:): a child forked meanwhile may hold the lock a moment.
        var attempts = 0
        while adopting == nil, attempts < 500 {
            try await Task.sleep(for: .milliseconds(10))
            adopting = OperationJournal(adopting: file)
            attempts += 1
        }
        let adopted = try #require(adopting)
        let entries = adopted.readEntries()
        #expect(entries.map(\.step) == [.begin, .launched])
        #expect(entries.last?.process == launch)
        adopted.finish()
    }

    /// As written before launches were recorded, or by a plugin-less step.
    @Test(arguments: Operation.allCases)
    func aJournalWithoutALaunchStillRecovers(_ operation: Operation) async throws {
        let home = try TestHome()
        var journal: OperationJournal?
        let file = try begin(operation, in: home, journal: &journal)
        journal = nil
        #expect(try await home.recoverOnceUnlocked().count == 1)
        #expect(try FileStatus.of(file) == nil)
        #expect(names(home, "Library/Journal").isEmpty)
        #expect(names(home, "tmp").isEmpty)
    }

    /// Were the output removed first, the writer would recreate it before
    /// being stopped often, not always: rounds make a wrong order show in
    /// most runs.
    @Test(arguments: Operation.allCases, 1...3)
    func aLivePluginGroupIsStoppedBeforeItsOutputIsRemoved(_ operation: Operation, round: Int) async throws {
        let home = try TestHome()
        var journal: OperationJournal?
        let file = try begin(operation, in: home, journal: &journal)
        let status = try await withOrphan(writing: file) { leader, child in
            try journal?.recordLaunch(of: leader)
            // The launcher dies: its lock goes, the journal stays.
            journal = nil
            #expect(leader.isRunning && child.isRunning)
            #expect(try await home.recoverOnceUnlocked().count == 1)
            #expect(!leader.isRunning, "the plugin is stopped")
            #expect(!child.isRunning, "and whatever it started")
            // Stopped before the sweep, it cannot have written its file again.
            #expect(try FileStatus.of(file) == nil, "\(file) written after the sweep")
        }
        #expect(status == .signaled(SIGKILL))
        #expect(names(home, "Library/Journal").isEmpty)
        #expect(names(home, "tmp").isEmpty)
        #expect(names(home, "shared").isEmpty)
    }

    @Test(arguments: Operation.allCases)
    func aPidNowOwnedByAnotherProcessIsLeftAlone(_ operation: Operation) async throws {
        let home = try TestHome()
        var journal: OperationJournal?
        _ = try begin(operation, in: home, journal: &journal)
        let elsewhere = RawPath(home.directory.url.appending(path: "elsewhere").path)
        _ = try await withOrphan(writing: elsewhere) { leader, child in
            var earlier = leader
            earlier.startTime -= 1
            try journal?.recordLaunch(of: earlier)
            journal = nil
            #expect(try await home.recoverOnceUnlocked().count == 1, "the recorded plugin is gone: recovery goes on")
            #expect(leader.isRunning && child.isRunning, "the process that has its number now is untouched")
        }
        #expect(names(home, "Library/Journal").isEmpty)
        #expect(names(home, "tmp").isEmpty)
        #expect(names(home, "shared").isEmpty)
    }
}
