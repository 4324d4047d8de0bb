import Foundation

/// shared-mime-info's hierarchy of MIME types, as GIO walks it to find the
/// apps for a type: the `mime.cache`, or else the `subclasses` and
/// `aliases` files, and the `types` file, that `update-mime-database`
/// writes into each `mime` directory.
package struct MIMETypeHierarchy: Sendable {
    /// One `mime` directory's aliases and parents: its cache, or, without
    /// a usable one, its text files.
    private enum Relations: Sendable {
        case cache(MIMECache)
        /// Aliases are asked about for every MIME type of every app, so
        /// they are made into a table; the `subclasses` file is kept as
        /// read (a command asks about a few types).
        case text(aliases: [String: String], subclasses: [UInt8])
    }

    /// Each directory's relations, most important first.
    private var relations: [Relations] = []
    /// Each directory's `types`, as read: the cache does not list them.
    private var typeFiles: [[UInt8]] = []

    /// An empty hierarchy: every type stands alone.
    public init() {}

    /// The hierarchy of `$XDG_DATA_HOME/mime` and each `$XDG_DATA_DIRS/mime`.
    /// - Parameter environment: Where the XDG variables are read.
    public static func load(environment: [String: String]) -> MIMETypeHierarchy {
        var hierarchy = MIMETypeHierarchy()
        for directory in XDGBaseDirectories(environment: environment).dataDirectories {
            let mime = directory.appending(path: "mime", directoryHint: .isDirectory)
            if let data = try? Data(contentsOf: mime.appending(path: "types")) {
                hierarchy.typeFiles.append([UInt8](data))
            }
            // As GIO does, a directory with a cache is not read further.
            if let cache = MIMECache(path: mime.appending(path: "mime.cache").path) {
                hierarchy.relations.append(.cache(cache))
                continue
            }
            var aliases: [String: String] = [:]
            if let data = try? Data(contentsOf: mime.appending(path: "aliases")) {
                for line in lines([UInt8](data)) {
                    guard let (alias, name) = pair(line), aliases[alias] == nil else { continue }
                    aliases[alias] = name
                }
            }
            let subclasses = (try? Data(contentsOf: mime.appending(path: "subclasses"))).map { [UInt8]($0) } ?? []
            hierarchy.relations.append(.text(aliases: aliases, subclasses: subclasses))
        }
        return hierarchy
    }

    /// A type's `sub-class-of` parents, from every directory, each once.
    func parents(of mimeType: String) -> [String] {
        var parents: [String] = []
        for relations in relations {
            switch relations {
            case .cache(let cache):
                for parent in cache.parents(of: mimeType).map(TypeTagClass.mimeType.normalized) where !parents.contains(parent) { parents.append(parent) }
            case .text(_, let subclasses):
                for line in Self.lines(subclasses) {
                    guard let space = line.firstIndex(of: UInt8(ascii: " ")), Self.isType(line[..<space], named: mimeType),
                          let (_, parent) = Self.pair(line), !parents.contains(parent)
                    else { continue }
                    parents.append(parent)
                }
            }
        }
        return parents
    }

    /// Whether shared-mime-info declares the type: whether GIO can give it to a file.
    func declares(_ mimeType: String) -> Bool {
        typeFiles.contains { file in
            // Line by line where it lies: an array of the file's lines was
            // most of the time this took.
            var start = file.startIndex
            while start < file.endIndex {
                let end = file[start...].firstIndex(of: UInt8(ascii: "\n")) ?? file.endIndex
                if end > start, Self.isType(file[start..<end], named: mimeType) { return true }
                start = end + 1
            }
            return false
        }
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

    /// Whether `bytes` are their own normalized MIME type: ASCII without
    /// capitals, blanks or parameters.
    static func isPlain(_ bytes: some Collection<UInt8>) -> Bool {
        !bytes.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 >= 0x80 }
    }

    /// As ``TypeTagClass/normalized(_:)`` makes a MIME type, without
    /// lowercasing what has no capital.
    private static func mimeType(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return isPlain(bytes) ? text : TypeTagClass.mimeType.normalized(text)
    }

    /// The type `mimeType` is an alias of, from the most important
    /// directory that has it as an alias; else `mimeType`, normalized.
    public func canonicalName(_ mimeType: String) -> String {
        let normalized = TypeTagClass.mimeType.normalized(mimeType)
        for relations in relations {
            switch relations {
            case .cache(let cache):
                if let name = cache.canonicalName(ofAlias: normalized) { return TypeTagClass.mimeType.normalized(name) }
            case .text(let aliases, _):
                if let name = aliases[normalized] { return name }
            }
        }
        return normalized
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
