import Foundation
import GRDB

/// Packages' whole trees, kept past the catalog's record of them, which
/// soon describes only what is left: a package that lost most of its tree
/// (`PackageLoss`) stays in conflict across listings; one shrinking
/// while a sync engine is at work is judged, once it settles, against the
/// tree it had before; and a cloud package that vanished is remembered as
/// it was, so that a remnant a sync engine brings back under its name
/// (after a deletion here and an edit elsewhere) is known for one.
extension CatalogStore {
    /// A package's tree as the catalog last knew it whole.
    struct RememberedTree: Sendable, Hashable {
        var whole: PackageContents
        var state: State

        enum State: Int, Sendable {
            /// The package vanished from the catalog's folder.
            case vanished = 0
            /// It is in conflict for having lost most of its tree.
            case lost = 1
            /// It lost most of its tree while still changing.
            case shrinking = 2
        }
    }

    /// What is remembered of the package at `relativePath` of `location`.
    func rememberedTree(at relativePath: RawPath, in location: Location) throws(DocKitError) -> RememberedTree? {
        let database = try database(of: location)
        do {
            return try database.queue.read { db in
                guard let row = try Row.fetchOne(
                    db, sql: "SELECT whole, state FROM packageTree WHERE relativePath = ?", arguments: [Data(relativePath.bytes)])
                else { return nil }
                let json: Data = row[0]
                // A tree or state this version cannot read is as good as forgotten.
                guard let whole = try? JSONDecoder().decode(PackageContents.self, from: json), let state = RememberedTree.State(rawValue: row[1])
                else { return nil }
                return RememberedTree(whole: whole, state: state)
            }
        } catch {
            throw DocKitError(DatabaseAccessError(path: database.path, error: error))
        }
    }

    func remember(_ tree: RememberedTree, at relativePath: RawPath, in location: Location) throws(DocKitError) {
        let database = try database(of: location)
        do {
            let json = try JSONEncoder().encode(tree.whole)
            try database.queue.write { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO packageTree (relativePath, whole, state) VALUES (?, ?, ?)",
                    arguments: [Data(relativePath.bytes), json, tree.state.rawValue])
            }
        } catch {
            throw DocKitError(DatabaseAccessError(path: database.path, error: error))
        }
    }

    func forgetTree(at relativePath: RawPath, in location: Location) throws(DocKitError) {
        let database = try database(of: location)
        do {
            try database.queue.write { db in
                try db.execute(sql: "DELETE FROM packageTree WHERE relativePath = ?", arguments: [Data(relativePath.bytes)])
            }
        } catch {
            throw DocKitError(DatabaseAccessError(path: database.path, error: error))
        }
    }

    /// Before the record at `relativePath` goes: a package's tree is kept,
    /// and a tree already remembered stays the whole one, now vanished.
    static func rememberVanishedPackage(at relativePath: RawPath, in db: Database) throws {
        let key = Data(relativePath.bytes)
        let vanished = RememberedTree.State.vanished.rawValue
        if try Int.fetchOne(db, sql: "SELECT state FROM packageTree WHERE relativePath = ?", arguments: [key]) != nil {
            try db.execute(sql: "UPDATE packageTree SET state = ? WHERE relativePath = ?", arguments: [vanished, key])
            return
        }
        guard let record = try Data.fetchOne(db, sql: "SELECT record FROM catalogRecord WHERE relativePath = ?", arguments: [key]) else { return }
        let json: Data? = record.withUnsafeBytes { bytes in
            guard let fields = CatalogRecord.fields(of: bytes), fields.flags.contains(.package), let range = fields.package else { return nil }
            return Data(bytes[range])
        }
        guard let json else { return }
        try db.execute(sql: "INSERT INTO packageTree (relativePath, whole, state) VALUES (?, ?, ?)", arguments: [key, json, vanished])
    }
}
