import Foundation
import Testing
@testable import DocKit

@Suite("TypeRegistryIndex")
struct TypeRegistryIndexTests {
    typealias Layout = TypeRegistryIndexLayout

    /// docbrowser's own declarations and the machine's shared-mime-info, as
    /// a command loads them.
    static let systemRegistry = TypeSources(
        systemDirectories: [SystemTypes.directory],
        sharedMimeInfoDirectories: TypeSources.sharedMimeInfoDirectories(environment: ProcessInfo.processInfo.environment)
    ).load().registry

    static func index(of registry: TypeRegistry) -> [UInt8] {
        TypeRegistryIndexWriter.index(of: registry, sources: [], problems: [], rules: "test")
    }

    static func open(_ bytes: [UInt8], in tmp: TemporaryDirectory) throws -> TypeRegistryIndex? {
        let url = try tmp.write(bytes: bytes, to: "index-\(UUID().uuidString)")
        return TypeRegistryIndex(path: url.path)
    }

    // MARK: The same answers

    @Test("the mapped system registry gives every answer the built one gives")
    func sameAnswers() throws {
        let tmp = try TemporaryDirectory("index-answers")
        let built = Self.systemRegistry
        let mapped = TypeRegistry(backing: try #require(try Self.open(Self.index(of: built), in: tmp)))
        #expect(built.count >= 900)
        #expect(mapped.count == built.count)
        #expect(mapped.digest == built.digest)
        #expect(mapped.allTypes == built.allTypes)
        #expect(mapped.claims == built.claims)

        for tagClass in TypeTagClass.allCases {
            let tags = Set(built.claims.filter { $0.tagClass == tagClass }.map(\.value))
            #expect(tags.count > 100)
            for tag in tags.sorted() {
                Self.expectSameAnswers(built, mapped, tag: tag, tagClass: tagClass)
            }
        }
        for tag in ["zqzq", "TAR.GZ", ".Pdf", "text/plain; charset=\"UTF-8\"", "text/x-nothing; charset=utf-8", "", "é", "e\u{301}"] {
            for tagClass in TypeTagClass.allCases {
                Self.expectSameAnswers(built, mapped, tag: tag, tagClass: tagClass)
            }
        }

        var identifiers = Set(built.allTypes.flatMap { [$0.identifier] + $0.conformsTo })
        identifiers.formUnion(identifiers.map { $0.uppercased() })
        identifiers.formUnion(["public.nothing", "", DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: "zqzq", conformingTo: UTType.data)])
        for identifier in identifiers.sorted() {
            #expect(mapped.type(withIdentifier: identifier) == built.type(withIdentifier: identifier), "\(identifier)")
            #expect(mapped.conformanceChain(of: identifier) == built.conformanceChain(of: identifier), "\(identifier)")
            #expect(mapped.isPackage(identifier) == built.isPackage(identifier), "\(identifier)")
            #expect(mapped.conforms(identifier, to: UTType.data) == built.conforms(identifier, to: UTType.data), "\(identifier)")
        }
    }

    private static func expectSameAnswers(_ built: TypeRegistry, _ mapped: TypeRegistry, tag: String, tagClass: TypeTagClass) {
        for variant in [tag, tag.uppercased(), tag + ";charset=utf-8"] {
            #expect(mapped.types(withTag: variant, tagClass: tagClass) == built.types(withTag: variant, tagClass: tagClass), "\(variant)")
            #expect(mapped.types(withTag: variant, tagClass: tagClass, conformingTo: UTType.text) == built.types(withTag: variant, tagClass: tagClass, conformingTo: UTType.text), "\(variant)")
            #expect(mapped.preferredType(withTag: variant, tagClass: tagClass) == built.preferredType(withTag: variant, tagClass: tagClass), "\(variant)")
        }
        guard tagClass == .filenameExtension else { return }
        for isDirectory in [false, true] {
            #expect(mapped.type(forFileName: "a.\(tag)", isDirectory: isDirectory) == built.type(forFileName: "a.\(tag)", isDirectory: isDirectory), "a.\(tag)")
        }
    }

