import Foundation
import Testing
@testable import DocKit

@Suite("SharedMimeInfoDeclarations")
struct SharedMimeInfoDeclarationsTests {
    /// A miniature freedesktop.org.xml, internal DTD included: the real
    /// file's `<!ATTLIST>` declarations crash Foundation's XMLParser unless
    /// the loader cuts the DOCTYPE out.
    static let sample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE mime-info [
    <!ELEMENT mime-info (mime-type)+>
    <!ATTLIST mime-info xmlns CDATA #FIXED "http://www.freedesktop.org/standards/shared-mime-info">
    <!ELEMENT mime-type (comment+ , (acronym , expanded-acronym)? , (icon | generic-icon | glob | magic | treemagic | root-XML | alias | sub-class-of)*)>
    <!ATTLIST mime-type type CDATA #REQUIRED>
    <!-- a comment describing a document with the respective MIME type. Example: "WMV video" --><!ELEMENT comment (#PCDATA)>
    <!ATTLIST comment xml:lang CDATA #IMPLIED>
    <!ELEMENT acronym (#PCDATA)>
    <!ELEMENT expanded-acronym (#PCDATA)>
    <!ELEMENT generic-icon EMPTY>
    <!ATTLIST generic-icon name (application-x-executable | folder | text-x-generic | x-office-document) #REQUIRED>
    <!ELEMENT glob EMPTY>
    <!ATTLIST glob pattern CDATA #REQUIRED>
    <!ATTLIST glob weight CDATA "50">
    <!ATTLIST glob case-sensitive CDATA #IMPLIED>
    <!ELEMENT magic (match)+>
    <!ATTLIST magic priority CDATA "50">
    <!ELEMENT match (match)*>
    <!ATTLIST match offset CDATA #REQUIRED>
    <!ATTLIST match type (string | big16 | big32 | little16 | little32 | host16 | host32 | byte) #REQUIRED>
    <!ATTLIST match value CDATA #REQUIRED>
    <!ELEMENT alias EMPTY>
    <!ATTLIST alias type CDATA #REQUIRED>
    <!ELEMENT sub-class-of EMPTY>
    <!ATTLIST sub-class-of type CDATA #REQUIRED>
    ]>
    <!--
    A test database, in the shape of freedesktop.org.xml.
    -->
    <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
      <mime-type type="application/x-Frob">
        <comment xml:lang="de">Frob-Dokument</comment>
        <comment>Frob document</comment>
        <comment xml:lang="fr">document Frob</comment>
        <acronym>FRB</acronym>
        <expanded-acronym>Frobnicated Record Block</expanded-acronym>
        <sub-class-of type="application/xml"/>
        <generic-icon name="x-office-document"/>
        <magic priority="60">
          <match type="string" value="FROB" offset="0"/>
        </magic>
        <glob pattern="*.frob"/>
        <glob pattern="*.FRB" weight="80"/>
        <glob pattern="*.F" case-sensitive="true"/>
        <glob pattern="Frobfile"/>
        <glob pattern="*.[1-9]"/>
        <glob pattern="*.fr?" weight="30"/>
        <glob pattern="*.tar.frob" weight="60"/>
        <alias type="application/x-frobnicate"/>
        <alias type="Text/X-Frob"/>
      </mime-type>
      <mime-type type="text/x-buildfile">
        <comment xml:lang="zh_CN">构建文件</comment>
        <comment>R&amp;D build file</comment>
        <sub-class-of type="text/plain"/>
        <sub-class-of type="application/x-frob"/>
        <glob pattern="Makefile"/>
        <glob weight="10" pattern="Makefile.*"/>
      </mime-type>
      <mime-type type="application/x-translated-only">
        <comment xml:lang="it">solo tradotto</comment>
      </mime-type>
      <mime-type type="inode/directory">
        <comment>folder</comment>
        <generic-icon name="folder"/>
      </mime-type>
    </mime-info>
    """

    @Test("a database with an internal DTD loads")
    func loadsSample() throws {
        let tmp = try TemporaryDirectory("smi")
        let file = try tmp.write(Self.sample, to: "packages/test.xml")
        let types = try SharedMimeInfoDeclarations.load(from: file)
        #expect(types.map(\.name) == ["application/x-frob", "text/x-buildfile", "application/x-translated-only", "inode/directory"])

        let frob = try #require(types.first)
        #expect(frob.comment == "Frob document")
        #expect(frob.aliases == ["application/x-frobnicate", "text/x-frob"])
        #expect(frob.subClassOf == ["application/xml"])
        #expect(frob.genericIcon == "x-office-document")
        // *.F is case-sensitive; Frobfile, *.[1-9] and *.fr? are not extensions.
        #expect(frob.extensions.map(\.value) == ["frob", "frb", "tar.frob"])
        #expect(frob.extensions.map(\.weight) == [50, 80, 60])
        #expect(frob.extensions.allSatisfy { $0.tagClass == .filenameExtension })

        let build = types[1]
        #expect(build.comment == "R&D build file")
        #expect(build.subClassOf == ["text/plain", "application/x-frob"])
        #expect(build.extensions.isEmpty)
        #expect(build.aliases.isEmpty)
        #expect(build.genericIcon == nil)

        #expect(types[2].comment == nil)
        #expect(types[3].genericIcon == "folder")
    }

    @Test("the loaded types merge into the registry")
    func sampleMerges() throws {
        let tmp = try TemporaryDirectory("smimerge")
        let file = try tmp.write(Self.sample, to: "test.xml")
        let registry = TypeFixtures.registry(sharedMimeInfo: try SharedMimeInfoDeclarations.load(from: file))
        let frobID = "org.freedesktop.mime.application.x-frob"
        #expect(registry.type(forFileName: "a.frb", isDirectory: false).identifier == frobID)
        #expect(registry.type(forFileName: "a.tar.frob", isDirectory: false).identifier == frobID)
        #expect(registry.preferredType(withTag: "text/x-frob", tagClass: .mimeType).identifier == frobID)
        #expect(registry.type(withIdentifier: frobID)?.description == "Frob document")
        let build = try #require(registry.type(withIdentifier: "org.freedesktop.mime.text.x-buildfile"))
        #expect(build.conformsTo == ["public.plain-text", frobID])
        #expect(registry.type(withIdentifier: "org.freedesktop.mime.inode.directory") == nil)
    }

    @Test("the DOCTYPE is cut out, and nothing else")
    func stripsDocumentTypeDeclaration() throws {
        let stripped = String(decoding: SharedMimeInfoDeclarations.withoutDocumentTypeDeclaration(Data(Self.sample.utf8)), as: UTF8.self)
        #expect(!stripped.contains("<!DOCTYPE"))
        #expect(!stripped.contains("<!ATTLIST"))
        #expect(!stripped.contains("<!ELEMENT"))
        #expect(stripped.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\n<!--"))
        #expect(stripped.hasSuffix("</mime-info>"))
        #expect(stripped.contains(#"<glob pattern="*.FRB" weight="80"/>"#))

        let plain = Data("<?xml version=\"1.0\"?><mime-info/>".utf8)
        #expect(SharedMimeInfoDeclarations.withoutDocumentTypeDeclaration(plain) == plain)
    }

    @Test("a file without a DTD loads too")
    func loadsWithoutDTD() throws {
        let tmp = try TemporaryDirectory("nodtd")
        let file = try tmp.write("""
        <?xml version="1.0"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="application/x-local"><glob pattern="*.local"/></mime-type>
        </mime-info>
        """, to: "Override.xml")
        let types = try SharedMimeInfoDeclarations.load(from: file)
        #expect(types.map(\.name) == ["application/x-local"])
        #expect(types.first?.extensions.map(\.value) == ["local"])
        #expect(types.first?.extensions.map(\.weight) == [50])
    }

    @Test("glob patterns that are extensions", arguments: [
        ("*.pdf", "pdf"), ("*.tar.gz", "tar.gz"), ("*.PDF", "PDF"),
        ("Makefile", nil), ("*.[1-9]", nil), ("*.fr?", nil), ("*", nil), ("*.", nil), ("README*", nil), ("*.a*b", nil), ("*~", nil),
    ] as [(String, String?)])
    func globExtensions(_ pattern: String, _ expected: String?) {
        #expect(SharedMimeInfoDeclarations.extensionOfGlob(pattern) == expected)
    }

    @Test("malformed XML is reported with the file's name", arguments: [
        "this is not XML at all",
        "<mime-info><mime-type type=\"a/b\" type=\"c/d\"/></mime-info>",
    ])
    func malformed(_ contents: String) throws {
        let tmp = try TemporaryDirectory("badxml")
        let file = try tmp.write(contents, to: "broken.xml")
        let error = try #require(throws: DocKitError.self) { try SharedMimeInfoDeclarations.load(from: file) }
        #expect(error.malformedFile.path == file.path)
        #expect(error.description.hasPrefix(file.path + ": "))
        #expect(error.description.contains("XML"))
    }

    /// swift-corelibs-foundation's `XMLParser.parse()` returns true after a
    /// fatal error it reported through `parserError` (mismatched tags, a
    /// second root element), and reports nothing at all for a document cut
    /// short. The loader only looks at what `parse()` returns, so these
    /// files load as if they were whole, with whatever types came before
    /// the damage.
    @Test("malformed XML that XMLParser.parse() lets through is still reported", arguments: [
        "<mime-info><mime-type type=\"a/b\"><comment>x</mime-type></mime-info>",
        "<?xml version=\"1.0\"?>\n<mime-info>\n<mime-type type=\"a/b\"><glob pattern=\"*.ab\"/></mime-type>\n</mime-info>\n<mime-info/>",
        "<?xml version=\"1.0\"?>\n<mime-info>\n  <mime-type type=\"a/b\">\n    <glob pattern=\"*.ab\"/>\n",
    ])
    func malformedButParsed(_ contents: String) throws {
        let tmp = try TemporaryDirectory("badxml2")
        let file = try tmp.write(contents, to: "broken.xml")
        let error = try #require(throws: DocKitError.self) { try SharedMimeInfoDeclarations.load(from: file) }
        #expect(error.description.hasPrefix(file.path + ": "))
    }

    @Test("a missing file is reported with its name")
    func missing() throws {
        let tmp = try TemporaryDirectory("nosmi")
        let file = tmp.url("absent.xml")
        let error = try #require(throws: DocKitError.self) { try SharedMimeInfoDeclarations.load(from: file) }
        #expect(error.description.hasPrefix(file.path + ": "))
    }

    // MARK: The real database

    static let database = SystemTypes.freedesktopDatabase

    @Test("the installed freedesktop.org.xml loads", .enabled(if: SystemTypes.hasFreedesktopDatabase))
    func realDatabaseLoads() throws {
        let types = try SharedMimeInfoDeclarations.load(from: URL(fileURLWithPath: Self.database))
        #expect(types.count > 500)
        let pdf = try #require(types.first { $0.name == "application/pdf" })
        #expect(pdf.comment == "PDF document")
        #expect(pdf.aliases.contains("application/x-pdf"))
        #expect(pdf.extensions.map(\.value).contains("pdf"))
        #expect(Set(types.map(\.name)).count == types.count)
    }

    @Test("MIME types of the real database resolve to the system UTIs", .enabled(if: SystemTypes.hasFreedesktopDatabase), arguments: [
        ("application/vnd.oasis.opendocument.text", "org.oasis-open.opendocument.text"),
        ("application/x-pdf", "com.adobe.pdf"),
        ("application/pdf", "com.adobe.pdf"),
        ("application/vnd.oasis.opendocument.database", "org.oasis-open.opendocument.database"),
        ("application/vnd.sun.xml.base", "org.oasis-open.opendocument.database"),
    ])
    func realDatabaseMapsOntoUTIs(_ mimeType: String, _ identifier: String) {
        #expect(SystemTypes.registryWithSharedMimeInfo.preferredType(withTag: mimeType, tagClass: .mimeType).identifier == identifier)
    }

    @Test("an alias resolves to the same type as its MIME type", .enabled(if: SystemTypes.hasFreedesktopDatabase))
    func realDatabaseAlias() {
        let registry = SystemTypes.registryWithSharedMimeInfo
        let base = registry.preferredType(withTag: "application/vnd.sun.xml.base", tagClass: .mimeType)
        #expect(!base.isDynamic)
        #expect(base.identifier == registry.preferredType(withTag: "application/vnd.oasis.opendocument.database", tagClass: .mimeType).identifier)
    }

    @Test("merging shared-mime-info leaves the system conformances alone", .enabled(if: SystemTypes.hasFreedesktopDatabase))
    func realDatabaseKeepsConformances() throws {
        let merged = SystemTypes.registryWithSharedMimeInfo
        for identifier in ["com.adobe.pdf", "org.oasis-open.opendocument.text", "public.json", "public.png"] {
            let before = try #require(SystemTypes.registry.type(withIdentifier: identifier))
            let after = try #require(merged.type(withIdentifier: identifier))
            #expect(after.conformsTo == before.conformsTo, "\(identifier)")
            #expect(after.description == before.description, "\(identifier)")
            #expect(Set(before.filenameExtensions).isSubset(of: after.filenameExtensions), "\(identifier)")
        }
        #expect(merged.count > SystemTypes.registry.count)
    }

    @Test("freedesktop-only types get org.freedesktop.mime identifiers", .enabled(if: SystemTypes.hasFreedesktopDatabase), arguments: [
        ("text/x-tex", "org.freedesktop.mime.text.x-tex"),
        ("text/x-matlab", "org.freedesktop.mime.text.x-matlab"),
    ])
    func realDatabaseFreedesktopOnly(_ mimeType: String, _ identifier: String) throws {
        // No system declaration tags it...
        #expect(SystemTypes.registry.types(withTag: mimeType, tagClass: .mimeType).isEmpty)
        // ...so shared-mime-info's type is one of its own, a kind of text.
        let merged = SystemTypes.registryWithSharedMimeInfo
        let type = merged.preferredType(withTag: mimeType, tagClass: .mimeType)
        #expect(type.identifier == identifier)
        #expect(type.source == .sharedMimeInfo)
        #expect(type.description != nil)
        #expect(merged.conforms(type.identifier, to: UTType.plainText))
    }

    @Test("the source-code MIME types desktop apps claim reach Apple's UTIs", .enabled(if: SystemTypes.hasFreedesktopDatabase), arguments: [
        ("text/x-csrc", "public.c-source"), ("text/x-c", "public.c-source"), ("text/x-chdr", "public.c-header"),
        ("text/x-c++src", "public.c-plus-plus-source"), ("application/x-shellscript", "public.shell-script"),
        ("text/x-python", "public.python-script"), ("text/x-makefile", "public.make-source"), ("application/x-perl", "public.perl-script"),
    ])
    func realDatabaseSourceCodeJoins(_ mimeType: String, _ identifier: String) {
        #expect(SystemTypes.registryWithSharedMimeInfo.preferredType(withTag: mimeType, tagClass: .mimeType).identifier == identifier)
    }

    @Test("a system extension stays with its UTI when shared-mime-info globs it too", .enabled(if: SystemTypes.hasFreedesktopDatabase))
    func realDatabaseExtensionPrecedence() {
        let merged = SystemTypes.registryWithSharedMimeInfo
        // public.make-source claims .mk; freedesktop's text/x-makefile globs
        // *.mk, and so is public.make-source.
        #expect(merged.type(forFileName: "rules.mk", isDirectory: false).identifier == SystemTypes.registry.type(forFileName: "rules.mk", isDirectory: false).identifier)
        #expect(merged.types(withTag: "mk", tagClass: .filenameExtension).map(\.identifier) == ["public.make-source"])
        #expect(merged.type(forFileName: "a.pdf", isDirectory: false).identifier == "com.adobe.pdf")
        #expect(merged.type(forFileName: "a.tar.gz", isDirectory: false).identifier == "org.gnu.gnu-zip-tar-archive")
    }

    @Test("inode/* and x-content/* types of the real database are not types", .enabled(if: SystemTypes.hasFreedesktopDatabase))
    func realDatabaseIgnoresNonDocuments() {
        let merged = SystemTypes.registryWithSharedMimeInfo
        #expect(merged.allTypes.allSatisfy {
            !$0.identifier.hasPrefix("org.freedesktop.mime.inode.") && !$0.identifier.hasPrefix("org.freedesktop.mime.x-content.")
        })
        #expect(merged.types(withTag: "inode/directory", tagClass: .mimeType).isEmpty)
    }

    @Test("the merged graph stays acyclic and every conformance is declared", .enabled(if: SystemTypes.hasFreedesktopDatabase))
    func realDatabaseGraph() {
        let merged = SystemTypes.registryWithSharedMimeInfo
        #expect(GraphChecks.undeclaredConformances(in: merged).isEmpty)
        #expect(GraphChecks.cycles(in: merged).isEmpty)
    }
}
