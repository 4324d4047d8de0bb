import Foundation
import Testing
@testable import DocKit

@Suite("FileTypeIdentifier")
struct FileTypeIdentifierTests {
    static let identifier = FileTypeIdentifier(registry: SystemTypes.registry)
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]

    @Test("a regular file is typed by its extension", arguments: [
        ("report.pdf", "com.adobe.pdf"), ("REPORT.PDF", "com.adobe.pdf"), ("photo.jpg", "public.jpeg"),
        ("backup.tar.gz", "org.gnu.gnu-zip-tar-archive"), ("notes.txt", "public.plain-text"),
    ])
    func byExtension(_ name: String, _ expected: String) throws {
        let tmp = try TemporaryDirectory("ext")
        let file = try tmp.write("whatever is inside", to: name)
        let identification = try Self.identifier.identify(file)
        #expect(identification.type.identifier == expected)
        #expect(identification.guess == nil)
    }

    @Test("a symbolic link is public.symlink and is not followed")
    func symlink() throws {
        let tmp = try TemporaryDirectory("link")
        let target = try tmp.write("%PDF-1.7\n", to: "target.pdf")
        let link = tmp.url("link.pdf")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let identification = try Self.identifier.identify(link)
        #expect(identification.type.identifier == UTType.symbolicLink)
        #expect(identification.guess == nil)

        let directoryLink = tmp.url("Letter.pages")
        try FileManager.default.createSymbolicLink(at: directoryLink, withDestinationURL: try tmp.directory("real.pages"))
        #expect(try Self.identifier.identify(directoryLink).type.identifier == UTType.symbolicLink)

        let dangling = tmp.url("dangling")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: tmp.url("nowhere").path)
        #expect(try Self.identifier.identify(dangling).type.identifier == UTType.symbolicLink)
    }

    @Test("a directory is a package when its type is one, a folder otherwise")
    func directories() throws {
        let tmp = try TemporaryDirectory("dirs")
        let pages = try tmp.directory("Letter.pages")
        let packageType = try Self.identifier.identify(pages).type
        #expect(packageType.identifier.lowercased() == "com.apple.iwork.pages.pages")
        #expect(SystemTypes.registry.isPackage(packageType.identifier))

        for name in ["Photos.d", "x.pdf", "Projects"] {
            let directory = try tmp.directory(name)
            let identification = try Self.identifier.identify(directory)
            #expect(identification.type.identifier == UTType.folder, "\(name)")
            #expect(identification.guess == nil)
        }
    }

    @Test("a nameless file's content is sniffed, and the guess says so")
    func sniffsNamelessFile() throws {
        let tmp = try TemporaryDirectory("nameless")
        let file = try tmp.write("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", to: "scan")
        let identification = try Self.identifier.identify(file)
        #expect(identification.type.identifier == "com.adobe.pdf")
        let guess = try #require(identification.guess)
        #expect(guess.identifier == "com.adobe.pdf")
        // shared-mime-info's rules where the machine has them, else
        // docbrowser's own table.
        #expect(guess.evidence.contains("PDF") || guess.evidence.contains("application/pdf"), "\(guess.evidence)")
        let withoutMagic = FileTypeIdentifier(registry: Self.identifier.registry, magic: nil)
        #expect(try withoutMagic.identify(file).guess?.evidence == "PDF header")
    }

    @Test("shared-mime-info's magic comes first, and its MIME type names the registry's type", .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/mime/magic")))
    func magicFirst() throws {
        let tmp = try TemporaryDirectory("magic")
        // MIDI: not in docbrowser's own table, so only the magic knows it.
        let file = try tmp.write(bytes: Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0, 0x60], to: "tune")
        let magic = try #require(MagicDatabase.load(environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/usr/share"]))
        let identification = try FileTypeIdentifier(registry: Self.identifier.registry, magic: magic).identify(file)
        #expect(identification.type.identifier == "public.midi-audio")
        #expect(identification.guess?.evidence.contains("audio/midi") == true)
        #expect(try FileTypeIdentifier(registry: Self.identifier.registry, magic: nil).identify(file).guess == nil)
    }

    @Test(".plist names a property list, and its content says which form", arguments: [
        ("bplist00\u{8}\u{0}", "com.apple.binary-property-list"),
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>\n", "com.apple.xml-property-list"),
        ("{ Key = Value; }\n", "com.apple.ascii-property-list"),
        ("", "com.apple.property-list"),
    ])
    func propertyListForms(_ contents: String, _ identifier: String) throws {
        let tmp = try TemporaryDirectory("plist")
        let file = try tmp.write(contents, to: "Info.plist")
        let identification = try Self.identifier.identify(file)
        #expect(identification.type.identifier == identifier)
        #expect((identification.guess != nil) == (identifier != "com.apple.property-list"))
        #expect(SystemTypes.registry.type(forFileName: "Info.plist", isDirectory: false).identifier == "com.apple.property-list", "by name alone")
    }

    @Test("only the head of a long file is read")
    func longFile() throws {
        let tmp = try TemporaryDirectory("long")
        // Past the 64 KiB any rule looks at.
        let text = try tmp.write(String(repeating: "lorem ipsum ", count: 8_000) + "\u{0}", to: "LONGTEXT")
        #expect(try Self.identifier.identify(text).guess?.identifier == UTType.plainText)
        let image = try tmp.write(bytes: Self.png + [UInt8](repeating: 0, count: 20_000), to: "IMAGE")
        #expect(try Self.identifier.identify(image).type.identifier == "public.png")
    }

    @Test("a file with an unknown extension is sniffed")
    func sniffsUnknownExtension() throws {
        let tmp = try TemporaryDirectory("unknown")
        let file = try tmp.write(bytes: Self.png, to: "picture.zqzq")
        let identification = try Self.identifier.identify(file)
        #expect(identification.type.identifier == "public.png")
        #expect(identification.guess?.identifier == "public.png")
    }

    @Test("a file with a known extension is never sniffed")
    func knownExtensionNotSniffed() throws {
        let tmp = try TemporaryDirectory("known")
        let file = try tmp.write(bytes: Self.png, to: "really-a-png.txt")
        let identification = try Self.identifier.identify(file)
        #expect(identification.type.identifier == UTType.plainText)
        #expect(identification.guess == nil)
    }

    @Test("a nameless file that tells nothing stays public.data or its dyn. type")
    func nothingToSniff() throws {
        let tmp = try TemporaryDirectory("opaque")
        let empty = try tmp.write(Data(), to: "empty")
        let emptyType = try Self.identifier.identify(empty)
        #expect(emptyType.type.identifier == UTType.data)
        #expect(emptyType.guess == nil)

        let binary = try tmp.write(bytes: [0x00, 0x01, 0x02, 0x03, 0xFF], to: "blob.zqzq")
        let binaryType = try Self.identifier.identify(binary)
        #expect(binaryType.type.isDynamic)
        #expect(binaryType.type.identifier == DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: "zqzq"))
        #expect(binaryType.guess == nil)
    }

    @Test("a missing path is fileNotFound")
    func missing() throws {
        let tmp = try TemporaryDirectory("missing")
        let missing = tmp.url("no-such-file.pdf")
        let error = try #require(throws: DocKitError.self) { try Self.identifier.identify(missing) }
        #expect(error == DocKitError(TypeRegistryError.fileNotFound(path: missing.path)))
        #expect(error.code == .notFound)
        #expect(error.description.hasPrefix(missing.path + ": "))

        let file = try tmp.write("x", to: "plain.txt")
        let underFile = file.appending(path: "child.pdf")
        #expect(throws: DocKitError(TypeRegistryError.fileNotFound(path: underFile.path))) { try Self.identifier.identify(underFile) }
    }

    @Test("the property-list check answers as caseInsensitiveCompare does")
    func propertyListCheck() {
        let identifiers = ["com.apple.property-list", "COM.APPLE.Property-List", "com.apple.property-lis", "com.apple.property-listt",
                           "com.apple.xml-property-list", "com.apple.property_list", "", "com.apple.property-lİst", "com.apple.property-\u{212A}ist",
                           "com.apple.property-l\u{131}st", "public.data"]
        for identifier in identifiers {
            #expect(FileTypeIdentifier.isPropertyList(identifier) == (identifier.caseInsensitiveCompare(FileTypeIdentifier.propertyList) == .orderedSame), "\(identifier)")
        }
    }
}
