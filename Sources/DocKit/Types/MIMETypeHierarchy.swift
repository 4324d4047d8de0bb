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
            if let data = try? Data(contentsOf: mime.appending(path: "subclasses")) {
                for (child, parent) in pairs(data) where !(hierarchy.parents[child]?.contains(parent) ?? false) {
                    hierarchy.parents[child, default: []].append(parent)
                }
            }
            if let data = try? Data(contentsOf: mime.appending(path: "types")) {
                for line in lines(data) { hierarchy.declaredTypes.insert(mimeType(line)) }
            }
            if let data = try? Data(contentsOf: mime.appending(path: "aliases")) {
                for (alias, name) in pairs(data) where hierarchy.canonicalNames[alias] == nil {
                    hierarchy.canonicalNames[alias] = name
                }
            }
        }
        return hierarchy
    }

    /// The files are read as bytes, and a MIME type is made a string once:
    /// the hierarchy is loaded by every command that ranks handlers, and
    /// splitting its 2,000 lines as strings was a tenth of `info`.
    private static func pairs(_ data: Data) -> [(String, String)] {
        lines(data).compactMap { line in
            guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return nil }
            let first = line[..<space], second = line[line.index(after: space)...]
            guard !first.isEmpty, !second.isEmpty else { return nil }
            return (mimeType(first), mimeType(second))
        }
    }

    private static func lines(_ data: Data) -> [ArraySlice<UInt8>] {
        [UInt8](data).split(separator: UInt8(ascii: "\n"))
    }

    /// As ``TypeTagClass/normalized(_:)`` makes a MIME type, without
    /// lowercasing what has no capital.
    private static func mimeType(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let plain = !bytes.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 >= 0x80 }
        return plain ? text : TypeTagClass.mimeType.normalized(text)
    }

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
