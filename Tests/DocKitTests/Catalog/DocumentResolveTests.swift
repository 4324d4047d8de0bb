import Foundation
import Testing
@testable import DocKit

@Suite("DocumentCatalog.resolve")
struct DocumentResolveTests {
    /// local: Quarterly Summary.pdf, Projects/Plan.txt, Both.txt, Essay.rtfd
    /// cloud: Cloudy Notes.txt, Both.txt
    static func fixture() throws -> (TestHome, DocumentCatalog) {
        let home = try TestHome("resolve")
        try home.write("%PDF-1.4 summary", to: "Quarterly Summary.pdf")
        try home.write("plan", to: "Projects/Plan.txt")
        try home.write("local both", to: "Both.txt")
        try home.write(Data(count: 3), to: "Essay.rtfd/TXT.rtf")
        try home.write("cloudy", to: "Cloudy Notes.txt", in: .cloud)
        try home.write("cloud both", to: "Both.txt", in: .cloud)
        return (home, try home.catalog())
    }

    @Test("by filename, in either location")
    func byFilename() throws {
        let (home, catalog) = try Self.fixture()
        defer { withExtendedLifetime(home) {} }
        let summary = try catalog.resolve("Quarterly Summary.pdf")
        #expect(summary.qualifiedName == "local:Quarterly Summary.pdf")
        #expect(summary.type == "com.adobe.pdf")
        #expect(try catalog.resolve("Cloudy Notes.txt").qualifiedName == "cloud:Cloudy Notes.txt")
        #expect(try catalog.resolve("Essay.rtfd").isPackage)
    }

    @Test("by display name")
    func byDisplayName() throws {
        let (home, catalog) = try Self.fixture()
        defer { withExtendedLifetime(home) {} }
        #expect(try catalog.resolve("Quarterly Summary").name == "Quarterly Summary.pdf")
        #expect(try catalog.resolve("Cloudy Notes").qualifiedName == "cloud:Cloudy Notes.txt")
        #expect(try catalog.resolve("Essay").name == "Essay.rtfd")
    }

    @Test("inside folders, as Folder/Name.ext or Folder/Name")
    func byFolderPath() throws {
        let (home, catalog) = try Self.fixture()
        defer { withExtendedLifetime(home) {} }
        let plan = try catalog.resolve("Projects/Plan.txt")
        #expect(plan.relativePath == RawPath("Projects/Plan.txt"))
        #expect(plan.location == .local)
        #expect(try catalog.resolve("Projects/Plan").relativePath == RawPath("Projects/Plan.txt"))
        #expect(try catalog.resolve("local:Projects/Plan.txt").relativePath == RawPath("Projects/Plan.txt"))
        #expect(try catalog.resolve("Projects").isFolder)
        // Without its folder, a nested document is not found.
        #expect(throws: DocKitError(CatalogError.documentNotFound("Plan.txt"))) { try catalog.resolve("Plan.txt") }
    }

    @Test("by absolute path, in either location, at any depth")
    func byAbsolutePath() throws {
        let (home, catalog) = try Self.fixture()
        let summary = try catalog.resolve(home.documentsPath(.local) + "/Quarterly Summary.pdf")
        #expect(summary.qualifiedName == "local:Quarterly Summary.pdf")
        #expect(try catalog.resolve(home.documentsPath(.cloud) + "/Both.txt").qualifiedName == "cloud:Both.txt")
        #expect(try catalog.resolve(home.documentsPath(.local) + "/Projects/Plan.txt").relativePath == RawPath("Projects/Plan.txt"))
        #expect(try catalog.resolve(home.documentsPath(.local) + "/Projects/../Both.txt").qualifiedName == "local:Both.txt")
    }

    @Test("a local: or cloud: prefix picks the location")
    func byPrefix() throws {
        let (home, catalog) = try Self.fixture()
        defer { withExtendedLifetime(home) {} }
        let local = try catalog.resolve("local:Both.txt")
        let cloud = try catalog.resolve("cloud:Both.txt")
        #expect(local.location == .local)
        #expect(cloud.location == .cloud)
        #expect(try String(contentsOf: local.path.url, encoding: .utf8) == "local both")
        #expect(try String(contentsOf: cloud.path.url, encoding: .utf8) == "cloud both")
        #expect(try catalog.resolve("cloud:Both").location == .cloud)
        #expect(throws: DocKitError(CatalogError.documentNotFound("cloud:Quarterly Summary.pdf"))) { try catalog.resolve("cloud:Quarterly Summary.pdf") }
    }

    @Test("a name in both locations is ambiguous, naming both candidates")
    func ambiguousAcrossLocations() throws {
        let (home, catalog) = try Self.fixture()
        defer { withExtendedLifetime(home) {} }
        for name in ["Both.txt", "Both"] {
            let error = try #require(throws: DocKitError.self) { try catalog.resolve(name) }
            guard case .ambiguous(let argument, let candidates)? = error.failure(as: CatalogError.self) else {
                Issue.record("expected ambiguous, got \(error)")
                continue
            }
            #expect(argument == name)
            #expect(Set(candidates) == ["local:Both.txt", "cloud:Both.txt"])
            #expect(candidates.count == 2)
            #expect(error.code == .ambiguous)
            #expect(error.description.contains("local:Both.txt") && error.description.contains("cloud:Both.txt"))
        }
    }

