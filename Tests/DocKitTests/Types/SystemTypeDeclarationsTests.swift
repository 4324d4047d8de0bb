import Foundation
import Testing
@testable import DocKit

/// docbrowser's own declarations, `share/docbrowser/types`: they load, form
/// a sound graph, and say what Apple's declarations say.
@Suite("System type declarations")
struct SystemTypeDeclarationsTests {
    static var registry: TypeRegistry { SystemTypes.registry }

    @Test("the files built into DocKit are the source tree's, byte for byte")
    func builtInFilesAreTheSourceTrees() throws {
        let share = SystemTypes.directory.deletingLastPathComponent()
        var names: [String] = []
        for folder in ["types", "handlers"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: share.appending(path: folder).path)
            names += files.filter { $0.hasSuffix(".plist") || $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
        }
        #expect(BundledFile.all.map(\.name) == names)
        for file in BundledFile.all {
            #expect(Data(file.text.utf8) == (try Data(contentsOf: share.appending(path: file.name))), "\(file.name)")
        }
    }

    @Test("every file loads without a warning, as Apple's declarations or, in supplements.plist, docbrowser's own", arguments: SystemTypes.files.map(\.lastPathComponent))
    func fileLoads(_ name: String) throws {
        var warnings: [DocKitError] = []
        let declarations = try InfoPlistTypeDeclarations.load(from: SystemTypes.directory.appending(path: name), exportedAs: .system, warnings: &warnings)
        #expect(warnings.map(\.description) == [])
        #expect(!declarations.isEmpty)
        let expected: TypeDeclarationSource = name == "supplements.plist" ? .supplementary : .system
        #expect(declarations.allSatisfy { $0.source == expected })
    }

    @Test("docbrowser's own types are the supplementary ones, not Apple's")
    func supplementaryTypes() throws {
        for identifier in ["org.iso.sql", "org.golang.go-source", "com.microsoft.typescript", "io.toml.toml"] {
            #expect(Self.registry.type(withIdentifier: identifier)?.source == .supplementary, "\(identifier)")
        }
        for identifier in ["public.rust-source", "public.mpeg-2-transport-stream", "com.apple.property-list"] {
            #expect(Self.registry.type(withIdentifier: identifier)?.source == .system, "\(identifier)")
        }
    }

    @Test("TypeSources reports no problem with the shipped files")
    func sourcesLoadCleanly() {
        let loaded = TypeSources(systemDirectories: [SystemTypes.directory]).load()
        #expect(loaded.problems.map(\.description) == [])
        #expect(loaded.files.count == SystemTypes.files.count)
        #expect(loaded.registry.count == Self.registry.count)
    }

