import DocBrowserReports
import DocKit
import Foundation
import Hummingbird

/// The page at `/`: a location's documents, a folder's, or the Trash, as
/// the Files app shows them (share/docbrowser/web/templates/index.mustache).
/// The listing is rendered here, so the first page needs no script and no
/// second request; browser.js fetches the same page again to refresh it.
///
/// Its query: `location` (`local`, `cloud` or `trash`), `folder`, `view`
/// (`grid` or `list`), `search` (part of a name), and `sort`, `kind` and
/// `state` as `GET /api/documents` takes them.
struct BrowserPage {
    let services: WebServices

    private enum Place: String {
        case local, cloud, trash

        var title: String {
            switch self {
            case .local: "On My Device"
            case .cloud: "iCloud Drive"
            case .trash: "Trash"
            }
        }
    }

    func values(for parameters: Parameters) throws -> [String: Any] {
        let placeName = parameters.get("location") ?? Place.local.rawValue
        guard let place = Place(rawValue: placeName) else { throw APIError.badRequest("location is local, cloud or trash") }
        let view = parameters.get("view") == "list" ? "list" : "grid"
        var values: [String: Any] = [
            "location": place.rawValue,
            "title": place.title,
            "view": view,
            "isGrid": view == "grid",
            "isTrash": place == .trash,
            "locations": [Place.local, .cloud, .trash].map { ["id": $0.rawValue, "name": $0.title, "href": "/?location=\($0.rawValue)&view=\(view)", "current": $0 == place] },
        ]
        if place == .trash {
            values["breadcrumb"] = [["name": place.title, "href": "", "isCurrent": true]]
            values["trashItems"] = try trashItems()
            return values
        }
        let folder = parameters.get("folder").flatMap { $0.isEmpty ? nil : $0 }
        var filter = try DocumentFilter(parameters, registry: services.registry)
        filter.query.locations = [place == .cloud ? .cloud : .local]
        let search = parameters.get("search") ?? ""
        filter.query.nameGlob = search.isEmpty ? nil : "*\(Self.globEscaped(search))*"
        let documents = try services.call { try services.catalog.documents(matching: filter.query) }.filter(filter.accepts)

        var kinds = DocumentKinds(registry: services.registry)
        let locks = LockDirectory(home: services.catalog.home)
        let quietPeriod = services.catalog.quietPeriod
        let offset = try Self.count(parameters, "offset") ?? 0
        let limit = try Self.count(parameters, "limit") ?? Self.pageSize
        let shown = documents.dropFirst(offset).prefix(limit)
        let tiles = shown.map { DocumentTile($0, kind: kinds.kind(of: $0), registry: services.registry, locks: locks, quietPeriod: quietPeriod).values }
        values["documents"] = tiles
        values["countText"] = documents.count == 1 ? "1 item" : "\(documents.count) items"
        values["documentCount"] = documents.count
        values["pageSize"] = Self.pageSize
        if offset + limit < documents.count {
            values["moreHref"] = "/?" + Self.query(parameters, replacing: ["offset": String(offset + limit), "limit": String(limit)])
            values["moreText"] = "\(documents.count - offset - limit) more"
        }
        let filtered = !search.isEmpty || filter.query.type != nil || filter.state != nil
        values["emptyText"] = filtered ? "No documents match." : (folder == nil ? "No documents in \(place.title)." : "This folder is empty.")
        values["folder"] = folder ?? ""
        values["hasFolder"] = folder != nil
        values["dropTarget"] = folder.flatMap { $0.split(separator: "/").last.map(String.init) } ?? place.title
        values["breadcrumb"] = breadcrumb(place: place, folder: folder, view: view)
        values["nameFilter"] = search
        values["kinds"] = kindChoices(selected: parameters.get("kind"))
        values["states"] = Self.choices(Self.stateChoices, selected: parameters.get("state"))
        values["sorts"] = Self.choices(Self.sortChoices, selected: parameters.get("sort"))
        // Another view shows the same documents, filtered and sorted alike.
        values["gridHref"] = "/?" + Self.query(parameters, replacing: ["view": "grid", "offset": nil, "limit": nil])
        values["listHref"] = "/?" + Self.query(parameters, replacing: ["view": "list", "offset": nil, "limit": nil])
        return values
    }

