#if canImport(Glibc)
import Glibc
#endif

/// A `mime` directory's `mime.cache`, the binary form of its `aliases`
/// and `subclasses` that `update-mime-database` writes beside them, read
/// in place as GIO reads it: a command asks about a few types, and
/// reading the text files into lines for each question was most of the
/// time `info` spent on the hierarchy.
///
/// Types are matched as ``MIMETypeHierarchy`` matches them in the text
/// files: normalized (`TypeTagClass.mimeType`), so that `image/x-MS-bmp`
/// is `image/x-ms-bmp`; callers ask with normalized names, and normalize
/// what they are given.
///
/// The cache is a stranger's file like any other: every offset in its
/// alias and parent lists is checked when it is opened, and a cache that
/// fails a check is not used (the text files are read instead), so no
/// lookup reads past its end.
final class MIMECache: Sendable {
    private let file: MappedFile
    private let aliasCount: Int
    private let aliasEntries: Int
    private let parentCount: Int
    private let parentEntries: Int
    /// The aliases, and the types with parents, that a comparison of
    /// bytes cannot find by a normalized name: those with capitals or
    /// bytes beyond ASCII.
    private let unusualAliases: [Int]
    private let unusualParents: [Int]

    /// Nil when `path` is missing, of a major version other than 1, or
    /// damaged.
    init?(path: String) {
        guard let file = MappedFile(path: path) else { return nil }
        let bytes = file.bytes
        // The header: two 16-bit version numbers, then nine list offsets.
        guard bytes.count >= 40, Self.uint16(bytes, at: 0) == 1,
              let aliasList = Self.uint32(bytes, at: 4).map(Int.init), let parentList = Self.uint32(bytes, at: 8).map(Int.init),
              let aliasCount = Self.uint32(bytes, at: aliasList).map(Int.init), let parentCount = Self.uint32(bytes, at: parentList).map(Int.init),
              aliasList + 4 + aliasCount * 8 <= bytes.count, parentList + 4 + parentCount * 8 <= bytes.count
        else { return nil }
        guard Self.isWhole(bytes, aliasEntries: aliasList + 4, aliasCount: aliasCount, parentEntries: parentList + 4, parentCount: parentCount) else { return nil }
        self.file = file
        self.aliasCount = aliasCount
        aliasEntries = aliasList + 4
        self.parentCount = parentCount
        parentEntries = parentList + 4
        unusualAliases = (0..<aliasCount).filter { !Self.isNormalized(bytes, at: Self.offset(bytes, at: aliasList + 4 + $0 * 8)) }
        unusualParents = (0..<parentCount).filter { !Self.isNormalized(bytes, at: Self.offset(bytes, at: parentList + 4 + $0 * 8)) }
    }

    /// The type the normalized `alias` is an alias of, as written in the
    /// cache; nil when it is none. The list is sorted by alias, byte by
    /// byte, as GIO's binary search assumes.
    func canonicalName(ofAlias alias: String) -> String? {
        var low = 0, high = aliasCount
        while low < high {
            let middle = (low + high) / 2
            let entry = aliasEntries + middle * 8
            let order = Self.order(of: alias, and: file.bytes, at: offset(at: entry))
            if order == 0 { return string(at: offset(at: entry + 4)) }
            if order < 0 { high = middle } else { low = middle + 1 }
        }
        for index in unusualAliases {
            let entry = aliasEntries + index * 8
            if normalizedString(at: offset(at: entry)) == alias { return string(at: offset(at: entry + 4)) }
        }
        return nil
    }

    /// The normalized `mimeType`'s `sub-class-of` parents, as written in
    /// the cache, in its order; empty when it has none.
    func parents(of mimeType: String) -> [String] {
        let entries = (0..<parentCount).lazy.map { self.parentEntries + $0 * 8 }
        let found = entries.filter { Self.order(of: mimeType, and: self.file.bytes, at: self.offset(at: $0)) == 0 }
            + unusualParents.map { parentEntries + $0 * 8 }.filter { normalizedString(at: offset(at: $0)) == mimeType }
        return found.flatMap { entry in
            let list = offset(at: entry + 4)
            return (0..<offset(at: list)).map { string(at: offset(at: list + 4 + $0 * 4)) }
        }
    }

    /// Whether the string at `offset` is its own normalized form: ASCII
    /// without capitals, blanks or parameters.
    private static func isNormalized(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        var position = offset
        while true {
            let byte = bytes[position]
            if byte == 0 { return true }
            if byte >= 0x80 || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: ";") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                return false
            }
            position += 1
        }
    }

    private func normalizedString(at offset: Int) -> String {
        TypeTagClass.mimeType.normalized(string(at: offset))
    }

    /// Whether every entry of both lists (which lie inside the file)
    /// points at a terminated string, and every parents list lies inside
    /// the file.
    private static func isWhole(_ bytes: UnsafeRawBufferPointer, aliasEntries: Int, aliasCount: Int, parentEntries: Int, parentCount: Int) -> Bool {
        func isString(_ offset: Int) -> Bool {
            offset < bytes.count && memchr(bytes.baseAddress! + offset, 0, bytes.count - offset) != nil
        }
        for index in 0..<aliasCount {
            let entry = aliasEntries + index * 8
            guard isString(offset(bytes, at: entry)), isString(offset(bytes, at: entry + 4)) else { return false }
        }
        for index in 0..<parentCount {
            let entry = parentEntries + index * 8
            let list = offset(bytes, at: entry + 4)
            guard isString(offset(bytes, at: entry)), let count = uint32(bytes, at: list).map(Int.init), list + 4 + count * 4 <= bytes.count,
                  (0..<count).allSatisfy({ isString(offset(bytes, at: list + 4 + $0 * 4)) })
            else { return false }
        }
        return true
    }

    /// The 32-bit offset at `position`, which ``isWhole`` found inside the file.
    private func offset(at position: Int) -> Int {
        Self.offset(file.bytes, at: position)
    }

    private static func offset(_ bytes: UnsafeRawBufferPointer, at position: Int) -> Int {
        Int(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
    }

    private func string(at offset: Int) -> String {
        String(cString: (file.bytes.baseAddress! + offset).assumingMemoryBound(to: CChar.self))
    }

    /// `name` compared with the terminated string at `offset`, as strcmp
    /// compares them: negative when `name` sorts first.
    private static func order(of name: String, and bytes: UnsafeRawBufferPointer, at offset: Int) -> Int {
        var position = offset
        for byte in name.utf8 {
            let other = bytes[position]
            // Past the string's end `name` is longer, whatever its byte:
            // never read beyond the terminator.
            if other == 0 { return 1 }
            if byte != other { return Int(byte) - Int(other) }
            position += 1
        }
        return bytes[position] == 0 ? 0 : -1
    }

    private static func uint16(_ bytes: UnsafeRawBufferPointer, at position: Int) -> UInt16? {
        position >= 0 && position + 2 <= bytes.count ? UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt16.self)) : nil
    }

    private static func uint32(_ bytes: UnsafeRawBufferPointer, at position: Int) -> UInt32? {
        position >= 0 && position + 4 <= bytes.count ? UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)) : nil
    }
}
