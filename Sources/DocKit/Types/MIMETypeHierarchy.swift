import Foundation

/// shared-mime-info's hierarchy of MIME types, as GIO walks it to find the
/// apps for a type: the `types`, `subclasses` and `aliases` files that
/// `update-mime-database` writes into each `mime` directory.
struct MIMETypeHierarchy: Sendable, Hashable {
    /// Each alias's type.
    public private(set) var canonicalNames: [String: String] = [:]
    /// Each directory's `subclasses` and `types`, most important first, as
    /// read: a command asks about a few types, and making the thousand
    /// lines of both into strings and tables was most of loading them.
    /// Aliases are asked about for every MIME type of every app, so they
    /// alone are made into a table.
    private var subclassFiles: [[UInt8]] = []
    private var typeFiles: [[UInt8]] = []

    /// An empty hierarchy: every type stands alone.
    public init() {}

    /// The hierarchy of `$XDG_DATA_HOME/mime` and each `$XDG_DATA_DIRS/mime`.
    /// - Parameter environment: Where the XDG variables are read.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> MIMETypeHierarchy {
        var hierarchy = MIMETypeHierarchy()
        for directory in XDGBaseDirectories(environment: environment).dataDirectories {
            let mime = directory.appending(path: "mime", directoryHint: .isDirectory)
            if let data = try? Data(contentsOf: mime.appending(path: "subclasses")) {
                hierarchy.subclassFiles.append([UInt8](data))
            }
            if let data = try? Data(contentsOf: mime.appending(path: "types")) {
                hierarchy.typeFiles.append([UInt8](data))
            }
            if let data = try? Data(contentsOf: mime.appending(path: "aliases")) {
                for line in lines([UInt8](data)) {
                    guard let (alias, name) = pair(line), hierarchy.canonicalNames[alias] == nil else { continue }
                    hierarchy.canonicalNames[alias] = name
                }
            }
        }
        return hierarchy
    }

    /// A type's `sub-class-of` parents, from every directory, each once.
    func parents(of mimeType: String) -> [String] {
        var parents: [String] = []
        for file in subclassFiles {
            for line in Self.lines(file) {
                guard let space = line.firstIndex(of: UInt8(ascii: " ")), Self.isType(line[..<space], named: mimeType),
                      let (_, parent) = Self.pair(line), !parents.contains(parent)
                else { continue }
                parents.append(parent)
            }
        }
        return parents
    }

    /// Whether shared-mime-info declares the type: whether GIO can give it to a file.
    func declares(_ mimeType: String) -> Bool {
        typeFiles.contains { file in Self.lines(file).contains { Self.isType($0, named: mimeType) } }
    }

    private static func pair(_ line: ArraySlice<UInt8>) -> (String, String)? {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let first = line[..<space], second = line[line.index(after: space)...]
        guard !first.isEmpty, !second.isEmpty else { return nil }
        return (mimeType(first), mimeType(second))
    }

    private static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: UInt8(ascii: "\n"))
    }

    /// Whether `bytes`, made a MIME type as ``mimeType(_:)`` makes it, is
    /// `name`; compared as bytes unless they need normalizing.
    private static func isType(_ bytes: ArraySlice<UInt8>, named name: String) -> Bool {
        isPlain(bytes) ? bytes.elementsEqual(name.utf8) : mimeType(bytes) == name
    }

    private static func isPlain(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 >= 0x80 }
    }

    /// As ``TypeTagClass/normalized(_:)`` makes a MIME type, without
    /// lowercasing what has no capital.
    private static func mimeType(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return isPlain(bytes) ? text : TypeTagClass.mimeType.normalized(text)
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
        return names.first(where: declares) ?? names.first
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
            queue += parents(of: next).map(canonicalName)
        }
        return result
    }
}