    /// Documents rendered at a time: the first page comes at once however
    /// many there are, and the script asks for the next as the list scrolls.
    static let pageSize = 200

    private static func count(_ parameters: Parameters, _ name: String) throws -> Int? {
        guard let text = parameters.get(name) else { return nil }
        guard let value = Int(text), value >= 0, value <= 1_000_000, name != "limit" || value > 0 else {
            throw APIError.badRequest("\(name) is a count of documents")
        }
        return value
    }

    /// The page's query with some parameters changed, or removed (nil).
    private static func query(_ parameters: Parameters, replacing changes: [String: String?]) -> String {
        var pairs: [(String, String)] = []
        for (key, value) in parameters where !changes.keys.contains(String(key)) {
            pairs.append((String(key), String(value)))
        }
        pairs += changes.sorted { $0.key < $1.key }.compactMap { change in change.value.map { (change.key, $0) } }
        return pairs.map { "\(queryEscaped($0.0))=\(queryEscaped($0.1))" }.joined(separator: "&")
    }

    private func trashItems() throws -> [[String: Any]] {
        try services.trashedItems().map { item in
            [
                "name": item.name.description,
                "originalPath": item.info.originalPath.description,
                "deleted": Formatting.isoDate(item.info.deletionDate),
                "deletedText": Formatting.date(item.info.deletionDate),
                "sizeText": Formatting.size(item.size),
                "icon": item.status.kind == .directory ? "folder" : "generic",
            ]
        }
    }

    private func breadcrumb(place: Place, folder: String?, view: String) -> [[String: Any]] {
        var crumbs: [[String: Any]] = [["name": place.title, "href": "/?location=\(place.rawValue)&view=\(view)", "isCurrent": folder == nil]]
        guard let folder else { return crumbs }
        let parts = folder.split(separator: "/").map(String.init)
        for index in parts.indices {
            let path = parts[...index].joined(separator: "/")
            crumbs.append(["name": parts[index], "href": "/?location=\(place.rawValue)&folder=\(Self.queryEscaped(path))&view=\(view)", "isCurrent": index == parts.count - 1])
        }
        return crumbs
    }

    /// Families of kinds, each a type the filter matches by conformance;
    /// only those the registry declares are offered.
    private func kindChoices(selected: String?) -> [[String: Any]] {
        let families = [("public.folder", "Folders"), ("public.image", "Images"), ("com.adobe.pdf", "PDF Documents"), ("public.text", "Text"),
                        ("public.movie", "Movies"), ("public.audio", "Audio"), ("public.archive", "Archives"), ("com.apple.package", "Packages")]
        let known = families.filter { services.registry.type(withIdentifier: $0.0) != nil }
        return Self.choices([("", "All Kinds")] + known, selected: selected)
    }

    private static let stateChoices = [("", "All States"), ("normal", "Normal"), ("incomplete", "Incomplete"), ("inConflict", "In Conflict"),
                                       ("notDownloaded", "Not Downloaded"), ("open", "Open")]
    private static let sortChoices = [("name", "Sort by Name"), ("date", "Sort by Date"), ("size", "Sort by Size"), ("kind", "Sort by Kind")]

    private static func choices(_ options: [(String, String)], selected: String?) -> [[String: Any]] {
        options.map { ["value": $0.0, "label": $0.1, "selected": $0.0 == (selected ?? options[0].0)] }
    }

    /// `text` matched literally inside a glob.
    static func globEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "*?[]\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    static func queryEscaped(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?/")
        allowed.insert("/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
