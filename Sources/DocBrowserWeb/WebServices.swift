import DocBrowserReports
import DocKit
import Foundation

/// The DocKit services the routes call, over the one catalog the server
/// opened at start.
struct WebServices: Sendable {
    let library: DocumentLibrary
    let catalog: DocumentCatalog

    var registry: TypeRegistry { catalog.registry }
    var trash: Trash { library.trash }

    /// What every Trash the CLI's `trash` lists holds, newest first: a
    /// document deleted on another file system is in that one's own.
    func trashedItems() throws -> [TrashedItem] {
        try call { try library.trashes().flatMap { try $0.items() }.sorted(by: TrashedItem.newestFirst) }
    }

    /// The item of any of those Trashes whose name in `files/` is `name`.
    func trashedItem(named name: RawPath) throws -> TrashedItem? {
        try call {
            for trash in try library.trashes() {
                if let item = try trash.item(named: name) { return item }
            }
            return nil
        }
    }

    /// The document an API path's `{id}` names, found in the catalog: an
    /// identifier that is no catalog key, or names nothing listed (a path
    /// with `..`, absolute, through a link or inside a package), is a 404.
    func document(_ id: String?) throws -> Document {
        guard let id, let key = DocumentIdentifier.parse(id) else { throw APIError.notFound() }
        do {
            return try catalog.document(in: key.location, at: key.relativePath)
        } catch let error as DocKitError {
            if [.documentNotFound, .notFound, .invalidName, .invalidValue].contains(error.code) { throw APIError.notFound() }
            throw APIError(error)
        }
    }

    /// Runs a DocKit call, its errors said with their statuses.
    func call<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as DocKitError {
            throw APIError(error)
        }
    }

    func call<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let error as DocKitError {
            throw APIError(error)
        }
    }
}
