import Foundation

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
///
/// The last few answers are kept apart and found by comparing bytes, before
/// the dictionaries hash a key: a folder's names cycle through a few
/// extensions, and hashing each name's key cost more than the rest of its
/// lookup.
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

    /// An answer kept apart, and what ``displayName(of:type:)`` drops for
    /// a name of its type, once asked.
    private struct Recent {
        var extensions: [UInt8]
        var isDirectory: Bool
        var type: UTType
        var dropped: Int?
    }

    // One scan uses the cache, on one thread: each access would otherwise
    // be checked for exclusivity at run time, several times a name.
    @exclusivity(unchecked) private var types: [TypeKey: UTType] = [:]
    /// How many bytes the display name drops from the end of the name: in
    /// an ASCII name, the dot and the extension are the same bytes
    /// whatever comes before them.
    @exclusivity(unchecked) private var droppedCounts: [DisplayNameKey: Int] = [:]
    @exclusivity(unchecked) private var recent: [Recent] = []
    static let recentCount = 8
    /// The name ``type(forFileName:isDirectory:)`` was last asked about and
    /// the answer it gave, kept apart or not: the display name of the same
    /// name is asked next, and need not find its extensions again.
    @exclusivity(unchecked) private var last: (name: String, recent: Int?) = ("", nil)

    init(registry: TypeRegistry) {
        self.registry = registry
    }

    /// ``TypeRegistry/type(forFileName:isDirectory:)``.
    func type(forFileName name: String, isDirectory: Bool) -> UTType {
        var name = name
        name.makeContiguousUTF8()
        let kept = name.utf8.withContiguousStorageIfAvailable { bytes in
            Self.extensionsStart(in: bytes).flatMap { recentIndex(of: UnsafeBufferPointer(rebasing: bytes[$0...]), isDirectory: isDirectory) }
        }
        if let kept, let index = kept {
            last = (name, index)
            return recent[index].type
        }
        guard let extensions = Self.extensions(of: name) else {
            last = (name, nil)
            return registry.type(forFileName: name, isDirectory: isDirectory)
        }
        let key = TypeKey(extensions: extensions, isDirectory: isDirectory)
        let type: UTType
        if let known = types[key] {
            type = known
        } else {
            type = registry.type(forFileName: name, isDirectory: isDirectory)
            types[key] = type
        }
        last = (name, keepApart(Recent(extensions: Array(extensions.utf8), isDirectory: isDirectory, type: type)))
        return type
    }

    /// ``DocumentScanner/displayName(of:type:)``.
    func displayName(of name: String, type identifier: String) -> String {
        if isLast(name), let index = last.recent, recent[index].type.identifier == identifier, let dropped = recent[index].dropped {
            return Self.name(name, dropping: dropped)
        }
        guard let extensions = Self.extensions(of: name) else { return Self.displayName(of: name, type: identifier, registry: registry) }
        let key = DisplayNameKey(extensions: extensions, type: identifier)
        let dropped: Int
        if let known = droppedCounts[key] {
            dropped = known
        } else {
            dropped = name.utf8.count - Self.displayName(of: name, type: identifier, registry: registry).utf8.count
            droppedCounts[key] = dropped
        }
        if isLast(name), let index = last.recent, recent[index].type.identifier == identifier { recent[index].dropped = dropped }
        return Self.name(name, dropping: dropped)
    }

    /// Compared as bytes: `==` compares canonical equivalents, and an
    /// ASCII name has some beyond ASCII (`K` and the Kelvin sign), whose
    /// byte counts differ.
    private func isLast(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { last.name.utf8Equals(UnsafeRawBufferPointer($0)) }
    }

    private static func name(_ name: String, dropping dropped: Int) -> String {
        dropped == 0 ? name : String(Substring(name.utf8.dropLast(dropped)))
    }

    private func recentIndex(of extensions: UnsafeBufferPointer<UInt8>, isDirectory: Bool) -> Int? {
        for index in recent.indices where recent[index].isDirectory == isDirectory && recent[index].extensions.count == extensions.count {
            let same = recent[index].extensions.withUnsafeBufferPointer { kept in
                extensions.isEmpty || memcmp(kept.baseAddress!, extensions.baseAddress!, extensions.count) == 0
            }
            if same { return index }
        }
        return nil
    }

    /// Keeps `answer` apart in place of the oldest once there are
    /// ``recentCount``, and returns its index.
    private func keepApart(_ answer: Recent) -> Int {
        if recent.count < Self.recentCount {
            recent.append(answer)
            return recent.count - 1
        }
        recent.removeFirst()
        recent.append(answer)
        return recent.count - 1
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
        guard let found = name.utf8.withContiguousStorageIfAvailable(extensionsStart), let start = found else { return nil }
        return name[name.utf8.index(name.utf8.startIndex, offsetBy: start)...]
    }

    /// Where ``extensions(of:)`` starts in a name's bytes.
    private static func extensionsStart(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard UnsafeRawBufferPointer(bytes).isASCII else { return nil }
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
}
