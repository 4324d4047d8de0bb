import Foundation
import Testing
@testable import DocKit

@Suite("TypeRegistry")
struct TypeRegistryTests {
    typealias F = TypeFixtures

    /// d → b, c; b → a; c → a; a → public.data: a diamond.
    static let diamond = F.registry([
        F.declaration("com.example.a", conformsTo: ["public.data"], extensions: ["exa"]),
        F.declaration("com.example.b", conformsTo: ["com.example.a"]),
        F.declaration("com.example.c", conformsTo: ["com.example.a", "public.content"]),
        F.declaration("com.example.d", conformsTo: ["com.example.b", "com.example.c"], extensions: ["exd"]),
    ])

    // MARK: Conformance

    @Test("conformance is reflexive", arguments: ["public.item", "public.png", "com.example.d", "com.example.undeclared"])
    func reflexive(_ identifier: String) {
        #expect(Self.diamond.conforms(identifier, to: identifier))
    }

    @Test("conformance is transitive")
    func transitive() {
        let registry = Self.diamond
        #expect(registry.conforms("public.png", to: "public.image"))
        #expect(registry.conforms("public.png", to: "public.data"))
        #expect(registry.conforms("public.png", to: "public.item"))
        #expect(registry.conforms("public.png", to: "public.content"))
        #expect(registry.conforms("com.example.d", to: "com.example.a"))
        #expect(registry.conforms("com.example.d", to: "public.item"))
        #expect(registry.conforms("com.example.d", to: "public.content"))
    }

    @Test("conformance is not symmetric, nor between siblings")
    func notSymmetric() {
        let registry = Self.diamond
        #expect(!registry.conforms("public.image", to: "public.png"))
        #expect(!registry.conforms("public.png", to: "public.text"))
        #expect(!registry.conforms("com.example.b", to: "com.example.c"))
        #expect(!registry.conforms("com.example.b", to: "public.content"))
        #expect(!registry.conforms("public.folder", to: "public.data"))
        #expect(!registry.conforms("com.example.undeclared", to: "public.data"))
    }

