import Foundation

/// Lays out a registry as ``TypeRegistryIndexLayout`` describes, with every
/// answer a lookup needs precomputed: the types claiming each tag, ranked
/// and deduplicated, and each type's conformance chain and package flag.
struct TypeRegistryIndexWriter {
    private typealias Layout = TypeRegistryIndexLayout

    private var bytes: [UInt8] = []
    private var textOffsets: [[UInt8]: UInt32] = [:]
    private var words: [UInt32] = []
    private var sections: [Layout.Section: [UInt32]] = [:]

    /// The index of `registry`, built from `sources` under the merge rules
    /// named `rules`, with the problems its rebuild met.
    static func index(of registry: TypeRegistry, sources: [TypeSources.File], problems: [DocKitError], rules: String) -> [UInt8] {
        var writer = TypeRegistryIndexWriter()
        let rulesReference = writer.text(rules)
        for file in sources {
            writer.append(.sources, [UInt32(Layout.sourceKinds.firstIndex(of: file.kind) ?? 0)] + writer.text(file.path) + Self.split(file.size) + Self.split(file.modificationTime))
        }
        for problem in problems {
            writer.append(.problems, writer.text(problem.malformedFile.path) + writer.text(problem.malformedFile.keyPath) + writer.text(problem.malformedFile.reason))
        }
        let indices = writer.appendTypes(of: registry)
        for claim in registry.claims {
            let tagClass = UInt32(Layout.tagClasses.firstIndex(of: claim.tagClass) ?? 0)
            writer.append(.claims, [tagClass] + writer.text(claim.value) + writer.text(claim.identifier) + [UInt32(truncatingIfNeeded: claim.source.rawValue)] + Self.split(Int64(claim.weight)))
        }
        for tagClass in Layout.tagClasses {
            writer.appendTags(tagClass, of: registry, indices: indices)
        }
        return writer.assemble(digest: UInt64(registry.digest, radix: 16) ?? 0, rules: rulesReference)
    }

    /// Appends the type records sorted by key, then their identifier
    /// order; returns each key's record index.
    private mutating func appendTypes(of registry: TypeRegistry) -> [String: UInt32] {
        let types = registry.allTypes
        let sorted = types.indices.map { (position: $0, key: Layout.keyBytes(TypeRegistry.key(types[$0].identifier))) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
        var recordByPosition = [UInt32](repeating: 0, count: types.count)
        var indices: [String: UInt32] = [:]
        for (record, entry) in sorted.enumerated() {
            let type = types[entry.position]
            recordByPosition[entry.position] = UInt32(record)
            indices[TypeRegistry.key(type.identifier)] = UInt32(record)
            var flags: UInt32 = 0
            if type.isDeclaredPackage { flags |= Layout.TypeField.isDeclaredPackage }
            if registry.isPackage(type.identifier) { flags |= Layout.TypeField.isPackage }
            var fields = bytesReference(entry.key) + text(type.identifier) + text(type.description) + text(type.iconName) + text(type.declaredIn)
            fields += [UInt32(truncatingIfNeeded: type.source.rawValue), flags]
            fields += textList(type.conformsTo) + textList(registry.conformanceChain(of: type.identifier))
            fields += textList(type.filenameExtensions) + textList(type.mimeTypes)
            append(.types, fields)
        }
        append(.typeOrder, recordByPosition)
        return indices
    }

    /// Every tag a claim names, with the declared types claiming it as the
    /// registry ranks them; tags only undeclared types claim are left out,
    /// as the registry leaves them out.
    private mutating func appendTags(_ tagClass: TypeTagClass, of registry: TypeRegistry, indices: [String: UInt32]) {
        var values = Set<String>()
        for claim in registry.claims where claim.tagClass == tagClass { values.insert(claim.value) }
        let entries = values.map { (value: $0, key: Layout.keyBytes($0)) }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        for entry in entries {
            let types = registry.backing.types(claiming: entry.value, tagClass: tagClass)
            guard !types.isEmpty else { continue }
            let start = UInt32(words.count)
            words += types.compactMap { indices[TypeRegistry.key($0.identifier)] }
            append(.tags(tagClass), bytesReference(entry.key) + [start, UInt32(words.count) - start])
        }
    }

    private mutating func append(_ section: Layout.Section, _ fields: [UInt32]) {
        sections[section, default: []] += fields
    }

    private mutating func text(_ text: String?) -> [UInt32] {
        guard let text else { return [Layout.absent, 0] }
        return bytesReference(Array(text.utf8))
    }

    /// Equal texts are stored once: identifiers and paths recur in every
    /// chain and claim.
    private mutating func bytesReference(_ text: [UInt8]) -> [UInt32] {
        if let offset = textOffsets[text] { return [offset, UInt32(text.count)] }
        let offset = UInt32(bytes.count)
        bytes += text
        textOffsets[text] = offset
        return [offset, UInt32(text.count)]
    }

    private mutating func textList(_ texts: [String]) -> [UInt32] {
        let references = texts.flatMap { text($0) }
        let start = UInt32(words.count)
        words += references
        return [start, UInt32(texts.count)]
    }

    private static func split(_ value: Int64) -> [UInt32] {
        let bits = UInt64(bitPattern: value)
        return [UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits >> 32)]
    }

    private func assemble(digest: UInt64, rules: [UInt32]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Layout.headerSize)
        Self.put(Layout.magic, at: 0, in: &output)
        Self.put(Layout.version, at: Layout.versionOffset, in: &output)
        Self.put(digest, at: Layout.digestOffset, in: &output)
        Self.put(rules[0], at: Layout.rulesOffset, in: &output)
        Self.put(rules[1], at: Layout.rulesOffset + 4, in: &output)
        for section in Layout.Section.allCases {
            output += [UInt8](repeating: 0, count: (8 - output.count % 8) % 8)
            let content: [UInt8]
            let count: Int
            switch section {
            case .bytes: (content, count) = (bytes, bytes.count)
            case .words: (content, count) = (Self.littleEndian(words), words.count)
            default:
                let fields = sections[section] ?? []
                (content, count) = (Self.littleEndian(fields), fields.count * 4 / section.elementSize)
            }
            Self.put(UInt32(output.count), at: Layout.sectionTableOffset + section.rawValue * 8, in: &output)
            Self.put(UInt32(count), at: Layout.sectionTableOffset + section.rawValue * 8 + 4, in: &output)
            output += content
        }
        output += [UInt8](repeating: 0, count: (8 - output.count % 8) % 8)
        let checksum = output.withUnsafeBytes { Layout.checksum($0) }
        Self.put(checksum, at: Layout.checksumOffset, in: &output)
        return output
    }

    private static func littleEndian(_ words: [UInt32]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(words.count * 4)
        for word in words { withUnsafeBytes(of: word.littleEndian) { output += $0 } }
        return output
    }

    private static func put(_ value: some FixedWidthInteger, at offset: Int, in output: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { output.replaceSubrange(offset..<offset + $0.count, with: $0) }
    }

    private static func put(_ bytes: [UInt8], at offset: Int, in output: inout [UInt8]) {
        output.replaceSubrange(offset..<offset + bytes.count, with: bytes)
    }
}
