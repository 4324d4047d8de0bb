import Foundation

/// The folders the sweep for orphaned temporaries last found without any,
/// and their status then. A folder gains or loses a name only by changing
/// its modification and change times, so one whose status is as recorded
/// holds no temporary still, and the next command need not read its
/// names: in a home of 100,000 documents that read was 60 ms of every
/// command, `info` and `list` included.
///
/// It is a cache, never an authority: a missing, torn or foreign file
/// reads as empty, and every folder is then swept as before. A record is
/// trusted for an hour at most, the age at which an unjournaled temporary
/// is swept anyway, so that a file system whose folders keep their times
/// when names come (some FUSE mounts) delays a sweep instead of losing it.
struct SweptDirectories: Sendable, Equatable {
    private struct Record: Codable, Equatable {
        var path: Data
        /// The start of the names the sweep takes for this device's: a
        /// record made in a folder other devices share says nothing of
        /// the whole folder.
        var scope: String
        var modificationTime: Int64
        var changeTime: Int64
        var inode: UInt64
        var device: UInt64
        var recordedAt: Int64

        func matches(_ directory: RawPath, status: FileStatus, scope: String) -> Bool {
            path == Data(directory.bytes) && self.scope == scope && modificationTime == status.modificationTime
                && changeTime == status.changeTime && inode == status.inode && device == status.device
        }
    }

    private var records: [Record] = []

    /// How long a folder must have been left alone before it is recorded:
    /// a name added within the same tick of the file-system clock as the
    /// status was read would leave that status as it is (git's "racily
    /// clean" entries). Two seconds covers FAT's clock.
    static let racyWindow: Int64 = 2_000_000_000

    /// How long a record is trusted.
    static let maximumAge: Int64 = 3_600 * 1_000_000_000

    init() {}

    /// The record kept at `file`; empty when there is none or it cannot be read.
    init(contentsOf file: RawPath) {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: file.description)),
              let records = try? JSONDecoder().decode([Record].self, from: data)
        else { return }
        self.records = records
    }

    /// Whether `directory`, with `status` now, is as it was when a sweep
    /// of the temporaries whose names start with `scope` found none, at
    /// most ``maximumAge`` before `now`.
    func isUnchanged(_ directory: RawPath, status: FileStatus, scope: String, now: Int64) -> Bool {
        records.contains { record in
            let age = Nanoseconds.elapsed(from: record.recordedAt, to: now)
            return record.matches(directory, status: status, scope: scope) && age >= 0 && age < Self.maximumAge
        }
    }

    /// Whether any record names `directory`.
    func holdsRecord(of directory: RawPath) -> Bool {
        records.contains { $0.path == Data(directory.bytes) }
    }

    /// Records that `directory` held no temporary whose name starts with
    /// `scope` while its status was `status`, read after `now` and before
    /// its names; forgets it instead when that status was younger than
    /// `racyWindow` at `now`.
    mutating func recordClean(_ directory: RawPath, status: FileStatus, scope: String, now: Int64, racyWindow: Int64 = Self.racyWindow) {
        forget(directory)
        guard Nanoseconds.elapsed(from: max(status.modificationTime, status.changeTime), to: now) >= racyWindow else { return }
        records.append(Record(
            path: Data(directory.bytes), scope: scope, modificationTime: status.modificationTime, changeTime: status.changeTime,
            inode: status.inode, device: status.device, recordedAt: now
        ))
    }

    /// Forgets `directory`, so that the next command sweeps it.
    mutating func forget(_ directory: RawPath) {
        records.removeAll { $0.path == Data(directory.bytes) }
    }

    /// Replaces `file` with this record, by a rename, without flushing it:
    /// a lost or torn record only costs a sweep, while a flush would make
    /// every read-only command that records a folder wait for the disk.
    /// Failures are ignored for the same reason.
    func write(to file: RawPath) {
        guard let data = try? JSONEncoder().encode(records) else { return }
        try? FileSystem.writeAtomically(data, to: file, durable: false)
    }
}
