import Foundation
import GRDB

/// The cloud documents docbrowser itself has just written, as they were
/// when it finished: moved in, copied, renamed, restored, imported or
/// made. The quiet period (``QuietPeriod``) holds back a document whose
/// files changed moments ago because a sync engine may still be writing
/// it; a change docbrowser made is no such sign, and without this record a
/// document just moved to the cloud was listed incomplete, and refused a
/// move back, for the period's length. A document whose files have changed
/// since (its latest change time or its inode differ) is judged as any
/// other: that change is someone else's.
extension CatalogStore {
    /// A document as docbrowser left it.
    struct OwnChange: Sendable, Hashable {
        var device: UInt64
        var inode: UInt64
        /// The document's latest change time (``PackageContents/latestChangeTime``
        /// for a package), in nanoseconds since 1970.
        var changeTime: Int64

        /// The document whose own `lstat` is `status` and whose contents,
        /// for a package, are `package`.
        init(status: FileStatus, package: PackageContents?) {
            device = status.device
            inode = status.inode
            changeTime = max(status.changeTime, package?.latestChangeTime ?? .min)
        }

        /// Whether `current`, the same document read now, has not changed
        /// since: a plain folder is recorded with the latest change inside
        /// it, which its own change time never passes until something
        /// changes in it.
        func isUnchanged(_ current: OwnChange) -> Bool {
            device == current.device && inode == current.inode && current.changeTime <= changeTime
        }

        init(device: UInt64, inode: UInt64, changeTime: Int64) {
            self.device = device
            self.inode = inode
            self.changeTime = changeTime
        }
    }

    /// Records are dropped once older than the longest quiet period.
    private static let ownChangeLifetime: Int64 = 3_600_000_000_000

    /// Records that docbrowser left each document (a relative path of
    /// `location`) as its change describes, dropping records too old to
    /// matter, in one transaction.
    func recordOwnChanges(_ changes: [(RawPath, OwnChange)], in location: Location, now: Int64) throws(DocKitError) {
        let database = try database(of: location)
        do {
            try database.queue.write { db in
                try db.execute(sql: "DELETE FROM ownChange WHERE changeTime < ?", arguments: [now - Self.ownChangeLifetime])
                let statement = try db.cachedStatement(sql: "INSERT OR REPLACE INTO ownChange (relativePath, device, inode, changeTime) VALUES (?, ?, ?, ?)")
                for (relativePath, change) in changes {
                    try statement.execute(arguments: [
                        Data(relativePath.bytes), Int64(bitPattern: change.device), Int64(bitPattern: change.inode), change.changeTime,
                    ])
                }
            }
        } catch {
            throw DocKitError(DatabaseAccessError(path: database.path, error: error))
        }
    }

    /// What docbrowser recorded of its own last change to the document at
    /// `relativePath` of `location`; nil when it recorded none.
    func ownChange(at relativePath: RawPath, in location: Location) throws(DocKitError) -> OwnChange? {
        let database = try database(of: location)
        do {
            return try database.queue.read { db in
                guard let row = try Row.fetchOne(
                    db, sql: "SELECT device, inode, changeTime FROM ownChange WHERE relativePath = ?", arguments: [Data(relativePath.bytes)])
                else { return nil }
                let device: Int64 = row[0], inode: Int64 = row[1]
                return OwnChange(device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode), changeTime: row[2])
            }
        } catch {
            throw DocKitError(DatabaseAccessError(path: database.path, error: error))
        }
    }
}
