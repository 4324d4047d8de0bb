#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A `mime` directory's `mime.cache`, the binary form of its `aliases`
/// and `subclasses` that `update-mime-database` writes beside them,
/// searched where it lies as GIO searches it: a command asks about a few
/// types, and reading the text files into lines for each question was
/// most of the time `info` spent on the hierarchy.
///
/// Types are matched as ``MIMETypeHierarchy`` matches them in the text
/// files: normalized (`TypeTagClass.mimeType`), so that `image/x-MS-bmp`
/// is `image/x-ms-bmp`; callers ask with normalized names, and normalize
/// what they are given. Where two entries match one name, the first in
/// the file's order answers, as the first line does in the text files.
///
/// The cache is a stranger's file like any other. It is read into memory
/// of its own, not mapped, so that nothing done to the file later changes
/// what was checked; every offset in its alias and parent lists is
/// checked then, with names of at most ``longestName`` bytes and parent
/// lists of at most ``mostParents``, so that checking takes time in
/// proportion to the file; a cache that fails a check is not used (the
/// text files are read instead), and no lookup reads past its end.
final class MIMECache: @unchecked Sendable {
    // @unchecked: `bytes` is memory of its own, written in init only.
    /// A MIME type is at most 127 bytes of type and 127 of subtype.
    static let longestName = 255
    /// More parents than a type has in any database.
    static let mostParents = 64
    /// Far larger than any database's cache (the installed one is 150 KB).
    static let largestFile = 64 << 20

    private let bytes: UnsafeRawBufferPointer
    private let aliasCount: Int
    private let aliasEntries: Int
    private let parentCount: Int
    private let parentEntries: Int
    /// The aliases, and the types with parents, that a comparison of
    /// bytes cannot find by a normalized name (those with capitals or
    /// bytes beyond ASCII), by their place in the list, normalized.
    private let unusualAliases: [(index: Int, name: String)]
    private let unusualParents: [(index: Int, name: String)]

