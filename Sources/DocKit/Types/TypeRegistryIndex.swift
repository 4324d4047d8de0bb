#if canImport(Glibc)
import Glibc
#endif

/// A type registry read in place from its mapped index file, as
/// LaunchServices and shared-mime-info read their caches: a lookup binary
/// searches a sorted table and decodes only the records it lands on.
///
/// Opening checks the header, the checksum and that every section lies
/// within the file; every read is bounds-checked again, so that no index,
/// however damaged, is read out of bounds.
final class TypeRegistryIndex: TypeRegistryBacking {
    private typealias Layout = TypeRegistryIndexLayout

    private let file: MappedFile
    private var bytes: UnsafeRawBufferPointer { file.bytes }
    private let sections: [(offset: Int, count: Int)]
    private let digestValue: UInt64

    /// Nil when the file is missing, or is not an index this version of
    /// docbrowser wrote whole.
    convenience init?(path: String) {
        guard let file = MappedFile(path: path) else { return nil }
        self.init(file: file)
    }

    init?(file: MappedFile) {
        let bytes = file.bytes
        guard bytes.count >= Layout.headerSize, bytes.count % 8 == 0,
              Layout.magic.elementsEqual(bytes.prefix(Layout.magic.count)),
              Self.word(in: bytes, at: Layout.versionOffset) == Layout.version,
              UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: Layout.checksumOffset, as: UInt64.self)) == Layout.checksum(bytes)
        else { return nil }
        var sections: [(offset: Int, count: Int)] = []
        for section in Layout.Section.allCases {
            let offset = Int(Self.word(in: bytes, at: Layout.sectionTableOffset + section.rawValue * 8))
            let count = Int(Self.word(in: bytes, at: Layout.sectionTableOffset + section.rawValue * 8 + 4))
            guard offset >= Layout.headerSize, offset % 4 == 0, count <= (bytes.count - offset) / section.elementSize else { return nil }
            sections.append((offset, count))
        }
        self.file = file
        self.sections = sections
        digestValue = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: Layout.digestOffset, as: UInt64.self))
    }

    /// The merge rules the index was built under.
    var rules: String { text(at: Layout.rulesOffset) ?? "" }

    // MARK: What the store checks

    /// The source files the index was built from.
    var sources: [TypeSources.File] {
        (0..<sections[Layout.Section.sources.rawValue].count).map { index in
            let kind = Int(field(.sources, index, Layout.SourceField.kind))
            return TypeSources.File(
                kind: Layout.sourceKinds.indices.contains(kind) ? Layout.sourceKinds[kind] : .system,
                path: text(.sources, index, Layout.SourceField.path) ?? "",
                size: integer(.sources, index, Layout.SourceField.fileSize),
                modificationTime: integer(.sources, index, Layout.SourceField.modificationTime)
            )
        }
    }

    var problems: [DocKitError] {
        (0..<sections[Layout.Section.problems.rawValue].count).map { index in
            DocKitError(MalformedFileError(
                path: text(.problems, index, Layout.ProblemField.path) ?? "",
                keyPath: text(.problems, index, Layout.ProblemField.keyPath) ?? "",
                reason: text(.problems, index, Layout.ProblemField.reason) ?? ""
            ))
        }
    }

    // MARK: TypeRegistryBacking

    var count: Int { sections[Layout.Section.types.rawValue].count }

    var digest: String { String(digestValue, radix: 16) }

    var allTypes: [UTType] {
        let order = sections[Layout.Section.typeOrder.rawValue]
        return (0..<order.count).compactMap { position in
            type(at: Int(Self.word(in: bytes, at: order.offset + position * 4)))
        }
    }

    var claims: [TypeRegistry.TagClaim] {
        (0..<sections[Layout.Section.claims.rawValue].count).compactMap { index in
            let tagClass = Int(field(.claims, index, Layout.ClaimField.tagClass))
            guard Layout.tagClasses.indices.contains(tagClass),
                  let source = TypeDeclarationSource(rawValue: Int(field(.claims, index, Layout.ClaimField.source)))
            else { return nil }
            return TypeRegistry.TagClaim(
                tagClass: Layout.tagClasses[tagClass],
                value: text(.claims, index, Layout.ClaimField.value) ?? "",
                identifier: text(.claims, index, Layout.ClaimField.identifier) ?? "",
                source: source,
                weight: Int(truncatingIfNeeded: integer(.claims, index, Layout.ClaimField.weight)),
                order: index
            )
        }
    }

    func declaredType(key: String) -> UTType? {
        record(.types, key: key).flatMap(type(at:))
    }

    func types(claiming value: String, tagClass: TypeTagClass) -> [UTType] {
        guard let index = record(.tags(tagClass), key: value) else { return [] }
        let (start, count) = list(.tags(tagClass), index, Layout.TagField.types, wordsEach: 1)
        return (0..<count).compactMap { type(at: Int(word(start + $0))) }
    }

    func conformanceChain(ofDeclared key: String) -> [String]? {
        record(.types, key: key).map { texts(.types, $0, Layout.TypeField.conformanceChain) }
    }

    func isPackage(declared key: String) -> Bool? {
        record(.types, key: key).map { field(.types, $0, Layout.TypeField.flags) & Layout.TypeField.isPackage != 0 }
    }

    private func type(at index: Int) -> UTType? {
        guard (0..<count).contains(index) else { return nil }
        let flags = field(.types, index, Layout.TypeField.flags)
        return UTType(
            identifier: text(.types, index, Layout.TypeField.identifier) ?? "",
            description: text(.types, index, Layout.TypeField.description),
            conformsTo: texts(.types, index, Layout.TypeField.conformsTo),
            filenameExtensions: texts(.types, index, Layout.TypeField.filenameExtensions),
            mimeTypes: texts(.types, index, Layout.TypeField.mimeTypes),
            iconName: text(.types, index, Layout.TypeField.iconName),
            source: TypeDeclarationSource(rawValue: Int(field(.types, index, Layout.TypeField.source))) ?? .system,
            declaredIn: text(.types, index, Layout.TypeField.declaredIn),
            isDeclaredPackage: flags & Layout.TypeField.isDeclaredPackage != 0
        )
    }

    // MARK: Reading, bounds-checked

    /// The record of `section` whose key is `key`, by binary search.
    private func record(_ section: Layout.Section, key: String) -> Int? {
        let wanted = Layout.keyBytes(key)
        var (low, high) = (0, sections[section.rawValue].count)
        while low < high {
            let middle = (low + high) / 2
            let order = compare(reference: recordOffset(section, middle), with: wanted)
            if order == 0 { return middle }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    private func compare(reference: Int, with wanted: [UInt8]) -> Int {
        guard let stored = slice(at: reference) else { return 1 }
        return wanted.withUnsafeBytes { wanted in
            let common = min(stored.count, wanted.count)
            if common > 0 {
                let order = memcmp(stored.baseAddress!, wanted.baseAddress!, common)
                if order != 0 { return Int(order) }
            }
            return stored.count - wanted.count
        }
    }

    private func recordOffset(_ section: Layout.Section, _ index: Int) -> Int {
        sections[section.rawValue].offset + index * section.elementSize
    }

    private func field(_ section: Layout.Section, _ index: Int, _ field: Int) -> UInt32 {
        guard (0..<sections[section.rawValue].count).contains(index) else { return 0 }
        return Self.word(in: bytes, at: recordOffset(section, index) + field * 4)
    }

    private func integer(_ section: Layout.Section, _ index: Int, _ field: Int) -> Int64 {
        let low = UInt64(self.field(section, index, field)), high = UInt64(self.field(section, index, field + 1))
        return Int64(bitPattern: high << 32 | low)
    }

    private func text(_ section: Layout.Section, _ index: Int, _ field: Int) -> String? {
        guard (0..<sections[section.rawValue].count).contains(index) else { return nil }
        return text(at: recordOffset(section, index) + field * 4)
    }

    /// The text an (offset, length) pair at `reference` names; nil when it
    /// says absent, empty when it points outside the text section.
    private func text(at reference: Int) -> String? {
        guard Self.word(in: bytes, at: reference) != Layout.absent else { return nil }
        return slice(at: reference).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    private func slice(at reference: Int) -> UnsafeRawBufferPointer? {
        let (offset, length) = (Int(Self.word(in: bytes, at: reference)), Int(Self.word(in: bytes, at: reference + 4)))
        let text = sections[Layout.Section.bytes.rawValue]
        guard offset <= text.count, length <= text.count - offset else { return nil }
        return UnsafeRawBufferPointer(rebasing: bytes[(text.offset + offset)..<(text.offset + offset + length)])
    }

    private func texts(_ section: Layout.Section, _ index: Int, _ field: Int) -> [String] {
        let (start, count) = list(section, index, field, wordsEach: 2)
        return (0..<count).map { text(at: wordOffset(start + $0 * 2)) ?? "" }
    }

    /// A list's first word and its length, cut to what the word section holds.
    private func list(_ section: Layout.Section, _ index: Int, _ field: Int, wordsEach: Int) -> (start: Int, count: Int) {
        let start = Int(self.field(section, index, field)), count = Int(self.field(section, index, field + 1))
        let available = max(0, sections[Layout.Section.words.rawValue].count - start) / wordsEach
        return (start, min(count, available))
    }

    private func wordOffset(_ word: Int) -> Int {
        sections[Layout.Section.words.rawValue].offset + word * 4
    }

    private func word(_ word: Int) -> UInt32 {
        guard word < sections[Layout.Section.words.rawValue].count else { return UInt32.max }
        return Self.word(in: bytes, at: wordOffset(word))
    }

    private static func word(in bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        guard offset >= 0, offset <= bytes.count - 4 else { return 0 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
