import Foundation
import Testing
@testable import DocKit

/// What import takes apart and what it keeps whole, decided with the
/// shipped declarations, the machine's shared-mime-info and the archiver's
/// shipped manifest, on archives made by the real tools.
@Suite("Recognising an archive to take apart", .enabled(if: SystemTypes.hasFreedesktopDatabase && FileManager.default.fileExists(atPath: "/usr/share/mime/magic")))
struct ArchiveRecognizerTests {
    static let manifest: URL = SystemTypes.directory.deletingLastPathComponent().appending(path: "handlers/archiver.plist")

    static let freedesktop = "org.freedesktop.mime.application."

    /// The machine's content rules, which the suite's registry was merged with the declarations of.
    static let magic = MagicDatabase.load(environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/usr/share"])

    static func recognizer() throws -> ArchiveRecognizer {
        let registry = SystemTypes.registryWithSharedMimeInfo
        let archiver = try HandlerManifest.load(from: manifest, environment: [:])
        return ArchiveRecognizer(identifier: FileTypeIdentifier(registry: registry, magic: Self.magic),
                                 locator: HandlerServiceLocator(handlers: HandlerRegistry(handlers: [archiver]), types: registry,
                                                                bundled: BundledArchiverLocator(directory: URL(fileURLWithPath: "/nonexistent"))))
    }

    /// A one-file archive made by `tool`, in `tmp`.
    static func archive(_ tmp: TemporaryDirectory, _ tool: String, _ arguments: [String]) throws -> URL {
        _ = try tmp.write(Data("inside\n".utf8), to: "src/page.txt")
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/\(tool)")
        process.arguments = arguments
        process.currentDirectoryURL = tmp.url("src")
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) \(arguments)")
        return tmp.url("made")
    }

    static func zip(_ tmp: TemporaryDirectory) throws -> URL {
        try archive(tmp, "zip", ["-q", "-X", "../made", "page.txt"]).appendingPathExtension("zip")
    }

    /// `file` under another name, in the same folder.
    static func named(_ file: URL, _ name: String) throws -> RawPath {
        let copy = file.deletingLastPathComponent().appending(path: name)
        try FileManager.default.copyItem(at: file, to: copy)
        return RawPath(copy)
    }

    @Test("a name that names an archive the archiver declares decides, whatever is inside", arguments: [
        ("a.zip", "public.zip-archive"), ("a.tar", "public.tar-archive"), ("a.tgz", "org.gnu.gnu-zip-tar-archive"),
        ("a.tar.bz2", "public.tar-bzip2-archive"), ("a.tar.xz", "org.tukaani.tar-xz-archive"), ("a.tar.zst", "com.facebook.zstd-tar-archive"),
        ("a.7z", "org.7-zip.7-zip-archive"), ("a.cpio", "public.cpio-archive"), ("a.xar", "com.apple.xar-archive"),
        ("a.rar", "com.rarlab.rar-archive"), ("a.cab", "com.microsoft.cab"), ("a.lha", Self.freedesktop + "x-lha"), ("a.LZH", Self.freedesktop + "x-lha"),
        ("a.tar.Z", Self.freedesktop + "x-tarz"), ("a.taz", Self.freedesktop + "x-tarz"), ("a.tar.lz", Self.freedesktop + "x-lzip-compressed-tar"),
        ("a.tar.lzma", Self.freedesktop + "x-lzma-compressed-tar"), ("a.tlz", Self.freedesktop + "x-lzma-compressed-tar"),
        ("a.tar.lz4", Self.freedesktop + "x-lz4-compressed-tar"), ("a.cpio.gz", Self.freedesktop + "x-cpio-compressed"),
    ])
    func byName(_ name: String, _ expected: String) throws {
        let tmp = try TemporaryDirectory("byname")
        let file = try tmp.write(Data("not really\n".utf8), to: name)
        #expect(try Self.recognizer().extractionType(of: RawPath(file), named: name) == expected)
    }

    @Test("the archives libarchive reads beyond those the archiver writes are docbrowser's own types, shared-mime-info or not", arguments: [
        ("a.tar.Z", "x-tarz"), ("a.tar.lz", "x-lzip-compressed-tar"), ("a.tar.lzma", "x-lzma-compressed-tar"),
        ("a.tar.lz4", "x-lz4-compressed-tar"), ("a.cpio.gz", "x-cpio-compressed"), ("a.lzh", "x-lha"),
    ])
    func declaredWithoutSharedMimeInfo(_ name: String, _ type: String) {
        let found = SystemTypes.registry.type(forFileName: name, isDirectory: false)
        #expect(found.identifier == Self.freedesktop + type)
        #expect(SystemTypes.registry.conforms(found.identifier, to: "public.archive"))
    }

