import DocKit
import Hummingbird

/// `GET /api/documents`'s query: `location`, `folder`, `sort`, `reverse`,
/// `kind` (a type identifier, conformance-aware as `list --type`),
/// `state`, `name` (a glob) and `recursive`, checked before the catalog
/// is asked.
struct DocumentFilter {
    var query = DocumentQuery()
    var folder: RawPath?
    var state: DocumentState?

    init(_ parameters: Parameters, registry: TypeRegistry) throws {
        if let location = parameters.get("location") {
            guard let value = Location(rawValue: location) else { throw APIError.badRequest("location is local or cloud") }
            query.locations = [value]
        }
        if let sort = parameters.get("sort") {
            guard let value = DocumentQuery.SortKey(rawValue: sort) else { throw APIError.badRequest("sort is name, date, size or kind") }
            query.sort = value
        }
        if let kind = parameters.get("kind") {
            guard registry.type(withIdentifier: kind) != nil else { throw APIError.badRequest("kind is no known type identifier") }
            query.type = kind
        }
        if let name = parameters.get("name") { query.nameGlob = name }
        query.reverse = try Self.flag(parameters, "reverse")
        query.recursive = try Self.flag(parameters, "recursive")
        if let state = parameters.get("state") {
            guard let value = DocumentState(rawValue: state) else {
                throw APIError.badRequest("state is one of \(DocumentState.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.state = value
        }
        if let folder = parameters.get("folder"), !folder.isEmpty {
            let path = RawPath(folder)
            guard !folder.hasPrefix("/"), path.components.allSatisfy({ !$0.isEmpty && $0.description != "." && $0.description != ".." }) else {
                throw APIError.badRequest("folder is a folder's path inside a location")
            }
            self.folder = path
            // The documents of a folder are found by descending into it.
            query.recursive = true
        }
    }

    private static func flag(_ parameters: Parameters, _ name: String) throws -> Bool {
        switch parameters.get(name) {
        case nil, "0", "false": false
        case "1", "true": true
        default: throw APIError.badRequest("\(name) is true or false")
        }
    }

    /// No filter the catalog's query does not know: the listing `list --json` prints.
    var isPlainListing: Bool { folder == nil && state == nil }

    func accepts(_ document: Document) -> Bool {
        if let folder, document.relativePath.deletingLastComponent != folder { return false }
        if let state {
            return document.stateList.contains(state)
        }
        return true
    }
}
