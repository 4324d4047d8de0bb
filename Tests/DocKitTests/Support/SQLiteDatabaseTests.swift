@testable import DocKit
import Foundation
import GRDB
import Testing

@Suite("SQLiteDatabase: a home's databases as several processes share them")
struct SQLiteDatabaseTests {
    static func migrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "CREATE TABLE row (key TEXT PRIMARY KEY NOT NULL)")
        }
        return migrator
    }

    @Test("the last connection to close leaves the WAL and its index in place, the WAL emptied, so that the next command creates and removes no file")
    func walOutlivesItsConnections() throws {
        let tmp = try TemporaryDirectory("sqlite-database")
        let url = tmp.url("db/one.sqlite")
        do {
            let queue = try SQLiteDatabase.openQueue(at: url, migrator: Self.migrator())
            try queue.write { db in try db.execute(sql: "INSERT INTO row (key) VALUES ('a')") }
        }
        let wal = url.path + "-wal"
        let index = url.path + "-shm"
        #expect(FileManager.default.fileExists(atPath: index))
        let walStatus = try #require(try FileStatus.of(RawPath(wal)), "the WAL was removed")
        #expect(walStatus.size == 0, "the WAL kept \(walStatus.size) bytes after its checkpoint")
        // What was written was checkpointed into the file itself.
        let reopened = try SQLiteDatabase.openQueue(at: url, migrator: Self.migrator())
        #expect(try reopened.read { db in try String.fetchAll(db, sql: "SELECT key FROM row") } == ["a"])
        #expect(try FileStatus.of(RawPath(wal))?.inode == walStatus.inode, "the WAL was made again")
    }
}
