import Foundation
import GRDB

extension CatalogStore {
    /// A Documents folder's names as a scan read them, sorted by their
    /// bytes, and the folder's status read just before them. A folder
    /// gains or loses a name only by changing its modification and change
    /// times, so while its status is as recorded, these are its names
    /// still, and a scan need neither read nor sort them again (git's
    /// untracked cache, for the one folder `list` reads whole).
    struct FolderNames: Equatable {
        var path: RawPath
        var status: FileStatus
        var names: [RawPath]

        /// Whether these are the names of `path` with `status` now.
        func describe(_ path: RawPath, status: FileStatus) -> Bool {
            self.path == path && self.status.holdsTheSameNames(as: status)
        }
    }

    /// The names last recorded for `location`'s Documents folder.
    func folderNames(of location: Location) throws(DocKitError) -> FolderNames? {
        let database = try database(of: location)
        do {
            return try database.queue.read { db in
                let statement = try db.cachedStatement(sql: """
                    SELECT path, device, inode, modificationTime, changeTime, names FROM folderNames
                    """)
                let rows = SQLiteRowReader(statement, in: db)
                defer { rows.finish() }
                guard try rows.step() else { return nil }
                let status = FileStatus(
                    kind: .directory, size: 0, modificationTime: rows.int64(3), changeTime: rows.int64(4),
                    inode: UInt64(bitPattern: rows.int64(2)), device: UInt64(bitPattern: rows.int64(1)), mode: 0
                )
                let names = Self.names(joined: rows.blob(5))
                return FolderNames(path: RawPath(bytes: rows.blob(0)), status: status, names: names)
            }
        } catch {
            throw DocKitError(DatabaseAccessError(path: database.path, error: error))
        }
    }

    /// Names hold no NUL byte, so one ends each.
    private static func names(joined: [UInt8]) -> [RawPath] {
        var names: [RawPath] = []
        var start = 0
        joined.withUnsafeBufferPointer { bytes in
            for index in bytes.indices where bytes[index] == 0 {
                if index > start { names.append(RawPath(bytes: Array(bytes[start..<index]))) }
                start = index + 1
            }
        }
        return names
    }

    /// Records `names` as `location`'s folder's, replacing what was.
    func record(_ names: FolderNames, of location: Location) throws(DocKitError) {
        var joined: [UInt8] = []
        joined.reserveCapacity(names.names.reduce(0) { $0 + $1.bytes.count + 1 })
        for name in names.names {
            joined += name.bytes
            joined.append(0)
        }
        let database = try database(of: location)
        do {
            try database.queue.write { db in
                // The folder's one row: the Documents folder may have moved.
                try db.execute(sql: "DELETE FROM folderNames")
                try db.execute(sql: """
                    INSERT INTO folderNames (path, device, inode, modificationTime, changeTime, names)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [
                        Data(names.path.bytes), Int64(bitPattern: names.status.device), Int64(bitPattern: names.status.inode),
                        names.status.modificationTime, names.status.changeTime, Data(joined),
                    ])
            }
        } catch {
            throw DocKitError(DatabaseAccessError(path: database.path, error: error))
        }
    }
}
