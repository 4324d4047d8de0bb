import Foundation
import Testing
@testable import DocKit

/// How `export` turns `--format` or FILE's name into the type whose export
/// plugin runs, and the name that plugin is given.
@Suite("ArchiveFormat maps --format and output names to types")
struct ArchiveFormatTests {
    static let registry = SystemTypes.registry

    @Test("an output name gives the type its extension claims, and that whole extension", arguments: [
        ("share.tar.bz2", "tar.bz2", "public.tar-bzip2-archive"),
        ("Share.TBZ2", "tar.bz2", "public.tar-bzip2-archive"),
        ("a.b.tar.gz", "tar.gz", "org.gnu.gnu-zip-tar-archive"),
        ("x.tgz", "tar.gz", "org.gnu.gnu-zip-tar-archive"),
        ("x.cpio", "cpio", "public.cpio-archive"),
        ("x.rar", "rar", "com.rarlab.rar-archive"),
    ])
    func byFilename(_ filename: String, _ name: String, _ type: String) throws {
        let format = try #require(ArchiveFormat(filename: filename, registry: Self.registry))
        #expect(format == ArchiveFormat(name: name, typeIdentifier: type))
    }

    @Test("a name without an archive extension asks for no format", arguments: ["notes.txt", "share", "photo.jpg"])
    func notAnArchiveName(_ filename: String) {
        #expect(ArchiveFormat(filename: filename, registry: Self.registry) == nil)
    }

    @Test("--format takes a bundled name, an extension or a type identifier", arguments: [
        ("zip", "zip", "public.zip-archive"),
        ("TAR.GZ", "tar.gz", "org.gnu.gnu-zip-tar-archive"),
        ("tbz2", "tar.bz2", "public.tar-bzip2-archive"),
        (".tar.bz2", "tar.bz2", "public.tar-bzip2-archive"),
        ("public.tar-bzip2-archive", "tar.bz2", "public.tar-bzip2-archive"),
        ("rar", "rar", "com.rarlab.rar-archive"),
    ])
    func byArgument(_ argument: String, _ name: String, _ type: String) throws {
        #expect(try ArchiveFormat(argument: argument, registry: Self.registry) == ArchiveFormat(name: name, typeIdentifier: type))
    }

    @Test("--format naming no archive type is invalid input", arguments: ["foo", "txt", "public.plain-text"])
    func unknownArgument(_ argument: String) {
        #expect(throws: DocKitError(ArchiveFormatError(argument: argument))) {
            try ArchiveFormat(argument: argument, registry: Self.registry)
        }
    }

    @Test("an output name gives its archive format, zip when it names no type, and is refused when it names another")
    func byOutputName() throws {
        #expect(try ArchiveFormat(output: "/tmp/x.tar.gz", registry: Self.registry) == .tarGzip)
        #expect(try ArchiveFormat(output: "share", registry: Self.registry) == .zip)
        #expect(try ArchiveFormat(output: "share.unknown-ending", registry: Self.registry) == .zip)
        let error = try #require(throws: DocKitError.self) { try ArchiveFormat(output: "/tmp/Notes.txt", registry: Self.registry) }
        #expect(error.document == "Notes.txt")
        #expect(error.description.contains("public.plain-text"))
        #expect(error.code == .notAnArchive)
    }

    /// An app's own archive type, as Scary Bugs declares `.sbz`: a kind of zip.
    static let registryWithAppArchive = TypeDeclarationMerger.merge(((try? SystemTypes.declarations()) ?? []) + [
        TypeFixtures.declaration("org.example.bugs-archive", conformsTo: ["public.zip-archive"], extensions: ["sbz"], source: .exported),
    ])

    @Test("an app's archive type that is a kind of zip keeps its own name, and knows it is zip", arguments: [
        (ArchiveFormat(filename: "Bugs.sbz", registry: registryWithAppArchive)),
        (try? ArchiveFormat(argument: "sbz", registry: registryWithAppArchive)),
        (try? ArchiveFormat(argument: "org.example.bugs-archive", registry: registryWithAppArchive)),
    ])
    func appArchiveOfABundledKind(_ format: ArchiveFormat?) throws {
        let format = try #require(format)
        #expect(format.name == "sbz")
        #expect(format.typeIdentifier == "org.example.bugs-archive")
        #expect(format.bundledFormat == .zip)
        #expect(!format.isBundled)
    }

    @Test("an archive type of no bundled kind has no bundled format")
    func archiveOfNoBundledKind() throws {
        #expect(try #require(ArchiveFormat(filename: "x.rar", registry: Self.registry)).bundledFormat == nil)
        #expect(ArchiveFormat.zip.bundledFormat == nil)
    }
}