    @Test("a display name shared by two files of one location is ambiguous")
    func ambiguousInOneLocation() throws {
        let home = try TestHome("resolve")
        try home.write("a", to: "Draft.txt")
        try home.write("b", to: "Draft.pdf")
        let error = try #require(throws: DocKitError.self) { try home.catalog().resolve("Draft") }
        #expect(error == DocKitError(CatalogError.ambiguous("Draft", candidates: ["local:Draft.pdf", "local:Draft.txt"])))
    }

    @Test("an exact filename wins over another document's display name")
    func filenameBeatsDisplayName() throws {
        let home = try TestHome("resolve")
        try home.write("plain", to: "Notes")
        try home.write("text", to: "Notes.txt")
        let document = try home.catalog().resolve("Notes")
        #expect(document.name == "Notes")
    }

    @Test("an unknown name is documentNotFound")
    func notFound() throws {
        let (home, catalog) = try Self.fixture()
        defer { withExtendedLifetime(home) {} }
        let error = try #require(throws: DocKitError.self) { try catalog.resolve("Missing Document.pdf") }
        #expect(error == DocKitError(CatalogError.documentNotFound("Missing Document.pdf")))
        #expect(error.code == .documentNotFound)
    }

    @Test("a path inside a Documents folder that does not exist is documentNotFound")
    func missingPathInsideDocuments() throws {
        let (home, catalog) = try Self.fixture()
        let path = home.documentsPath(.local) + "/Nope.pdf"
        #expect(throws: DocKitError(CatalogError.documentNotFound(path))) { try catalog.resolve(path) }
    }

    @Test("a path outside both Documents folders is notADocument")
    func outsideIsNotADocument() throws {
        let (home, catalog) = try Self.fixture()
        let outside = try home.directory.write("data", to: "Cloud/outside.txt").path
        #expect(throws: DocKitError(CatalogError.notADocument(path: outside))) { try catalog.resolve(outside) }
        let elsewhere = try home.directory.write("x", to: "Elsewhere/Quarterly Summary.pdf").path
        #expect(throws: DocKitError(CatalogError.notADocument(path: elsewhere))) { try catalog.resolve(elsewhere) }
        #expect(throws: DocKitError(CatalogError.notADocument(path: home.documentsPath(.local)))) { try catalog.resolve(home.documentsPath(.local)) }
    }

    @Test("hidden entries cannot be resolved, by name or by path")
    func hiddenIsNotResolved() throws {
        let home = try TestHome("resolve")
        try home.write("secret", to: ".hidden.txt")
        let catalog = try home.catalog()
        #expect(throws: DocKitError.self) { try catalog.resolve(".hidden.txt") }
        #expect(throws: DocKitError.self) { try catalog.resolve(home.documentsPath(.local) + "/.hidden.txt") }
    }

    @Test("a name that is not UTF-8 resolves by its escaped form")
    func rawName() throws {
        let home = try TestHome("resolve")
        let bytes = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)
        let path = try home.writeFile(named: bytes, contents: Array("x".utf8))
        let catalog = try home.catalog()
        let document = try catalog.resolve(#"caf\xE9.txt"#)
        #expect(document.path == path)
        #expect(try catalog.resolve(#"local:caf\xE9"#).path == path)
    }

    @Test("a placeholder resolves by the name of the document it stands for")
    func placeholder() throws {
        let home = try TestHome("resolve")
        try home.write(try PropertyListFixtures.data(["NSURLNameKey": "Remote.pdf", "NSURLFileSizeKey": 10], as: .xml), to: ".Remote.pdf.icloud", in: .cloud)
        let document = try home.catalog().resolve("Remote.pdf")
        #expect(document.states == [.notDownloaded])
        #expect(document.qualifiedName == "cloud:Remote.pdf")
    }

    /// A regular, visible file in the current directory, if there is one.
    static let fileInWorkingDirectory: String? = {
        let cwd = FileManager.default.currentDirectoryPath
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cwd)) ?? []
        return names.sorted().first { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".") && !name.contains("\\")
                && FileManager.default.fileExists(atPath: cwd + "/" + name, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }()

    @Test("a document's name resolves even when a file of that name is in the current directory",
          .enabled(if: fileInWorkingDirectory != nil))
    func nameShadowedByWorkingDirectory() throws {
        let name = try #require(Self.fileInWorkingDirectory)
        let home = try TestHome("resolve")
        try home.write("the document", to: name)
        let catalog = try home.catalog()
        #expect(try catalog.resolve("local:\(name)").name == name)
        #expect(try catalog.resolve(name).qualifiedName == "local:\(name)")
    }
}