    @Test("the conformance chain is breadth-first, starts with the type, and lists each type once")
    func chainIsBreadthFirst() {
        #expect(Self.diamond.conformanceChain(of: "com.example.d") == [
            "com.example.d", "com.example.b", "com.example.c", "com.example.a", "public.content", "public.data", "public.item",
        ])
        #expect(Self.diamond.conformanceChain(of: "public.png") == [
            "public.png", "public.image", "public.data", "public.content", "public.item",
        ])
    }

    @Test("an undeclared identifier's chain is just itself")
    func chainOfUnknown() {
        #expect(Self.diamond.conformanceChain(of: "com.example.nope") == ["com.example.nope"])
        #expect(Self.diamond.type(withIdentifier: "com.example.nope") == nil)
    }

    @Test("identifiers compare case-insensitively")
    func identifiersCaseInsensitive() throws {
        let registry = Self.diamond
        let type = try #require(registry.type(withIdentifier: "COM.Example.D"))
        #expect(type.identifier == "com.example.d")
        #expect(registry.conforms("COM.EXAMPLE.D", to: "Public.Data"))
        #expect(registry.conforms("public.png", to: "PUBLIC.IMAGE"))
        #expect(registry.conformanceChain(of: "Com.Example.B") == ["com.example.b", "com.example.a", "public.data", "public.item"])
    }

    @Test("declarations whose identifiers differ only in case are one type")
    func caseVariantsMerge() throws {
        let registry = F.registry([
            F.declaration("com.apple.iWork.Pages.pages", conformsTo: ["com.apple.package"], extensions: ["pages"], source: .system),
            F.declaration("com.apple.iwork.pages.pages", conformsTo: ["public.data"], extensions: ["pagesx"], source: .exported),
        ])
        let matching = registry.allTypes.filter { $0.identifier.lowercased() == "com.apple.iwork.pages.pages" }
        #expect(matching.count == 1)
        let type = try #require(matching.first)
        #expect(type.conformsTo == ["com.apple.package"])
        #expect(Set(type.filenameExtensions) == ["pages", "pagesx"])
    }

    // MARK: Tags

    @Test("an unknown extension gets a stable dyn. type that conforms to public.data")
    func unknownExtension() throws {
        let registry = Self.diamond
        let first = registry.preferredType(withTag: "zqzq", tagClass: .filenameExtension)
        let second = registry.preferredType(withTag: "zqzq", tagClass: .filenameExtension)
        #expect(first.identifier.hasPrefix("dyn."))
        #expect(first.isDynamic)
        #expect(first.source == .dynamic)
        #expect(first.identifier == second.identifier)
        #expect(first.identifier == DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: "zqzq"))
        #expect(first.conformsTo == [UTType.data])
        #expect(first.filenameExtensions == ["zqzq"])
        #expect(registry.conforms(first.identifier, to: UTType.data))
        #expect(registry.conforms(first.identifier, to: UTType.item))
        // Another registry, another day: the same identifier.
        #expect(F.registry().preferredType(withTag: "ZQZQ", tagClass: .filenameExtension).identifier == first.identifier)
        // And a file with that extension is that type.
        #expect(registry.type(forFileName: "notes.zqzq", isDirectory: false).identifier == first.identifier)
        // The identifier decodes back into the type without being declared.
        let decoded = try #require(registry.type(withIdentifier: first.identifier))
        #expect(decoded.filenameExtensions == ["zqzq"])
        #expect(decoded.conformsTo == [UTType.data])
    }

    @Test("an unknown MIME type gets a dyn. type too")
    func unknownMIMEType() {
        let type = Self.diamond.preferredType(withTag: "application/x-nobody-claims", tagClass: .mimeType)
        #expect(type.isDynamic)
        #expect(type.mimeTypes == ["application/x-nobody-claims"])
        #expect(type.filenameExtensions.isEmpty)
    }

    @Test("a known tag gives the declared type")
    func knownTag() {
        let registry = Self.diamond
        #expect(registry.preferredType(withTag: "png", tagClass: .filenameExtension).identifier == "public.png")
        #expect(registry.preferredType(withTag: "image/png", tagClass: .mimeType).identifier == "public.png")
        #expect(registry.preferredType(withTag: "Application/PDF; charset=binary", tagClass: .mimeType).identifier == "com.adobe.pdf")
    }

    @Test("extension lookup is case-insensitive", arguments: ["PDF", "Pdf", "pdf", ".pdf"])
    func extensionCaseInsensitive(_ tag: String) {
        #expect(Self.diamond.preferredType(withTag: tag, tagClass: .filenameExtension).identifier == "com.adobe.pdf")
        #expect(Self.diamond.types(withTag: tag, tagClass: .filenameExtension).map(\.identifier) == ["com.adobe.pdf"])
    }

    @Test("file names with upper-case extensions are found")
    func fileNameCaseInsensitive() {
        #expect(Self.diamond.type(forFileName: "REPORT.PDF", isDirectory: false).identifier == "com.adobe.pdf")
        #expect(Self.diamond.type(forFileName: "Backup.TAR.GZ", isDirectory: false).identifier == "org.gnu.gnu-zip-tar-archive")
    }

    @Test("the longest multi-part extension wins: tar.gz over gz")
    func multiPartExtension() {
        let registry = Self.diamond
        #expect(registry.type(forFileName: "a.b.tar.gz", isDirectory: false).identifier == "org.gnu.gnu-zip-tar-archive")
        #expect(registry.type(forFileName: "a.tar.gz", isDirectory: false).identifier == "org.gnu.gnu-zip-tar-archive")
        #expect(registry.type(forFileName: "a.gz", isDirectory: false).identifier == "org.gnu.gnu-zip-archive")
        #expect(registry.type(forFileName: "a.tgz", isDirectory: false).identifier == "org.gnu.gnu-zip-tar-archive")
    }

    @Test("a name without an extension is public.data", arguments: ["Makefile", ".bashrc", "name.", "..."])
    func noExtension(_ name: String) {
        #expect(Self.diamond.type(forFileName: name, isDirectory: false).identifier == UTType.data)
    }

    @Test("extension candidates", arguments: [
        (".bashrc", [String]()),
        ("name.", []),
        ("plain", []),
        ("", []),
        ("a.tar.gz", ["tar.gz", "gz"]),
        ("a.b.tar.gz", ["b.tar.gz", "tar.gz", "gz"]),
        ("x.y.z.w.v", ["z.w.v", "w.v", "v"]),
        (".hidden.txt", ["txt"]),
        ("archive..gz", ["gz"]),
    ])
    func extensionCandidates(_ name: String, _ expected: [String]) {
        #expect(TypeRegistry.extensionCandidates(of: name) == expected)
    }

    // MARK: Packages and folders

    @Test("a directory whose extension names a package type is that package")
    func packageDirectory() {
        let type = Self.diamond.type(forFileName: "X.rtfd", isDirectory: true)
        #expect(type.identifier == "com.apple.rtfd")
        #expect(Self.diamond.isPackage(type.identifier))
    }

    @Test("a directory whose extension names no package type is a folder", arguments: ["Photos.d", "x.pdf", "plain", "a.tar.gz", "odd.zqzq"])
    func folderDirectory(_ name: String) {
        let type = Self.diamond.type(forFileName: name, isDirectory: true)
        #expect(type.identifier == UTType.folder)
        #expect(!Self.diamond.isPackage(type.identifier))
    }

    @Test("isPackage follows com.apple.package and LSTypeIsPackage")
    func isPackage() {
        let registry = F.registry([
            F.declaration("com.example.bundle", conformsTo: ["public.directory"], extensions: ["exbundle"], isDeclaredPackage: true),
            F.declaration("com.example.sub-bundle", conformsTo: ["com.example.bundle"], extensions: ["exsub"]),
        ])
        #expect(registry.isPackage("com.apple.package"))
        #expect(registry.isPackage("com.apple.rtfd"))
        #expect(registry.isPackage("com.example.bundle"))
        #expect(!registry.conforms("com.example.bundle", to: UTType.package))
        #expect(registry.isPackage("com.example.sub-bundle"))
        #expect(!registry.isPackage("public.folder"))
        #expect(!registry.isPackage("public.directory"))
        #expect(!registry.isPackage("com.adobe.pdf"))
        #expect(registry.type(forFileName: "Thing.exbundle", isDirectory: true).identifier == "com.example.bundle")
        #expect(registry.type(forFileName: "Thing.EXSUB", isDirectory: true).identifier == "com.example.sub-bundle")
    }

    @Test("a directory whose type is declared with LSTypeIsPackage is that package, whatever the type conforms to")
    func declaredPackageDirectory() {
        // An app declares its document type as data, and its document type
        // entry says LSTypeIsPackage: the directory is a package (SPEC,
        // "Document": "declared with LSTypeIsPackage").
        let registry = F.registry([
            F.declaration("com.example.legacydoc", conformsTo: ["public.data"], extensions: ["ldoc"], description: "Legacy document", source: .exported),
            TypeDeclaration(identifier: "com.example.legacydoc", conformsTo: [UTType.package], source: .imported, isDeclaredPackage: true),
        ])
        #expect(registry.isPackage("com.example.legacydoc"))
        #expect(registry.type(withIdentifier: "com.example.legacydoc")?.description == "Legacy document")
        #expect(registry.type(forFileName: "Thing.ldoc", isDirectory: true).identifier == "com.example.legacydoc")
    }

    @Test("one extension claimed by a package type and a flat-file type, as iWork does")
    func iWorkLikeSharedExtension() {
        let registry = F.registry([
            F.declaration("com.example.kdoc.package", conformsTo: ["com.apple.package", "public.composite-content"], extensions: ["kdoc"]),
            F.declaration("com.example.kdoc.flat", conformsTo: ["public.data", "public.composite-content"], extensions: ["kdoc"]),
        ])
        #expect(Set(registry.types(withTag: "kdoc", tagClass: .filenameExtension).map(\.identifier)) == ["com.example.kdoc.package", "com.example.kdoc.flat"])
        #expect(registry.types(withTag: "kdoc", tagClass: .filenameExtension, conformingTo: UTType.package).map(\.identifier) == ["com.example.kdoc.package"])
        #expect(registry.types(withTag: "kdoc", tagClass: .filenameExtension, conformingTo: UTType.data).map(\.identifier) == ["com.example.kdoc.flat"])
        #expect(registry.types(withTag: "kdoc", tagClass: .filenameExtension, conformingTo: "public.image").isEmpty)
        #expect(registry.type(forFileName: "Letter.kdoc", isDirectory: true).identifier == "com.example.kdoc.package")
        #expect(registry.type(forFileName: "Letter.kdoc", isDirectory: false).identifier == "com.example.kdoc.flat")
        #expect(registry.preferredType(withTag: "kdoc", tagClass: .filenameExtension, conformingTo: UTType.directory).identifier == "com.example.kdoc.package")
    }

    @Test("allTypes lists every declared type once, in identifier order")
    func allTypes() {
        let identifiers = Self.diamond.allTypes.map(\.identifier)
        #expect(identifiers == identifiers.sorted())
        #expect(Set(identifiers).count == identifiers.count)
        #expect(identifiers.count == Self.diamond.count)
        #expect(identifiers.count == F.base().count + 4)
    }
}