    @Test("a compressed file that holds no archive stays whole", arguments: ["a.lz", "a.lzma", "a.lz4", "a.Z", "a.gz"])
    func plainCompression(_ name: String) throws {
        let tmp = try TemporaryDirectory("compressed")
        let file = try tmp.write(Data("not really\n".utf8), to: name)
        #expect(try Self.recognizer().extractionType(of: RawPath(file), named: name) == nil)
    }

    @Test("a document built on zip stays whole, though its content is a zip", arguments: [
        "Comic.cbz", "Doc.xps", "Doc.oxps", "Drawing.vsdx", "Sheet.xlsb", "Map.kmz", "Model.3mf", "Picture.ora",
        "App.jar", "App.apk", "App.war", "Addon.xpi", "Pass.pkpass", "Book.epub", "Letter.odt", "Letter.docx",
    ])
    func documentsBuiltOnZip(_ name: String) throws {
        let tmp = try TemporaryDirectory("document")
        let file = try Self.named(try Self.zip(tmp), name)
        #expect(try Self.recognizer().extractionType(of: file, named: name) == nil)
    }

    @Test("a document built on tar stays whole, though its content is a tar", arguments: ["Comic.cbt", "Machine.ova"])
    func documentsBuiltOnTar(_ name: String) throws {
        let tmp = try TemporaryDirectory("tardocument")
        let tar = try Self.archive(tmp, "bsdtar", ["-c", "-f", "../made", "page.txt"])
        let file = try Self.named(tar, name)
        #expect(try Self.recognizer().extractionType(of: file, named: name) == nil)
    }

    @Test("a zip whose name says nothing, or names an archive its content is not, is a zip", arguments: [
        "Photos", "Photos.bin", "Photos.unknownextension", "Photos.",
    ])
    func zipByContent(_ name: String) throws {
        let tmp = try TemporaryDirectory("content")
        let file = try Self.named(try Self.zip(tmp), name)
        #expect(try Self.recognizer().extractionType(of: file, named: name) == "public.zip-archive")
    }

    @Test("a tar without an extension is a tar")
    func tarByContent() throws {
        let tmp = try TemporaryDirectory("tar")
        let file = try Self.archive(tmp, "bsdtar", ["-c", "-f", "../made", "page.txt"])
        #expect(try Self.recognizer().extractionType(of: RawPath(file), named: "made") == "public.tar-archive")
    }

    @Test("a zip named as a document that is no archive stays whole: the name is believed", arguments: ["Report.pdf", "Notes.txt", "Song.mp3"])
    func namedDocument(_ name: String) throws {
        let tmp = try TemporaryDirectory("pdf")
        let file = try Self.named(try Self.zip(tmp), name)
        #expect(try Self.recognizer().extractionType(of: file, named: name) == nil)
    }

    @Test("what is no archive, or an archive nothing extracts, stays whole whatever its name", arguments: [
        ("Notes", "plain words\n"), ("Notes.bin", "plain words\n"), ("Data.gz", "\u{1F}\u{8B}\u{08}\u{00}"),
    ])
    func notAnArchive(_ name: String, _ content: String) throws {
        let tmp = try TemporaryDirectory("plain")
        let file = try tmp.write(Data(content.utf8), to: name)
        #expect(try Self.recognizer().extractionType(of: RawPath(file), named: name) == nil)
    }

    @Test("a caller may take apart its own type built on zip, by name or by content")
    func callersOwnType() throws {
        let tmp = try TemporaryDirectory("own")
        var recognizer = try Self.recognizer()
        let jar = try Self.named(try Self.zip(tmp), "Tool.jar")
        #expect(recognizer.extractionType(of: jar, named: "Tool.jar") == nil)
        recognizer.alsoTakenApart = ["COM.SUN.JAVA-ARCHIVE"]
        #expect(recognizer.extractionType(of: jar, named: "Tool.jar") == "com.sun.java-archive")
    }

    @Test("only the types a plugin names count, not the types built on them")
    func exactDeclarations() throws {
        let locator = try Self.recognizer().locator
        #expect(locator.declares(.import, exactly: "PUBLIC.ZIP-ARCHIVE"))
        #expect(!locator.declares(.import, exactly: "com.sun.java-archive"))
        #expect(!locator.declares(.import, exactly: "public.archive"))
        // Without the manifest, the bundled archiver answers for the formats it writes.
        let bundled = BundledArchiverLocator(directory: URL(fileURLWithPath: "/nonexistent"))
        #expect(bundled.declares(.import, exactly: "org.7-zip.7-zip-archive"))
        #expect(!bundled.declares(.import, exactly: "com.sun.java-archive"))
    }
}
