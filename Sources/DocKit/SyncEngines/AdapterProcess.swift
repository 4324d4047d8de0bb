#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// One short, synchronous run of a sync-status adapter. Listings and a
/// mutation's check are synchronous, and may run on a thread of the
/// concurrency pool, so the run blocks on `poll` and `waitpid` rather
/// than waiting on tasks that need that pool. As a plugin is (see
/// ``PluginProcess``), the adapter runs with argv only, the plugin
/// environment, stdin from `/dev/null`, in a process group of its own
/// that is killed whole at the time limit or past the output cap.
struct AdapterProcess: Sendable {
    var executable: String
    var arguments: [String]
    var environment: [String: String]
    var timeLimit: Duration
    var outputCap: Int

    /// How the run ended.
    enum Ending: Sendable, Hashable {
        case exited(Int32)
        case signaled(Int32)
        case timedOut
        case outputCapExceeded
        case cannotLaunch(String)
    }

    /// Runs the adapter to its end.
    ///
    /// - Returns: How it ended, and what it wrote on stdout.
    func run() -> (ending: Ending, output: [UInt8]) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (.cannotLaunch("no pipe: \(String(cString: strerror(errno)))"), []) }
        defer { close(ends[0]) }
        // Neither end may leak into another child; dup2 gives the
        // adapter its stdout without the flag.
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own, so that what it starts is killed with it.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        // Through sh, which starts it in `/` as the protocol promises.
        let argv = (["/bin/sh", "-c", "cd / && exec \"$0\" \"$@\"", executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        guard access(executable, X_OK) == 0 else { return (.cannotLaunch("\(executable) is missing or not executable"), []) }
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        close(ends[1])
        guard spawned == 0 else { return (.cannotLaunch("\(executable): \(String(cString: strerror(spawned)))"), []) }

        var output: [UInt8] = []
        var ending: Ending?
        let deadline = ContinuousClock.now + timeLimit
        var buffer = [UInt8](repeating: 0, count: 65536)
        reading: while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                ending = .timedOut
                break
            }
            var descriptor = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left / .milliseconds(1), 60_000).rounded(.up))
            let ready = poll(&descriptor, 1, max(milliseconds, 1))
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            switch count {
            case ..<0 where errno == EINTR:
                continue
            case ...0:
                break reading
            default:
                output.append(contentsOf: buffer[..<count])
                if output.count > outputCap {
                    ending = .outputCapExceeded
                    break reading
                }
            }
        }
        var status: Int32 = 0
        if ending == nil {
            // One that closed stdout but lingers is held to the same limit.
            while waitpid(pid, &status, WNOHANG) == 0 {
                guard ContinuousClock.now < deadline else {
                    ending = .timedOut
                    break
                }
                usleep(2_000)
            }
        }
        if ending != nil {
            kill(-pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
        // Whatever it started goes with it.
        kill(-pid, SIGKILL)
        if let ending { return (ending, output) }
        let signal = status & 0x7F
        return (signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal), output)
    }
}
