import Foundation
import GRDB
import Synchronization

/// The type registry persisted in SQLite, as LaunchServices keeps its
/// database: built from `TypeSources` once, then read back by every
/// command until a source file changes.
///
/// Beside the database lies an index of the same registry (`types.index`),
/// which commands map and query in place instead of reading thousands of
/// rows; SQLite stays the source it is rewritten from whenever it is
/// missing, damaged or stale.
public final class TypeRegistryStore: Sendable {
    /// What loading the registry found.
    public struct Snapshot: Sendable {
        /// The registry to answer type questions with.
        public var registry: TypeRegistry
        /// Set when this load rebuilt the registry from its sources.
        public var rebuild: Rebuild?
        /// Source files that could not be read at the last rebuild.
        public var problems: [DocKitError]
    }

    /// How and why a load rebuilt the registry from its sources.
    public struct Rebuild: Sendable {
        /// How many declared types the rebuilt registry holds.
        public var typeCount: Int
        /// How many source files were read.
        public var sourceFileCount: Int
        /// Why: `first use`, `a source changed` or `requested`.
        public var reason: String
    }

    private let databaseURL: URL
    private let indexPath: String
    /// Opened at the first question the index cannot answer.
    private let database = Mutex<DatabaseQueue?>(nil)
    /// The files the registry is built from and fingerprinted by.
    let sources: TypeSources
    /// The files the registry is built from: the system declarations,
    /// the handlers' manifests and shared-mime-info's databases.
    public var sourceFiles: [String] { sources.files().map(\.path) }

    /// Prepares a store; the database is opened only when the index cannot answer.
    ///
    /// - Parameters:
    ///   - databaseURL: The SQLite file; `types.index` goes beside it under the same base name.
    ///   - sources: The files the registry is built from.
    /// - Throws: ``DocKitError/Code/database`` when the database's folder cannot be created.
    init(databaseURL: URL, sources: TypeSources) throws(DocKitError) {
        // Created now, as opening the database would, so that a home that
        // cannot hold one is said at once.
        do {
            try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw DocKitError(DatabaseAccessError(path: databaseURL.path, error: error))
        }
        self.databaseURL = databaseURL
        indexPath = databaseURL.deletingPathExtension().appendingPathExtension("index").path
        self.sources = sources
    }

    private var databasePath: String { databaseURL.path }

    /// The merge rules the stored registry follows: an index built under
    /// others is stale, as the migration that changed them emptied the
    /// database.
    private static let rules = migrator.migrations.last ?? ""

    /// The registry, rebuilt first if a source changed since it was stored,
    /// or if `forceRebuild` asks for it.
    ///
    /// - Parameter forceRebuild: Whether to rebuild even when no source changed.
    /// - Returns: The registry, with ``Snapshot/rebuild`` set when it was
    ///   rebuilt and the source files that could not be read.
    /// - Throws: ``DocKitError/Code/malformed`` when docbrowser's system
    ///   declarations are missing or one of their files cannot be read;
    ///   ``DocKitError/Code/database`` when the database cannot be opened, read
    ///   or written.
    public func snapshot(forceRebuild: Bool = false) throws -> Snapshot {
        let current = sources.files()
        try sources.checkSystemDeclarations(current, problems: [])
        var snapshot = try storedOrRebuilt(current, forceRebuild: forceRebuild)
        try sources.checkSystemDeclarations(current, problems: snapshot.problems)
        // The compiled globs and magic go with the declarations they were
        // compiled from, of the library's environment, not the process's:
        // `update-mime-database` writes them beside each `packages` folder.
        snapshot.registry.sharedMimeInfo = SharedMimeInfoRules.of(sources.sharedMimeInfoDirectories.map { $0.deletingLastPathComponent() })
        return snapshot
    }

    private func storedOrRebuilt(_ current: [TypeSources.File], forceRebuild: Bool) throws(DocKitError) -> Snapshot {
        do {
            if !forceRebuild, let indexed = indexedSnapshot(ifMatching: current) {
                return indexed
            }
            if !forceRebuild, let stored = try storedSnapshot(ifMatching: current) {
                writeIndex(stored.index)
                return stored.snapshot
            }
            return try rebuild(expecting: current, force: forceRebuild)
        } catch let error as DocKitError where error.failure is DatabaseAccessError {
            throw error
        } catch {
            throw DocKitError(DatabaseAccessError(path: databasePath, error: error))
        }
    }

    private func indexedSnapshot(ifMatching files: [TypeSources.File]) -> Snapshot? {
        guard let index = TypeRegistryIndex(path: indexPath), index.rules == Self.rules, index.sources == files else { return nil }
        return Snapshot(registry: TypeRegistry(backing: index), rebuild: nil, problems: index.problems)
    }