    @Test("keys that Swift takes for one string are one key in the index")
    func canonicalEquivalence() throws {
        let tmp = try TemporaryDirectory("index-nfc")
        let built = TypeDeclarationMerger.merge(TypeFixtures.base() + [TypeFixtures.declaration("com.example.caf\u{E9}", conformsTo: [UTType.data], extensions: ["caf\u{E9}"])])
        let mapped = TypeRegistry(backing: try #require(try Self.open(Self.index(of: built), in: tmp)))
        for spelling in ["caf\u{E9}", "cafe\u{301}", "CAF\u{C9}"] {
            #expect(mapped.type(forFileName: "x.\(spelling)", isDirectory: false) == built.type(forFileName: "x.\(spelling)", isDirectory: false))
            #expect(mapped.type(withIdentifier: "com.example.\(spelling)") == built.type(withIdentifier: "com.example.\(spelling)"))
        }
        #expect(mapped.type(withIdentifier: "com.example.cafe\u{301}")?.identifier == "com.example.caf\u{E9}")
    }

    // MARK: Damaged indexes

    @Test("a truncated index is refused")
    func truncated() throws {
        let tmp = try TemporaryDirectory("index-truncated")
        let bytes = Self.index(of: SystemTypes.registry)
        #expect(try Self.open(bytes, in: tmp) != nil)
        for length in [0, 1, 8, Layout.headerSize - 1, Layout.headerSize, Layout.headerSize + 8, bytes.count / 2, bytes.count - 8, bytes.count - 1] {
            #expect(try Self.open(Array(bytes.prefix(length)), in: tmp) == nil, "\(length) bytes")
        }
    }

    @Test("an index with any byte changed is refused")
    func corrupted() throws {
        let tmp = try TemporaryDirectory("index-corrupted")
        let bytes = Self.index(of: SystemTypes.registry)
        for position in Array(0..<Layout.headerSize) + Array(stride(from: Layout.headerSize, to: bytes.count, by: 4_099)) {
            var damaged = bytes
            damaged[position] ^= 0x10
            #expect(try Self.open(damaged, in: tmp) == nil, "byte \(position)")
        }
        var otherVersion = bytes
        otherVersion[Layout.versionOffset] &+= 1
        Self.seal(&otherVersion)
        #expect(try Self.open(otherVersion, in: tmp) == nil)
    }

    /// What a writer's bug would leave: a checksum that holds over
    /// nonsense. Answers may be wrong; reading must stay in bounds.
    @Test("an index of nonsense under a good checksum is read within bounds")
    func nonsense() throws {
        let tmp = try TemporaryDirectory("index-nonsense")
        let bytes = Self.index(of: SystemTypes.registry)
        var random = SplitMix64(seed: 13)
        for round in 0..<40 {
            var damaged = bytes
            for _ in 0..<(1 + round % 8) {
                // The section table half the time, anywhere the rest.
                let range = round % 2 == 0 ? Layout.sectionTableOffset..<Layout.headerSize : Layout.versionOffset..<bytes.count
                let position = range.lowerBound + Int(random.next() % UInt64(range.count)) & ~3
                let value = round % 3 == 0 ? UInt32.max - UInt32(random.next() % 4) : UInt32(truncatingIfNeeded: random.next() % 1_000_000)
                withUnsafeBytes(of: value.littleEndian) { damaged.replaceSubrange(position..<min(position + 4, damaged.count), with: $0.prefix(damaged.count - position)) }
            }
            Self.seal(&damaged)
            guard let index = try Self.open(damaged, in: tmp) else { continue }
            let registry = TypeRegistry(backing: index)
            _ = (index.sources, index.problems, index.rules, registry.digest, registry.claims)
            for type in registry.allTypes.prefix(300) {
                _ = registry.conformanceChain(of: type.identifier)
                _ = registry.isPackage(type.identifier)
            }
            for name in ["a.pdf", "a.tar.gz", "Letter.pages", "x.zqzq", "IMG.JPG"] {
                _ = registry.type(forFileName: name, isDirectory: false)
                _ = registry.type(forFileName: name, isDirectory: true)
            }
            _ = registry.preferredType(withTag: "application/pdf", tagClass: .mimeType)
        }
    }

    private static func seal(_ bytes: inout [UInt8]) {
        let checksum = bytes.withUnsafeBytes { Layout.checksum($0) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(Layout.checksumOffset..<Layout.checksumOffset + 8, with: $0) }
    }
}

/// Reproducible noise, so that a failing round fails again.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
