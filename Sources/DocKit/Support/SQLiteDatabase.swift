import Foundation
import GRDB

/// Opens the SQLite databases of a home the way several processes can
/// share them: WAL mode, a busy timeout, and migrations run under a file
/// lock so that two processes starting on a new home do not both create
/// the same tables.
enum SQLiteDatabase {
    static let busyTimeout: TimeInterval = 30

    static func openPool(at url: URL, migrator: DatabaseMigrator) throws -> DatabasePool {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var configuration = GRDB.Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = url.lastPathComponent
        let lock = try FileLock(path: url.path + ".lock")
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        try migrator.migrate(pool)
        withExtendedLifetime(lock) {}
        return pool
    }
}

/// A database that could not be opened or used.
public struct DatabaseAccessError: DocKitError {
    public var path: String
    public var reason: String
    public var kind: FailureKind { .failed }
    public var description: String { "\(path): \(reason)" }

    init(path: String, error: any Error) {
        self.path = path
        if let error = error as? DatabaseError {
            reason = "SQLite error \(error.resultCode.rawValue): \(error.message ?? "\(error)")"
        } else if let error = error as? any DocKitError {
            reason = error.description
        } else {
            reason = "\(error)"
        }
    }
}