    private func queue() throws -> DatabaseQueue {
        try database.withLock { database in
            if let database { return database }
            let opened = try SQLiteDatabase.openQueue(at: databaseURL, migrator: Self.migrator)
            database = opened
            return opened
        }
    }

    /// The stored registry, with the index of it, when it was built from `files`.
    private func storedSnapshot(ifMatching files: [TypeSources.File]) throws -> (snapshot: Snapshot, index: [UInt8])? {
        try queue().read { db in
            let stored = try SourceFileRow.order(Column("position")).fetchAll(db).map(\.file)
            guard stored == files, try TypeRow.fetchCount(db) > 0 else { return nil }
            let registry = try Self.readRegistry(db)
            let problems = try Self.readProblems(db)
            let index = TypeRegistryIndexWriter.index(of: registry, sources: stored, problems: problems, rules: Self.rules)
            return (Snapshot(registry: registry, rebuild: nil, problems: problems), index)
        }
    }

    /// An index that cannot be written costs speed, not answers: the next
    /// command reads SQLite again and tries again.
    private func writeIndex(_ index: [UInt8]) {
        do {
            try FileSystem.writeAtomically(Data(index), to: RawPath(indexPath))
        } catch {
            Diagnostics.types.debug("the type registry index was not written: \(error.description)")
        }
    }

    private func rebuild(expecting files: [TypeSources.File], force: Bool) throws -> Snapshot {
        // Another process may be rebuilding from the same sources: the lock
        // makes it one rebuild, and the second process reads its result.
        let lock = try FileLock(path: databasePath + ".rebuild.lock")
        defer { withExtendedLifetime(lock) {} }
        if !force, let stored = try storedSnapshot(ifMatching: sources.files()) {
            writeIndex(stored.index)
            return stored.snapshot
        }
        let pool = try queue()
        let previous = try pool.read { db in try SourceFileRow.fetchCount(db) }
        let started = ContinuousClock.now
        let loaded = sources.load()
        // The index is made of the registry as SQLite gives it back, so that
        // its answers are those every later command read from the database.
        let index = try pool.write { db in
            try TypeTagRow.deleteAll(db)
            try TypeRow.deleteAll(db)
            try SourceFileRow.deleteAll(db)
            try ProblemRow.deleteAll(db)
            for (position, type) in loaded.registry.allTypes.enumerated() {
                try TypeRow(type, position: position).insert(db)
            }
            for (position, claim) in loaded.registry.claims.enumerated() {
                try TypeTagRow(claim, position: position).insert(db)
            }
            for (position, file) in loaded.files.enumerated() {
                try SourceFileRow(file, position: position).insert(db)
            }
            for problem in loaded.problems {
                try ProblemRow(problem).insert(db)
            }
            return TypeRegistryIndexWriter.index(of: try Self.readRegistry(db), sources: loaded.files, problems: loaded.problems, rules: Self.rules)
        }
        writeIndex(index)
        let reason = force ? "requested" : (previous == 0 ? "first use" : "a source changed")
        Diagnostics.types.debug("rebuilt the type registry (\(reason)): \(loaded.registry.count) types from \(loaded.files.count) files in \(ContinuousClock.now - started)")
        return Snapshot(
            registry: loaded.registry,
            rebuild: Rebuild(typeCount: loaded.registry.count, sourceFileCount: loaded.files.count, reason: reason),
            problems: loaded.problems
        )
    }

    /// Read column by column: every command starts by loading the registry,
    /// and Codable decoding of its thousands of rows cost more than the rest
    /// of a typical command.
    private static func readRegistry(_ db: Database) throws -> TypeRegistry {
        var claims: [TypeRegistry.TagClaim] = []
        var extensions: [String: [String]] = [:]
        var mimeTypes: [String: [String]] = [:]
        let tagRows = try Row.fetchCursor(db, sql: "SELECT tagClass, value, identifier, source, weight FROM typeTag ORDER BY position")
        while let row = try tagRows.next() {
            guard let tagClass = TypeTagClass(rawValue: row[0]), let source = TypeDeclarationSource(rawValue: row[3]) else { continue }
            let claim = TypeRegistry.TagClaim(tagClass: tagClass, value: row[1], identifier: row[2], source: source, weight: row[4], order: claims.count)
            claims.append(claim)
            switch tagClass {
            case .filenameExtension: extensions[claim.identifier, default: []].append(claim.value)
            case .mimeType: mimeTypes[claim.identifier, default: []].append(claim.value)
            }
        }
        var types: [UTType] = []
        let typeRows = try Row.fetchCursor(db, sql: "SELECT identifier, description, conformsTo, iconName, source, declaredIn, isDeclaredPackage FROM type ORDER BY position")
        while let row = try typeRows.next() {
            let identifier: String = row[0]
            let conformsTo = (row[2] as String).split(separator: "\u{1F}").map(String.init)
            types.append(UTType(
                identifier: identifier, description: row[1], conformsTo: conformsTo,
                filenameExtensions: extensions[identifier] ?? [], mimeTypes: mimeTypes[identifier] ?? [],
                iconName: row[3], source: TypeDeclarationSource(rawValue: row[4]) ?? .system,
                declaredIn: row[5], isDeclaredPackage: row[6]
            ))
        }
        return TypeRegistry(types: types, claims: claims)
    }

