import Foundation

/// The layout of `types.index`, shared by ``TypeRegistryIndexWriter``, which
/// writes it, and ``TypeRegistryIndex``, which reads it in place.
///
/// A header (magic, checksum, version, digest, the merge rules it was
/// built under, and where each section lies) is followed by sections of
/// little-endian 32-bit words, each starting on an 8-byte boundary. Text
/// lives in one byte section and is referred to by (offset, length);
/// lists live in one word section, referred to by (start, count).
enum TypeRegistryIndexLayout {
    static let magic = Array("DBTYPIDX".utf8)
    static let version: UInt32 = 1

    static let checksumOffset = 8
    /// The checksum covers every byte from here on.
    static let versionOffset = 16
    static let digestOffset = 24
    static let rulesOffset = 32
    static let sectionTableOffset = 40
    static var headerSize: Int { sectionTableOffset + Section.allCases.count * 8 }

    /// An (offset, length) text reference that stands for nil.
    static let absent = UInt32.max

    enum Section: Int, CaseIterable {
        /// Text, referred to by (offset, length).
        case bytes
        /// Lists: of text references, two words each, or of type indices.
        case words
        case sources
        case problems
        /// Sorted by key, for binary search.
        case types
        /// Type indices in identifier order, as ``TypeRegistry/allTypes`` lists them.
        case typeOrder
        /// In the order the merge gave them.
        case claims
        /// Sorted by key, for binary search.
        case filenameExtensions
        case mimeTypes

        var elementSize: Int {
            switch self {
            case .bytes: 1
            case .words, .typeOrder: 4
            case .sources: SourceField.size * 4
            case .problems: ProblemField.size * 4
            case .types: TypeField.size * 4
            case .claims: ClaimField.size * 4
            case .filenameExtensions, .mimeTypes: TagField.size * 4
            }
        }

        static func tags(_ tagClass: TypeTagClass) -> Section {
            switch tagClass {
            case .filenameExtension: .filenameExtensions
            case .mimeType: .mimeTypes
            }
        }
    }

    /// Word positions within a type record.
    enum TypeField {
        static let key = 0
        static let identifier = 2
        static let description = 4
        static let iconName = 6
        static let declaredIn = 8
        static let source = 10
        static let flags = 11
        static let conformsTo = 12
        static let conformanceChain = 14
        static let filenameExtensions = 16
        static let mimeTypes = 18
        static let size = 20

        static let isDeclaredPackage: UInt32 = 1
        static let isPackage: UInt32 = 2
    }

    /// Word positions within a tag record: its key, then the list of the
    /// indices of the types claiming it, best first.
    enum TagField {
        static let key = 0
        static let types = 2
        static let size = 4
    }

    enum ClaimField {
        static let tagClass = 0
        static let value = 1
        static let identifier = 3
        static let source = 5
        static let weight = 6
        static let size = 8
    }

    enum SourceField {
        static let kind = 0
        static let path = 1
        static let fileSize = 3
        static let modificationTime = 5
        static let size = 7
    }

    enum ProblemField {
        static let path = 0
        static let keyPath = 2
        static let reason = 4
        static let size = 6
    }

    static let tagClasses: [TypeTagClass] = [.filenameExtension, .mimeType]
    static let sourceKinds: [TypeSources.Kind] = [.system, .handlerManifest, .sharedMimeInfo]

    /// The bytes a key is sorted and searched by. Swift compares strings by
    /// canonical equivalence, so the dictionaries a registry is built with
    /// take `é` and `e` + U+0301 for one key; in NFC the two have the same
    /// bytes, and the index agrees with them.
    static func keyBytes(_ key: String) -> [UInt8] {
        if key.utf8.allSatisfy({ $0 < 0x80 }) { return Array(key.utf8) }
        return Array(key.precomposedStringWithCanonicalMapping.utf8)
    }

    /// Word-wise, so that checking a mapped index costs microseconds; the
    /// shift mixes high bits down, which a bare FNV step over wide words
    /// would leave where they are.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var offset = versionOffset
        while offset + 8 <= bytes.count {
            hash = (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
            offset += 8
        }
        return hash
    }
}