    /// Nil when `path` is missing, larger than ``largestFile``, of a major
    /// version other than 1, or damaged.
    init?(path: String) {
        guard let data = try? Data(contentsOf: URL(filePath: path)), data.count >= 40, data.count <= Self.largestFile else { return nil }
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 8)
        copy.copyBytes(from: data)
        let bytes = UnsafeRawBufferPointer(copy)
        // The header: two 16-bit version numbers, then nine list offsets.
        guard Self.uint16(bytes, at: 0) == 1,
              let aliasList = Self.uint32(bytes, at: 4), let parentList = Self.uint32(bytes, at: 8),
              let aliasCount = Self.uint32(bytes, at: aliasList), let parentCount = Self.uint32(bytes, at: parentList),
              aliasList + 4 + aliasCount * 8 <= bytes.count, parentList + 4 + parentCount * 8 <= bytes.count,
              Self.isWhole(bytes, aliasEntries: aliasList + 4, aliasCount: aliasCount, parentEntries: parentList + 4, parentCount: parentCount)
        else {
            copy.deallocate()
            return nil
        }
        self.bytes = bytes
        self.aliasCount = aliasCount
        aliasEntries = aliasList + 4
        self.parentCount = parentCount
        parentEntries = parentList + 4
        unusualAliases = Self.unusualNames(bytes, entries: aliasList + 4, count: aliasCount)
        unusualParents = Self.unusualNames(bytes, entries: parentList + 4, count: parentCount)
    }

    deinit {
        bytes.deallocate()
    }

    /// The type the normalized `alias` is an alias of, as written in the
    /// cache; nil when it is none. The list is sorted by alias, byte by
    /// byte, as GIO's binary search assumes.
    func canonicalName(ofAlias alias: String) -> String? {
        var found: Int?
        var low = 0, high = aliasCount
        while low < high {
            let middle = (low + high) / 2
            let order = Self.order(of: alias, and: bytes, at: offset(at: aliasEntries + middle * 8))
            if order == 0 { found = middle; break }
            if order < 0 { high = middle } else { low = middle + 1 }
        }
        if let unusual = unusualAliases.first(where: { $0.name == alias }), unusual.index < found ?? Int.max { found = unusual.index }
        return found.map { string(at: offset(at: aliasEntries + $0 * 8 + 4)) }
    }

    /// The normalized `mimeType`'s `sub-class-of` parents, as written in
    /// the cache, in its order; empty when it has none.
    func parents(of mimeType: String) -> [String] {
        let unusual = Set(unusualParents.lazy.filter { $0.name == mimeType }.map(\.index))
        var parents: [String] = []
        for index in 0..<parentCount where Self.order(of: mimeType, and: bytes, at: offset(at: parentEntries + index * 8)) == 0 || unusual.contains(index) {
            let list = offset(at: parentEntries + index * 8 + 4)
            parents += (0..<offset(at: list)).map { string(at: offset(at: list + 4 + $0 * 4)) }
        }
        return parents
    }

    /// Whether every entry of both lists (which lie inside the file)
    /// points at a terminated name, and every parents list lies inside the
    /// file.
    private static func isWhole(_ bytes: UnsafeRawBufferPointer, aliasEntries: Int, aliasCount: Int, parentEntries: Int, parentCount: Int) -> Bool {
        func isName(_ offset: Int) -> Bool {
            offset < bytes.count && memchr(bytes.baseAddress! + offset, 0, min(longestName + 1, bytes.count - offset)) != nil
        }
        for index in 0..<aliasCount {
            let entry = aliasEntries + index * 8
            guard isName(offset(bytes, at: entry)), isName(offset(bytes, at: entry + 4)) else { return false }
        }
        for index in 0..<parentCount {
            let entry = parentEntries + index * 8
            let list = offset(bytes, at: entry + 4)
            guard isName(offset(bytes, at: entry)), let count = uint32(bytes, at: list), count <= mostParents, list + 4 + count * 4 <= bytes.count,
                  (0..<count).allSatisfy({ isName(offset(bytes, at: list + 4 + $0 * 4)) })
            else { return false }
        }
        return true
    }

    private static func unusualNames(_ bytes: UnsafeRawBufferPointer, entries: Int, count: Int) -> [(index: Int, name: String)] {
        (0..<count).compactMap { index in
            let name = offset(bytes, at: entries + index * 8)
            let length = strlen((bytes.baseAddress! + name).assumingMemoryBound(to: CChar.self))
            return MIMETypeHierarchy.isPlain(UnsafeRawBufferPointer(rebasing: bytes[name..<name + length])) ? nil : (index, TypeTagClass.mimeType.normalized(string(bytes, at: name)))
        }
    }

    /// The 32-bit offset at `position`, which ``isWhole`` found inside the file.
    private func offset(at position: Int) -> Int {
        Self.offset(bytes, at: position)
    }

    private static func offset(_ bytes: UnsafeRawBufferPointer, at position: Int) -> Int {
        Int(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
    }

    private func string(at offset: Int) -> String {
        Self.string(bytes, at: offset)
    }

    private static func string(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> String {
        String(cString: (bytes.baseAddress! + offset).assumingMemoryBound(to: CChar.self))
    }

    /// `name` compared with the terminated name at `offset`, as strcmp
    /// compares them: negative when `name` sorts first.
    private static func order(of name: String, and bytes: UnsafeRawBufferPointer, at offset: Int) -> Int {
        var position = offset
        for byte in name.utf8 {
            let other = bytes[position]
            // Past the cache's name, `name` is longer, whatever its byte:
            // never read beyond the terminator.
            if other == 0 { return 1 }
            if byte != other { return Int(byte) - Int(other) }
            position += 1
        }
        return bytes[position] == 0 ? 0 : -1
    }

    private static func uint16(_ bytes: UnsafeRawBufferPointer, at position: Int) -> UInt16? {
        position + 2 <= bytes.count ? UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt16.self)) : nil
    }

    /// The 32-bit number at `position`, as an Int (it always fits on a
    /// 64-bit platform, the only one built for).
    private static func uint32(_ bytes: UnsafeRawBufferPointer, at position: Int) -> Int? {
        position + 4 <= bytes.count ? Int(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self))) : nil
    }
}
