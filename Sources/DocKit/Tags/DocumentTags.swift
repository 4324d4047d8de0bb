import Foundation

/// A document's tags as the Linux desktops keep them: `user.xdg.tags`,
/// names joined by commas with nothing around them, as KDE's Baloo and
/// Dolphin write it (a de facto standard beside freedesktop's
/// CommonExtendedAttributes; Baloo splits on every comma). Finder's
/// tags, which a sync engine carried from a Mac, are read too but never
/// written: Finder owns them.
public struct DocumentTags: Sendable, Hashable {
    /// The desktop's tags, in the order they are kept, as their bytes:
    /// a name that is not UTF-8 is written back exactly as it was found.
    var desktop: [[UInt8]]
    /// Finder's tags, without their colour.
    var finder: [String]

    /// Every tag, desktop ones first, each once.
    public var names: [String] {
        var seen = Set<String>()
        return (desktop.map { String(decoding: $0, as: UTF8.self) } + finder).filter { seen.insert($0).inserted }
    }

    static let desktopAttribute = "user.xdg.tags"
    /// Linux keeps no attribute outside a namespace, so rsync and the
    /// archivers put a Mac's `com.apple.metadata:_kMDItemUserTags` in `user.`.
    static let finderAttribute = "user.com.apple.metadata:_kMDItemUserTags"

    /// Reads the tags of the file at `path`, never following a symlink.
    ///
    /// - Throws: ``DocKitError/Code/notSupported`` when its file system keeps no
    ///   user attributes; ``DocKitError/Code/fileSystem`` when an attribute cannot be read.
    public static func of(_ path: RawPath) throws -> DocumentTags {
        let desktop = try ExtendedAttribute(path: path, name: desktopAttribute).read() ?? []
        let finder = try ExtendedAttribute(path: path, name: finderAttribute).read() ?? []
        return DocumentTags(desktop: parse(desktop), finder: finderNames(in: Data(finder)))
    }

    /// The names in a `user.xdg.tags` value; empty items (",," or a
    /// trailing comma) are no tag, and a repeated name counts once.
    static func parse(_ value: [UInt8]) -> [[UInt8]] {
        var seen = Set<[UInt8]>()
        return value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true).map(Array.init).filter { seen.insert($0).inserted }
    }

    /// Finder keeps an array of strings, each a name then, after a newline,
    /// its colour's number; anything else there is not Finder's, and no tag.
    static func finderNames(in value: Data) -> [String] {
        guard !value.isEmpty, let items = try? PropertyListDecoding.object(from: value) as? [Any] else { return [] }
        var seen = Set<String>()
        return items.compactMap { item in
            guard let text = item as? String else { return nil }
            let name = String(text.prefix { $0 != "\n" })
            return name.isEmpty ? nil : name
        }.filter { seen.insert($0).inserted }
    }

    /// Refuses a name `user.xdg.tags` cannot keep: Dolphin joins names
    /// with commas and escapes none, so a comma would split the name in two.
    static func validate(_ name: String) throws {
        if name.isEmpty { throw DocKitError(TagError.invalidName(name, reason: "it is empty")) }
        if name.contains(",") { throw DocKitError(TagError.invalidName(name, reason: "it contains a comma, which separates tags")) }
    }

    /// The desktop's tags with `added` appended (each name not there yet)
    /// and `removed` taken out; the order of the rest is kept.
    func changing(adding added: [String], removing removed: [String]) -> [[UInt8]] {
        let removing = Set(removed.map { Array($0.utf8) })
        var kept = desktop.filter { !removing.contains($0) }
        for name in added.map({ Array($0.utf8) }) where !kept.contains(name) && !removing.contains(name) {
            kept.append(name)
        }
        return kept
    }

    /// The `user.xdg.tags` value for these names.
    static func value(of names: [[UInt8]]) -> [UInt8] {
        Array(names.joined(separator: [UInt8(ascii: ",")]))
    }
}