    private static func readProblems(_ db: Database) throws -> [DocKitError] {
        try ProblemRow.fetchAll(db).map { DocKitError(MalformedFileError(path: $0.path, keyPath: $0.keyPath, reason: $0.reason)) }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: type registry") { db in
            try db.create(table: "type") { t in
                t.primaryKey("identifier", .text)
                t.column("position", .integer).notNull()
                t.column("description", .text)
                // Identifiers joined by U+001F, which no identifier contains.
                t.column("conformsTo", .text).notNull()
                t.column("iconName", .text)
                t.column("source", .integer).notNull()
                t.column("declaredIn", .text)
                t.column("isDeclaredPackage", .boolean).notNull()
            }
            try db.create(table: "typeTag") { t in
                t.column("position", .integer).notNull()
                t.column("tagClass", .text).notNull()
                t.column("value", .text).notNull()
                t.column("identifier", .text).notNull().references("type", onDelete: .cascade)
                t.column("source", .integer).notNull()
                t.column("weight", .integer).notNull()
            }
            try db.create(index: "typeTag_on_tag", on: "typeTag", columns: ["tagClass", "value"])
            try db.create(table: "typeSourceFile") { t in
                t.primaryKey("path", .text)
                t.column("position", .integer).notNull()
                t.column("kind", .text).notNull()
                t.column("size", .integer).notNull()
                t.column("modificationTime", .integer).notNull()
            }
            try db.create(table: "typeSourceProblem") { t in
                t.column("path", .text).notNull()
                t.column("keyPath", .text).notNull()
                t.column("reason", .text).notNull()
            }
        }
        // v1 kept conformances as a JSON array; the registry is rebuilt from
        // its sources rather than converted.
        migrator.registerMigration("v2: conformances as separated text") { db in
            try db.execute(sql: "DELETE FROM typeTag; DELETE FROM type; DELETE FROM typeSourceFile; DELETE FROM typeSourceProblem")
        }
        // The merge rules changed (ties go to declaration order, one dynamic
        // type per legacy tag, docbrowser's own types yield to apps'), while
        // the source files may not have: the stored answers are rebuilt.
        migrator.registerMigration("v3: claims in declaration order") { db in
            try db.execute(sql: "DELETE FROM typeTag; DELETE FROM type; DELETE FROM typeSourceFile; DELETE FROM typeSourceProblem")
        }
        return migrator
    }
}

private struct TypeRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "type"
    var identifier: String
    var position: Int
    var description: String?
    var conformsTo: String
    var iconName: String?
    var source: TypeDeclarationSource
    var declaredIn: String?
    var isDeclaredPackage: Bool

    init(_ type: UTType, position: Int) {
        identifier = type.identifier
        self.position = position
        description = type.description
        conformsTo = type.conformsTo.joined(separator: "\u{1F}")
        iconName = type.iconName
        source = type.source
        declaredIn = type.declaredIn
        isDeclaredPackage = type.isDeclaredPackage
    }
}

private struct TypeTagRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "typeTag"
    var position: Int
    var tagClass: TypeTagClass
    var value: String
    var identifier: String
    var source: TypeDeclarationSource
    var weight: Int

    init(_ claim: TypeRegistry.TagClaim, position: Int) {
        self.position = position
        tagClass = claim.tagClass
        value = claim.value
        identifier = claim.identifier
        source = claim.source
        weight = claim.weight
    }
}

private struct SourceFileRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "typeSourceFile"
    var path: String
    var position: Int
    var kind: TypeSources.Kind
    var size: Int64
    var modificationTime: Int64

    init(_ file: TypeSources.File, position: Int) {
        path = file.path
        self.position = position
        kind = file.kind
        size = file.size
        modificationTime = file.modificationTime
    }

    var file: TypeSources.File {
        TypeSources.File(kind: kind, path: path, size: size, modificationTime: modificationTime)
    }
}

private struct ProblemRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "typeSourceProblem"
    var path: String
    var keyPath: String
    var reason: String

    init(_ error: DocKitError) {
        let problem = error.malformedFile
        path = problem.path
        keyPath = problem.keyPath
        reason = problem.reason
    }
}
