/// The type a file's name gives it, and the display name that type
/// leaves, looked up once per extension in a scan: a folder of 50,000
/// documents holds a handful of extensions, and each lookup walks the
/// registry's tables and conformance chains.
///
/// Both answers depend on a name only through its extension candidates
/// (``TypeRegistry/extensionCandidates(of:)``), which are made of the last
/// three dot-separated parts at most; the cache is keyed by those parts.
/// Only ASCII names are keyed, where a `.` is always a character of its
/// own, so that splitting bytes splits as the registry splits characters;
/// the others are looked up as before.
final class TypesByExtension {
    let registry: TypeRegistry

    private struct TypeKey: Hashable {
        var extensions: Substring
        var isDirectory: Bool
    }

    private struct DisplayNameKey: Hashable {
        var extensions: Substring
        var type: String
    }

    private var types: [TypeKey: UTType] = [:]
    /// How many bytes the display name drops from the end of the name: in
    /// an ASCII name, the dot and the extension are the same bytes
    /// whatever comes before them.
    private var droppedCounts: [DisplayNameKey: Int] = [:]

    init(registry: TypeRegistry) {
        self.registry = registry
    }

    /// ``TypeRegistry/type(forFileName:isDirectory:)``.
    func type(forFileName name: String, isDirectory: Bool) -> UTType {
        guard let extensions = Self.extensions(of: name) else { return registry.type(forFileName: name, isDirectory: isDirectory) }
        let key = TypeKey(extensions: extensions, isDirectory: isDirectory)
        if let type = types[key] { return type }
        let type = registry.type(forFileName: name, isDirectory: isDirectory)
        types[key] = type
        return type
    }

    /// ``DocumentScanner/displayName(of:type:)``.
    func displayName(of name: String, type identifier: String) -> String {
        guard let extensions = Self.extensions(of: name) else { return Self.displayName(of: name, type: identifier, registry: registry) }
        let key = DisplayNameKey(extensions: extensions, type: identifier)
        let dropped: Int
        if let known = droppedCounts[key] {
            dropped = known
        } else {
            dropped = name.utf8.count - Self.displayName(of: name, type: identifier, registry: registry).utf8.count
            droppedCounts[key] = dropped
        }
        return dropped == 0 ? name : String(Substring(name.utf8.dropLast(dropped)))
    }

    /// The name without the extension that gave the document its type
    /// (`backup.tar.gz` → `backup`); names whose extension says nothing
    /// keep it, as the Files app shows them.
    static func displayName(of name: String, type identifier: String, registry: TypeRegistry) -> String {
        let extensions = registry.type(withIdentifier: identifier)?.filenameExtensions ?? []
        for candidate in TypeRegistry.extensionCandidates(of: name) where extensions.contains(candidate.lowercased()) {
            return String(name.dropLast(candidate.count + 1))
        }
        return name
    }

    /// The parts the extension candidates are made of, `b.tar.gz` in
    /// `a.b.tar.gz`, empty when there are none; nil for a name beyond ASCII.
    static func extensions(of name: String) -> Substring? {
        var name = name
        name.makeContiguousUTF8()
        // Read as bytes: through the string's indices, finding a name's
        // parts cost more than the rest of typing it from the cache.
        let start = name.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // Leading dots separate no extension, as in the registry.
            var stem = 0
            while stem < bytes.count, bytes[stem] == UInt8(ascii: ".") { stem += 1 }
            var dots = 0
            var start = bytes.count
            var index = bytes.count
            while index > stem, dots < 3 {
                index -= 1
                if bytes[index] == UInt8(ascii: ".") {
                    dots += 1
                    start = index + 1
                }
            }
            return start
        }
        guard let found = start, let start = found else { return nil }
        return name[name.utf8.index(name.utf8.startIndex, offsetBy: start)...]
    }
}
