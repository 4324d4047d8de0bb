import Testing
@testable import DocKit

@Suite("Archive formats named on the command line")
struct ArchiveFormatTests {
    static let registry = TypeFixtures.registry([
        TypeFixtures.declaration("public.tar-bzip2-archive", conformsTo: ["public.data", "public.archive"], extensions: ["tbz2", "tar.bz2"]),
        TypeFixtures.declaration("org.example.shar", conformsTo: ["public.data", "public.archive"], extensions: ["shar"]),
    ])

    @Test(arguments: [("zip", ArchiveFormat.zip), ("tar.gz", .tarGzip), (".tgz", .tarGzip), ("TAR.XZ", .tarXz), ("tzst", .tarZstd), ("7z", .sevenZip)])
    func bundledFormatsByNameOrAlias(_ argument: String, _ expected: ArchiveFormat) throws {
        #expect(try ArchiveFormat(argument: argument, registry: Self.registry) == expected)
    }

    @Test func aDeclaredArchiveTypeByExtensionOrIdentifier() throws {
        #expect(try ArchiveFormat(argument: "shar", registry: Self.registry) == ArchiveFormat(name: "shar", typeIdentifier: "org.example.shar"))
        #expect(try ArchiveFormat(argument: "org.example.shar", registry: Self.registry) == ArchiveFormat(name: "shar", typeIdentifier: "org.example.shar"))
        #expect(try ArchiveFormat(argument: "tar.bz2", registry: Self.registry).typeIdentifier == "public.tar-bzip2-archive")
    }

    @Test(arguments: ["txt", "pdf", "nonsense", "public.plain-text"])
    func anythingButAnArchiveIsRefused(_ argument: String) {
        #expect(throws: ArchiveFormatError(argument: argument)) { try ArchiveFormat(argument: argument, registry: Self.registry) }
    }

    @Test func theOutputNameChoosesWhenNoFormatIsGiven() {
        #expect(ArchiveFormat(filename: "out.TGZ", registry: Self.registry) == .tarGzip)
        #expect(ArchiveFormat(filename: "/x/y/out.tar.bz2", registry: Self.registry)?.typeIdentifier == "public.tar-bzip2-archive")
        #expect(ArchiveFormat(filename: "notes.txt", registry: Self.registry) == nil)
        #expect(ArchiveFormat(filename: "archive", registry: Self.registry) == nil)
    }
}
