import Foundation

/// shared-mime-info's hierarchy of MIME types, as GIO walks it to find the
/// apps for a type: the `types`, `subclasses` and `aliases` files that
/// `update-mime-database` writes into each `mime` directory.
struct MIMETypeHierarchy: Sendable, Hashable {
    /// Each type's `sub-class-of` parents.
    public private(set) var parents: [String: [String]] = [:]
    /// Each alias's type.
    public private(set) var canonicalNames: [String: String] = [:]
    /// The types shared-mime-info declares: those GIO can give a file.
    public private(set) var declaredTypes: Set<String> = []

    /// An empty hierarchy: every type stands alone.
    public init() {}

    /// The hierarchy of `$XDG_DATA_HOME/mime` and each `$XDG_DATA_DIRS/mime`.
    /// - Parameter environment: Where the XDG variables are read.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> MIMETypeHierarchy {
        var hierarchy = MIMETypeHierarchy()
        for directory in XDGBaseDirectories(environment: environment).dataDirectories {
            let mime = directory.appending(path: "mime", directoryHint: .isDirectory)
            if let text = try? String(contentsOf: mime.appending(path: "subclasses"), encoding: .utf8) {
                for (child, parent) in pairs(text) where !(hierarchy.parents[child]?.contains(parent) ?? false) {
                    hierarchy.parents[child, default: []].append(parent)
                }
            }
            if let text = try? String(contentsOf: mime.appending(path: "types"), encoding: .utf8) {
                hierarchy.declaredTypes.formUnion(text.split(separator: "\n").map { TypeTagClass.mimeType.normalized(String($0)) })
            }
            if let text = try? String(contentsOf: mime.appending(path: "aliases"), encoding: .utf8) {
                for (alias, name) in pairs(text) where hierarchy.canonicalNames[alias] == nil {
                    hierarchy.canonicalNames[alias] = name
                }
            }
        }
        return hierarchy
    }

    private static func pairs(_ text: String) -> [(String, String)] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ", maxSplits: 1)
            guard words.count == 2 else { return nil }
            return (TypeTagClass.mimeType.normalized(String(words[0])), TypeTagClass.mimeType.normalized(String(words[1])))
        }
    }

    /// The type an alias stands for, or the type itself, normalized.
    public func canonicalName(_ mimeType: String) -> String {
        let normalized = TypeTagClass.mimeType.normalized(mimeType)
        return canonicalNames[normalized] ?? normalized
    }

    /// The content type GIO gives a file of a type that has these MIME
    /// types, its preferred first: the first that shared-mime-info
    /// declares, by its name or an alias (Apple prefers
    /// text/x-python-script, which it does not; a .py file is text/x-python
    /// to GIO), else the preferred one.
    public func contentType(of mimeTypes: [String]) -> String? {
        let names = mimeTypes.map(canonicalName)
        return names.first(where: declaredTypes.contains) ?? names.first
    }

    /// The types themselves, then their `sub-class-of` ancestors, nearest
    /// first, each once: the list GIO's `get_list_of_mimetypes` walks, a
    /// type's own parents (`xdg_mime_list_mime_parents`) and theirs. It
    /// adds neither `text/plain` for `text/*` nor `application/octet-stream`:
    /// those make a type one of theirs (`g_content_type_is_a`), but never
    /// give it their apps, so `gio mime text/x-rust` finds no text editor.
    /// - Parameter mimeTypes: A document's MIME types, its preferred first.
    public func lineage(of mimeTypes: [String]) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        var queue = mimeTypes.map(canonicalName)
        var index = 0
        while index < queue.count {
            let next = queue[index]
            index += 1
            guard seen.insert(next).inserted else { continue }
            result.append(next)
            queue += (parents[next] ?? []).map(canonicalName)
        }
        return result
    }
}
