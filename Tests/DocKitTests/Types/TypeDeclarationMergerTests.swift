import Foundation
import Testing
@testable import DocKit

@Suite("TypeDeclarationMerger: precedence and shared-mime-info mapping")
struct TypeDeclarationMergerTests {
    typealias F = TypeFixtures

    static let system = F.declaration("com.example.by-system", conformsTo: ["public.data"], extensions: ["abc"])
    static let exported = F.declaration("com.example.by-exporter", conformsTo: ["public.data"], extensions: ["abc"], source: .exported)
    static let imported = F.declaration("com.example.by-importer", conformsTo: ["public.data"], extensions: ["abc"], source: .imported)
    static let fromMimeInfo = F.mimeType("application/x-abc", comment: "ABC file", globs: [("*.abc", 50)])
    static let freedesktopABC = "org.freedesktop.mime.application.x-abc"

    // MARK: Precedence between sources

    @Test("one extension claimed by every source: system > exported > imported > shared-mime-info")
    func sourcePrecedence() {
        // The declarations are given weakest first: the order of input must not matter.
        let registry = F.registry([Self.imported, Self.exported, Self.system], sharedMimeInfo: [Self.fromMimeInfo])
        #expect(registry.types(withTag: "abc", tagClass: .filenameExtension).map(\.identifier) == [
            "com.example.by-system", "com.example.by-exporter", "com.example.by-importer", Self.freedesktopABC,
        ])
        #expect(registry.preferredType(withTag: "abc", tagClass: .filenameExtension).identifier == "com.example.by-system")
        #expect(registry.type(forFileName: "x.abc", isDirectory: false).identifier == "com.example.by-system")
    }

    @Test("without the stronger sources, the next one wins")
    func nextSourceWins() {
        #expect(F.registry([Self.imported, Self.exported], sharedMimeInfo: [Self.fromMimeInfo])
            .type(forFileName: "x.abc", isDirectory: false).identifier == "com.example.by-exporter")
        #expect(F.registry([Self.imported], sharedMimeInfo: [Self.fromMimeInfo])
            .type(forFileName: "x.abc", isDirectory: false).identifier == "com.example.by-importer")
        #expect(F.registry([], sharedMimeInfo: [Self.fromMimeInfo])
            .type(forFileName: "x.abc", isDirectory: false).identifier == Self.freedesktopABC)
    }

    @Test("the source wins over the identifier's alphabetical order")
    func sourceBeatsIdentifierOrder() {
        let registry = F.registry([
            F.declaration("zzz.system.type", conformsTo: ["public.data"], extensions: ["ord"], source: .system),
            F.declaration("aaa.exported.type", conformsTo: ["public.data"], extensions: ["ord"], source: .exported),
        ])
        #expect(registry.preferredType(withTag: "ord", tagClass: .filenameExtension).identifier == "zzz.system.type")
    }

    @Test("within one source, the one declared first wins, never the alphabet")
    func declarationOrderWithinSource() {
        let one = F.declaration("com.example.one", conformsTo: ["public.data"], extensions: ["dup"], source: .exported)
        let two = F.declaration("com.example.two", conformsTo: ["public.data"], extensions: ["dup"], source: .exported)
        #expect(F.registry([one, two]).preferredType(withTag: "dup", tagClass: .filenameExtension).identifier == "com.example.one")
        #expect(F.registry([two, one]).preferredType(withTag: "dup", tagClass: .filenameExtension).identifier == "com.example.two")
    }

    @Test("a dynamic type standing for a legacy tag loses to a declared type of the same source, though dyn. sorts first")
    func dynamicTypesLoseTies() {
        let dynamic = DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: "ape")
        let legacy = F.declaration(dynamic, conformsTo: ["public.data"], extensions: ["ape"], source: .imported)
        let declared = F.declaration("com.example.monkeys-audio", conformsTo: ["public.audio"], extensions: ["ape"], source: .imported)
        #expect(F.registry([legacy, declared]).type(forFileName: "song.ape", isDirectory: false).identifier == "com.example.monkeys-audio")
    }

    @Test("docbrowser's own types yield an extension to an app that exports it; Apple's do not")
    func supplementaryTypesYield() {
        let ours = F.declaration("org.iso.sql", conformsTo: ["public.data"], extensions: ["sql"], source: .supplementary)
        let app = F.declaration("com.sequel-ace.sql", conformsTo: ["public.data"], extensions: ["sql"], source: .exported)
        #expect(F.registry([ours, app]).preferredType(withTag: "sql", tagClass: .filenameExtension).identifier == "com.sequel-ace.sql")
        let apple = F.declaration("public.sql", conformsTo: ["public.data"], extensions: ["sql"], source: .system)
        #expect(F.registry([app, apple]).preferredType(withTag: "sql", tagClass: .filenameExtension).identifier == "public.sql")
        // An app only importing a type does not outrank docbrowser's declaration.
        let importer = F.declaration("com.example.imported-sql", conformsTo: ["public.data"], extensions: ["sql"], source: .imported)
        #expect(F.registry([importer, ours]).preferredType(withTag: "sql", tagClass: .filenameExtension).identifier == "org.iso.sql")
    }

    @Test("within shared-mime-info the heavier glob wins")
    func globWeight() {
        // The light one sorts first by name, so only the weight can put the heavy one first.
        let light = F.mimeType("application/x-aaa-light", globs: [("*.qq", 40)])
        let heavy = F.mimeType("application/x-zzz-heavy", globs: [("*.qq", 60)])
        for order in [[light, heavy], [heavy, light]] {
            let registry = F.registry([], sharedMimeInfo: order)
            #expect(registry.types(withTag: "qq", tagClass: .filenameExtension).map(\.identifier) == [
                "org.freedesktop.mime.application.x-zzz-heavy", "org.freedesktop.mime.application.x-aaa-light",
            ])
            #expect(registry.type(forFileName: "f.qq", isDirectory: false).identifier == "org.freedesktop.mime.application.x-zzz-heavy")
        }
    }

    @Test("a glob weight does not let shared-mime-info beat a UTI declaration")
    func weightDoesNotCrossSources() {
        let registry = F.registry([Self.imported], sharedMimeInfo: [F.mimeType("application/x-abc", globs: [("*.abc", 100)])])
        #expect(registry.preferredType(withTag: "abc", tagClass: .filenameExtension).identifier == "com.example.by-importer")
    }

    // MARK: One identifier, several sources

    @Test("description and conformances come from the stronger source; tags from every source")
    func sameIdentifierTwoSources() throws {
        let strong = F.declaration("com.example.shared", conformsTo: ["public.text"], extensions: ["shr"], description: "From the system", iconName: "system-icon")
        let weak = F.declaration("com.example.shared", conformsTo: ["public.image"], extensions: ["shx", "shr"], mimeTypes: ["application/x-shared"], description: "From an app", iconName: "app-icon", source: .exported)
        for order in [[strong, weak], [weak, strong]] {
            let registry = F.registry(order)
            let type = try #require(registry.type(withIdentifier: "com.example.shared"))
            #expect(type.description == "From the system")
            #expect(type.conformsTo == ["public.text"])
            #expect(type.iconName == "system-icon")
            #expect(type.source == .system)
            #expect(Set(type.filenameExtensions) == ["shr", "shx"])
            #expect(type.filenameExtensions.count == 2)
            #expect(type.mimeTypes == ["application/x-shared"])
            #expect(registry.conforms("com.example.shared", to: "public.text"))
            #expect(!registry.conforms("com.example.shared", to: "public.image"))
            #expect(registry.preferredType(withTag: "shx", tagClass: .filenameExtension).identifier == "com.example.shared")
            #expect(registry.preferredType(withTag: "application/x-shared", tagClass: .mimeType).identifier == "com.example.shared")
            #expect(registry.allTypes.filter { $0.identifier == "com.example.shared" }.count == 1)
        }
    }

    @Test("a weaker source fills in a description the stronger one lacks")
    func descriptionFallback() throws {
        let registry = F.registry([
            F.declaration("com.example.terse", conformsTo: ["public.data"]),
            F.declaration("com.example.terse", conformsTo: ["public.image"], description: "Described elsewhere", source: .imported),
        ])
        let type = try #require(registry.type(withIdentifier: "com.example.terse"))
        #expect(type.description == "Described elsewhere")
        #expect(type.conformsTo == ["public.data"])
    }

    // MARK: shared-mime-info onto UTIs

    @Test("a MIME type a UTI already tags maps onto that UTI")
    func mimeTypeMapsOntoUTI() throws {
        let pdf = F.mimeType("application/pdf", comment: "PDF (freedesktop)", aliases: ["application/x-pdf", "image/pdf"], subClassOf: ["text/plain"], globs: [("*.pdf", 50), ("*.pdfx", 50)], genericIcon: "x-office-document")
        let registry = F.registry([], sharedMimeInfo: [pdf])
        let type = try #require(registry.type(withIdentifier: "com.adobe.pdf"))
        #expect(type.conformsTo == ["public.data", "public.composite-content"])
        #expect(type.description == "PDF document")
        #expect(type.source == .system)
        #expect(type.mimeTypes.first == "application/pdf")
        #expect(Set(type.mimeTypes) == ["application/pdf", "application/x-pdf", "image/pdf"])
        #expect(Set(type.filenameExtensions) == ["pdf", "pdfx"])
        #expect(registry.preferredType(withTag: "application/x-pdf", tagClass: .mimeType).identifier == "com.adobe.pdf")
        #expect(registry.preferredType(withTag: "image/pdf", tagClass: .mimeType).identifier == "com.adobe.pdf")
        #expect(registry.type(forFileName: "a.pdfx", isDirectory: false).identifier == "com.adobe.pdf")
        #expect(!registry.conforms("com.adobe.pdf", to: UTType.plainText))
        #expect(registry.type(withIdentifier: "org.freedesktop.mime.application.pdf") == nil)
        #expect(registry.allTypes.allSatisfy { !$0.identifier.hasPrefix(TypeDeclarationMerger.freedesktopPrefix) })
    }

    @Test("a MIME type whose alias a UTI tags maps onto that UTI")
    func aliasMapsOntoUTI() throws {
        let registry = F.registry(
            [F.declaration("com.example.foo", conformsTo: ["public.data"], extensions: ["foo"], mimeTypes: ["application/x-foo"])],
            sharedMimeInfo: [F.mimeType("application/vnd.foo", aliases: ["application/x-foo"], globs: [("*.foo2", 50)])]
        )
        let type = try #require(registry.type(withIdentifier: "com.example.foo"))
        #expect(type.conformsTo == ["public.data"])
        #expect(Set(type.mimeTypes) == ["application/x-foo", "application/vnd.foo"])
        #expect(Set(type.filenameExtensions) == ["foo", "foo2"])
        #expect(registry.preferredType(withTag: "application/vnd.foo", tagClass: .mimeType).identifier == "com.example.foo")
        #expect(registry.type(forFileName: "x.foo2", isDirectory: false).identifier == "com.example.foo")
        #expect(registry.type(withIdentifier: "org.freedesktop.mime.application.vnd.foo") == nil)
    }

    @Test("a MIME type no UTI tags becomes an org.freedesktop.mime type of its own")
    func freedesktopType() throws {
        let registry = F.registry([], sharedMimeInfo: [
            F.mimeType("application/x-frob+xml", comment: "Frob document", aliases: ["application/x-frobnicate"], globs: [("*.frob", 50)], genericIcon: "text-x-generic"),
        ])
        let type = try #require(registry.type(withIdentifier: "org.freedesktop.mime.application.x-frob-xml"))
        #expect(type.source == .sharedMimeInfo)
        #expect(type.description == "Frob document")
        #expect(type.iconName == "text-x-generic")
        #expect(type.conformsTo == [UTType.data])
        #expect(type.filenameExtensions == ["frob"])
        #expect(Set(type.mimeTypes) == ["application/x-frob+xml", "application/x-frobnicate"])
        #expect(registry.preferredType(withTag: "application/x-frobnicate", tagClass: .mimeType).identifier == type.identifier)
    }

    @Test("freedesktop identifiers keep letters, digits, - and ., and turn / into .", arguments: [
        ("application/x-foo+xml", "org.freedesktop.mime.application.x-foo-xml"),
        ("text/x-makefile", "org.freedesktop.mime.text.x-makefile"),
        ("Application/VND.Example_Thing", "org.freedesktop.mime.application.vnd.example-thing"),
    ])
    func freedesktopIdentifier(_ mimeType: String, _ expected: String) {
        #expect(TypeDeclarationMerger.freedesktopIdentifier(forMIMEType: mimeType) == expected)
    }

    @Test("a new type conforms to what its media type implies", arguments: [
        ("text/x-thing", UTType.plainText),
        ("image/x-thing", UTType.image),
        ("audio/x-thing", UTType.audio),
        ("video/x-thing", UTType.movie),
        ("application/x-thing", UTType.data),
        ("model/x-thing", UTType.data),
    ])
    func impliedParent(_ mimeType: String, _ parent: String) throws {
        let registry = F.registry([], sharedMimeInfo: [F.mimeType(mimeType, globs: [("*.thing", 50)])])
        let type = try #require(registry.type(withIdentifier: TypeDeclarationMerger.freedesktopIdentifier(forMIMEType: mimeType)))
        #expect(type.conformsTo == [parent])
        #expect(registry.conforms(type.identifier, to: parent))
    }

    @Test("sub-class-of parents become conformances, mapped to UTIs")
    func subClassOfMapsToUTIs() throws {
        let registry = F.registry([], sharedMimeInfo: [
            // The child comes first: parents declared later must still be found.
            F.mimeType("application/x-child", subClassOf: ["application/x-parent"]),
            F.mimeType("application/x-pdf-flavour", subClassOf: ["application/pdf"]),
            F.mimeType("text/x-c-dialect", subClassOf: ["text/x-csrc"]),
            F.mimeType("application/x-parent"),
        ])
        let child = try #require(registry.type(withIdentifier: "org.freedesktop.mime.application.x-child"))
        #expect(child.conformsTo == ["org.freedesktop.mime.application.x-parent"])
        #expect(registry.conforms(child.identifier, to: UTType.data))

        let flavour = try #require(registry.type(withIdentifier: "org.freedesktop.mime.application.x-pdf-flavour"))
        #expect(flavour.conformsTo == ["com.adobe.pdf"])
        #expect(registry.conforms(flavour.identifier, to: "public.composite-content"))

        let dialect = try #require(registry.type(withIdentifier: "org.freedesktop.mime.text.x-c-dialect"))
        #expect(dialect.conformsTo.first == "public.c-source")
        #expect(registry.conforms(dialect.identifier, to: "public.c-source"))
        #expect(registry.conforms(dialect.identifier, to: UTType.plainText))
    }

    @Test("inode/* and x-content/* types are not document types", arguments: ["inode/directory", "inode/mount-point", "x-content/image-dcf"])
    func ignoredMediaTypes(_ mimeType: String) {
        let registry = F.registry([], sharedMimeInfo: [F.mimeType(mimeType, comment: "not a document", globs: [("*.ignoreme", 50)])])
        #expect(registry.count == F.base().count)
        #expect(registry.types(withTag: mimeType, tagClass: .mimeType).isEmpty)
        #expect(registry.types(withTag: "ignoreme", tagClass: .filenameExtension).isEmpty)
    }
}
