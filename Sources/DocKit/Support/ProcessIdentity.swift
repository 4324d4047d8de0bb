#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A process told apart from any later one that gets the same number: its
/// pid, when it started (clock ticks since boot, field 22 of
/// /proc/PID/stat) and in which boot. A journal keeps it, so that the next
/// run can stop a plugin its killed launcher left behind, and never a
/// stranger that inherited the pid.
struct ProcessIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The process ID, which the kernel may give to another process once this one is gone.
    public var pid: Int32
    /// When the process started, in clock ticks since boot (field 22 of `/proc/PID/stat`).
    public var startTime: UInt64
    /// The boot the process ran in, from `/proc/sys/kernel/random/boot_id`.
    public var bootID: String

    /// Creates an identity from recorded values, such as a journal's.
    ///
    /// - Parameters:
    ///   - pid: The process ID.
    ///   - startTime: Its start time in clock ticks since boot.
    ///   - bootID: The boot it ran in.
    public init(pid: Int32, startTime: UInt64, bootID: String) {
        self.pid = pid
        self.startTime = startTime
        self.bootID = bootID
    }

    /// The process now numbered `pid`, zombie or not; nil if there is none,
    /// or /proc cannot say.
    public init?(pid: Int32) {
        guard let status = Status(pid: pid), let boot = Self.currentBootID else { return nil }
        self.init(pid: pid, startTime: status.startTime, bootID: boot)
    }

    /// `pid N (started at tick T)`, for messages.
    public var description: String { "pid \(pid) (started at tick \(startTime))" }

    /// Still this very process, and not yet a zombie: it can still act.
    public var isRunning: Bool {
        guard let status = current else { return false }
        return !status.hasEnded
    }

    /// Stops, with SIGKILL, the process group this process leads (a plugin
    /// is a session leader: its pid is its group's), if it still is this
    /// process; then waits, up to `limit`, until no process of the group
    /// can act any more. False if some still can: nothing they might write
    /// into may be removed yet.
    public func stopProcessGroup(waitingAtMost limit: Duration = .seconds(5)) -> Bool {
        // Zombie or not, while this process exists its number cannot name
        // another group. (kill(-1) and kill(0) would mean every process and
        // our own group: a damaged journal must never ask for that.)
        guard pid > 1, current != nil else { return true }
        kill(-pid, SIGKILL)
        let deadline = ContinuousClock.now + limit
        while Self.groupHasRunningMembers(pid) {
            guard ContinuousClock.now < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    /// What /proc says of the process with this pid, if it is this one.
    private var current: Status? {
        guard bootID == Self.currentBootID, let status = Status(pid: pid), status.startTime == startTime else { return nil }
        return status
    }

    private static func groupHasRunningMembers(_ group: Int32) -> Bool {
        guard let names = try? DirectoryReader.names(in: RawPath("/proc")) else { return false }
        return names.contains { name in
            guard let pid = Int32(name.description), let status = Status(pid: pid) else { return false }
            return status.processGroup == group && !status.hasEnded
        }
    }

    private static var currentBootID: String? {
        ProcFile.read("/proc/sys/kernel/random/boot_id").map {
            String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The fields of /proc/PID/stat that matter here.
    private struct Status {
        var state: UInt8
        var processGroup: Int32
        var startTime: UInt64

        /// Z is a zombie, X dead: neither runs code again.
        var hasEnded: Bool { state == UInt8(ascii: "Z") || state == UInt8(ascii: "X") }

        init?(pid: Int32) {
            guard let bytes = ProcFile.read("/proc/\(pid)/stat"),
                  // The command name, field 2, is in parentheses and may hold
                  // anything, spaces and parentheses included.
                  let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
            let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
            // fields[0] is field 3 (state): field N is fields[N - 3].
            guard fields.count > 19, let state = fields[0].first,
                  let group = Int32(String(decoding: fields[2], as: UTF8.self)),
                  let start = UInt64(String(decoding: fields[19], as: UTF8.self)) else { return nil }
            self.state = state
            processGroup = group
            startTime = start
        }
    }
}

/// /proc files report a size of 0: they are read until end of file.
private enum ProcFile {
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[..<count])
        }
    }
}