    @Test("no identifier is declared twice")
    func noDuplicates() throws {
        let identifiers = try SystemTypes.declarations().map { $0.identifier.lowercased() }
        let duplicates = Dictionary(grouping: identifiers, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(duplicates == [])
    }

    @Test("at least 150 types")
    func count() {
        #expect(Self.registry.count >= 150)
    }

    @Test("every UTTypeConformsTo target is declared")
    func conformancesDeclared() {
        #expect(GraphChecks.undeclaredConformances(in: Self.registry) == [])
    }

    @Test("the conformance graph is acyclic")
    func acyclic() {
        #expect(GraphChecks.cycles(in: Self.registry) == [])
        for type in Self.registry.allTypes {
            let supertypes = Self.registry.conformanceChain(of: type.identifier).dropFirst()
            #expect(!supertypes.contains { $0.lowercased() == type.identifier.lowercased() }, "\(type.identifier)")
        }
    }

    @Test("the types DocKit's rules name are declared", arguments: [
        UTType.item, UTType.content, UTType.data, UTType.directory, UTType.folder, UTType.symbolicLink,
        UTType.package, UTType.text, UTType.plainText, UTType.image, UTType.audio, UTType.movie,
    ])
    func coreTypesDeclared(_ identifier: String) {
        #expect(Self.registry.type(withIdentifier: identifier)?.source == .system)
    }

    // MARK: Apple's facts

    @Test("com.adobe.pdf")
    func pdf() throws {
        let pdf = try #require(Self.registry.type(withIdentifier: "com.adobe.pdf"))
        #expect(pdf.conformsTo == ["public.data", "public.composite-content"])
        #expect(pdf.filenameExtensions.contains("pdf"))
        #expect(pdf.preferredFilenameExtension == "pdf")
        #expect(pdf.preferredMIMEType == "application/pdf")
        let chain = Self.registry.conformanceChain(of: "com.adobe.pdf")
        #expect(chain.first == "com.adobe.pdf")
        for supertype in ["public.data", "public.composite-content", "public.content", "public.item"] {
            #expect(chain.contains(supertype), "\(supertype)")
        }
        #expect(Self.registry.type(forFileName: "Invoice.PDF", isDirectory: false).identifier == "com.adobe.pdf")
        #expect(Self.registry.preferredType(withTag: "application/pdf", tagClass: .mimeType).identifier == "com.adobe.pdf")
    }

    @Test("public.json conforms only to public.text")
    func json() {
        #expect(Self.registry.type(withIdentifier: "public.json")?.conformsTo == ["public.text"])
        #expect(!Self.registry.conforms("public.json", to: UTType.plainText))
        #expect(Self.registry.type(forFileName: "a.json", isDirectory: false).identifier == "public.json")
    }

    @Test("public.archive and public.executable declare no parent", arguments: ["public.archive", "public.executable"])
    func parentless(_ identifier: String) throws {
        let type = try #require(Self.registry.type(withIdentifier: identifier))
        #expect(type.conformsTo == [])
        #expect(Self.registry.conformanceChain(of: identifier) == [identifier])
    }

    @Test("direct conformances", arguments: [
        ("public.png", "public.image"),
        ("public.folder", "public.directory"),
        ("com.apple.package", "public.directory"),
        ("public.directory", "public.item"),
        ("public.data", "public.item"),
        ("public.plain-text", "public.text"),
    ])
    func directConformance(_ identifier: String, _ parent: String) {
        #expect(Self.registry.type(withIdentifier: identifier)?.conformsTo.contains(parent) == true)
    }

    @Test("conformances that must not hold", arguments: [
        ("public.png", "public.text"),
        ("public.folder", "com.apple.package"),
        ("public.folder", "public.data"),
        ("com.adobe.pdf", "public.text"),
        ("public.json", "public.plain-text"),
    ])
    func nonConformance(_ identifier: String, _ supertype: String) {
        #expect(!Self.registry.conforms(identifier, to: supertype))
    }

    @Test("Apple's choice of type for an extension", arguments: [
        ("clip.ts", "public.mpeg-2-transport-stream"),
        ("main.rs", "public.rust-source"),
        ("Info.plist", "com.apple.property-list"),
        ("photo.hif", "public.heif"),
        ("film.rm", "com.real.realmedia"),
        ("stream.asf", "com.microsoft.advanced-systems-format"),
        ("prefix.pch", "public.precompiled-c-header"),
        ("song.m4a", "com.apple.m4a-audio"),
        ("movie.mp4", "public.mpeg-4"),
        ("Component.tsx", "com.microsoft.typescript"),
    ])
    func appleChoices(_ name: String, _ identifier: String) {
        #expect(Self.registry.type(forFileName: name, isDirectory: false).identifier == identifier)
    }

    @Test("MPEG-4 audio is audio, not a movie, as Apple's runtime says")
    func mpeg4AudioIsAudioOnly() {
        #expect(Self.registry.conforms("public.mpeg-4-audio", to: UTType.audio))
        #expect(!Self.registry.conforms("public.mpeg-4-audio", to: "public.mpeg-4"))
        #expect(!Self.registry.conforms("com.apple.m4a-audio", to: UTType.movie))
    }

    @Test("Windows Media audio and video are Advanced Systems Format")
    func windowsMediaIsASF() {
        #expect(Self.registry.conforms("com.microsoft.windows-media-wma", to: "com.microsoft.advanced-systems-format"))
        #expect(Self.registry.conforms("com.microsoft.windows-media-wmv", to: "com.microsoft.advanced-systems-format"))
        #expect(Self.registry.conforms("com.microsoft.windows-media-wma", to: UTType.audio))
    }

    @Test("plain text with a charset names Apple's UTF-8 and UTF-16 types", arguments: [
        ("text/plain;charset=utf-8", "public.utf8-plain-text"),
        ("text/plain;charset=utf-16", "public.utf16-plain-text"),
        ("text/plain", "public.plain-text"),
        ("Text/Plain; Charset=\"UTF-8\"", "public.utf8-plain-text"),
        ("text/plain; charset=ISO-8859-1", "public.plain-text"),
        ("text/html; charset=utf-8", "public.html"),
    ])
    func plainTextCharsets(_ mimeType: String, _ identifier: String) {
        #expect(Self.registry.preferredType(withTag: mimeType, tagClass: .mimeType).identifier == identifier)
    }

    /// The other direction: the types carry the charset MIME types as tags,
    /// so a UTF-8 document is sent as `text/plain;charset=utf-8`.
    @Test("Apple's UTF-8 and UTF-16 types carry their charset MIME types", arguments: [
        ("public.utf8-plain-text", "text/plain;charset=utf-8"),
        ("public.utf16-plain-text", "text/plain;charset=utf-16"),
    ])
    func plainTextCharsetTags(_ identifier: String, _ mimeType: String) throws {
        let type = try #require(Self.registry.type(withIdentifier: identifier))
        #expect(type.mimeTypes.contains(mimeType), "\(type.mimeTypes)")
    }

    @Test("the system types real apps' Info.plists name are declared", arguments: [
        "com.real.realmedia", "com.microsoft.advanced-systems-format", "public.precompiled-c-header", "com.apple.localizable-name-bundle",
    ])
    func typesRealAppsUse(_ identifier: String) {
        #expect(Self.registry.type(withIdentifier: identifier)?.source == .system)
    }

    @Test("tar.gz names the gzip'd tar, not gzip")
    func tarGz() {
        #expect(Self.registry.type(forFileName: "backup.tar.gz", isDirectory: false).identifier == "org.gnu.gnu-zip-tar-archive")
        #expect(Self.registry.types(withTag: "tar.gz", tagClass: .filenameExtension).first?.identifier == "org.gnu.gnu-zip-tar-archive")
        #expect(Self.registry.type(forFileName: "backup.gz", isDirectory: false).identifier == "org.gnu.gnu-zip-archive")
        #expect(Self.registry.conforms("org.gnu.gnu-zip-tar-archive", to: "public.archive"))
    }

    @Test("Pages: a package for a directory, a flat type for a file")
    func pages() {
        let directory = Self.registry.type(forFileName: "Letter.pages", isDirectory: true)
        let file = Self.registry.type(forFileName: "Letter.pages", isDirectory: false)
        #expect(directory.identifier.lowercased() == "com.apple.iwork.pages.pages")
        #expect(Self.registry.isPackage(directory.identifier))
        #expect(!file.isDynamic)
        #expect(file.identifier != directory.identifier)
        #expect(!Self.registry.isPackage(file.identifier))
        #expect(Self.registry.conforms(file.identifier, to: UTType.data))
    }

    @Test("public.jpeg has jpg and jpeg")
    func jpeg() throws {
        let jpeg = try #require(Self.registry.type(withIdentifier: "public.jpeg"))
        #expect(jpeg.filenameExtensions.contains("jpg"))
        #expect(jpeg.filenameExtensions.contains("jpeg"))
        #expect(Self.registry.type(forFileName: "IMG_0001.JPG", isDirectory: false).identifier == "public.jpeg")
        #expect(Self.registry.conforms("public.jpeg", to: UTType.image))
    }

    @Test("a plain directory is a folder; a non-package extension does not make it a package", arguments: ["Photos.d", "x.pdf", "Projects"])
    func folders(_ name: String) {
        #expect(Self.registry.type(forFileName: name, isDirectory: true).identifier == UTType.folder)
    }

    @Test("well-known extensions", arguments: [
        ("txt", "public.plain-text"), ("png", "public.png"), ("zip", "public.zip-archive"),
        ("html", "public.html"), ("docx", "org.openxmlformats.wordprocessingml.document"),
        ("odt", "org.oasis-open.opendocument.text"), ("epub", "org.idpf.epub-container"),
    ])
    func wellKnownExtensions(_ ext: String, _ identifier: String) {
        #expect(Self.registry.preferredType(withTag: ext, tagClass: .filenameExtension).identifier == identifier)
    }
}
