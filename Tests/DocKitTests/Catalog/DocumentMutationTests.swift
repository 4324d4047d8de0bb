import Foundation
import Testing
@testable import DocKit

@Suite("DocumentCatalog.createDocument")
struct CreateDocumentTests {
    @Test("without a name: Untitled, then the next free number, skipping taken names")
    func untitledNumbering() throws {
        let home = try TestHome("create")
        let catalog = try home.catalog()
        let first = try catalog.createDocument(named: nil, type: "public.plain-text")
        #expect(first.name == "Untitled.txt")
        #expect(first.displayName == "Untitled")
        #expect(first.qualifiedName == "local:Untitled.txt")
        #expect(first.size == 0)
        #expect(try FileStatus.of(home.path("Untitled.txt"))?.kind == .regular)

        try home.write("taken", to: "Untitled 2.txt")
        try home.write("taken too", to: "Untitled 3.txt")
        // Another type's extension does not take the name.
        try home.write("pdf", to: "Untitled 4.pdf")
        let next = try catalog.createDocument(named: nil, type: "public.plain-text")
        #expect(next.name == "Untitled 4.txt")
        #expect(try home.contents("Untitled 2.txt") == "taken")
        #expect(try home.contents("Untitled 3.txt") == "taken too")
        #expect(try catalog.createDocument(named: nil, type: "public.plain-text").name == "Untitled 5.txt")
    }

    @Test("without a type, the name's extension says it; a package type gets a directory")
    func typeFromTheNamesExtension() throws {
        let home = try TestHome("create")
        let catalog = try home.catalog()
        #expect(try catalog.createDocument(named: "Notes.md").type == "net.daringfireball.markdown")
        #expect(try catalog.createDocument(named: "Data.tar.gz").type == "org.gnu.gnu-zip-tar-archive")
        let package = try catalog.createDocument(named: "Letter.rtfd")
        #expect(package.type == "com.apple.rtfd")
        #expect(try FileStatus.of(home.path("Letter.rtfd"))?.kind == .directory)
        for name in ["Plain", "Odd.zz-unknown", nil] as [String?] {
            #expect(throws: DocKitError(CatalogError.typeNotImplied(name ?? "Untitled"))) { try catalog.createDocument(named: name) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.documentsDirectory(.local).description).sorted() == ["Data.tar.gz", "Letter.rtfd", "Notes.md"])
    }

    @Test("a hidden temporary does not take a name, and is left alone")
    func hiddenTemporaryDoesNotTakeAName() throws {
        let home = try TestHome("create")
        try home.write("tmp", to: ".docbrowser-tmp-1")
        let document = try home.catalog().createDocument(named: nil, type: "com.adobe.pdf")
        #expect(document.name == "Untitled.pdf")
        #expect(try home.contents(".docbrowser-tmp-1") == "tmp")
    }

    @Test("a name held by a document not yet downloaded is taken")
    func placeholderTakesItsName() throws {
        let home = try TestHome("create")
        let placeholder = try PropertyListFixtures.data(["NSURLNameKey": "Untitled.txt", "NSURLFileSizeKey": 500], as: .xml)
        let remote = try PropertyListFixtures.data(["NSURLNameKey": "Remote.txt", "NSURLFileSizeKey": 700], as: .xml)
        try home.write(placeholder, to: ".Untitled.txt.icloud", in: .cloud)
        try home.write(remote, to: ".Remote.txt.icloud", in: .cloud)
        let catalog = try home.catalog()
        #expect(try catalog.resolve("cloud:Untitled.txt").states == [.notDownloaded])

        let created = try catalog.createDocument(named: nil, type: "public.plain-text", in: .cloud)
        let explicit = Result { try catalog.createDocument(named: "Remote", type: "public.plain-text", in: .cloud) }
        let placeholderAfter = try? catalog.resolve("cloud:Untitled.txt")
        #expect(created.name == "Untitled 2.txt")
        #expect(throws: DocKitError(CatalogError.nameTaken("cloud:Remote.txt"))) { try explicit.get() }
        #expect(placeholderAfter?.states == [.notDownloaded])
        
        // The placeholders themselves are never touched.
        #expect(try Data(contentsOf: home.url(".Untitled.txt.icloud", in: .cloud)) == placeholder)
        #expect(try Data(contentsOf: home.url(".Remote.txt.icloud", in: .cloud)) == remote)
    }

    @Test("an explicit name gets the type's extension, or keeps one of the type's own")
    func explicitNames() throws {
        let home = try TestHome("create")
        let catalog = try home.catalog()
        #expect(try catalog.createDocument(named: "Report", type: "com.adobe.pdf").name == "Report.pdf")
        #expect(try catalog.createDocument(named: "Scan.PDF", type: "com.adobe.pdf").name == "Scan.PDF")
        #expect(try catalog.createDocument(named: "Holiday.jpg", type: "public.jpeg").name == "Holiday.jpg")
        #expect(try catalog.createDocument(named: "v1.2", type: "public.plain-text").name == "v1.2.txt")
    }

    @Test("an explicit name that is taken is nameTaken, and the existing file is untouched")
    func explicitNameCollision() throws {
        let home = try TestHome("create")
        try home.write("precious content", to: "Notes.txt")
        let catalog = try home.catalog()
        for name in ["Notes", "Notes.txt"] {
            let error = try #require(throws: DocKitError.self) { try catalog.createDocument(named: name, type: "public.plain-text") }
            #expect(error == DocKitError(CatalogError.nameTaken("local:Notes.txt")))
            #expect(error.code == .alreadyExists)
        }
        #expect(try home.contents("Notes.txt") == "precious content")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.documentsPath(.local)) == ["Notes.txt"])
    }

    @Test("a name taken by a folder is taken too")
    func nameTakenByFolder() throws {
        let home = try TestHome("create")
        try home.write("inside", to: "Plans.txt/inner")
        #expect(throws: DocKitError(CatalogError.nameTaken("local:Plans.txt"))) {
            try home.catalog().createDocument(named: "Plans", type: "public.plain-text")
        }
        #expect(try home.contents("Plans.txt/inner") == "inside")
    }

    @Test("a package type creates an empty directory, listed as a package")
    func packageCreatesDirectory() throws {
        let home = try TestHome("create")
        let catalog = try home.catalog()
        let document = try catalog.createDocument(named: nil, type: "com.apple.rtfd")
        #expect(document.name == "Untitled.rtfd")
        #expect(document.isPackage)
        #expect(document.type == "com.apple.rtfd")
        #expect(try FileStatus.of(home.path("Untitled.rtfd"))?.kind == .directory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.url("Untitled.rtfd").path).isEmpty)
        #expect(try catalog.createDocument(named: "Essay", type: "com.apple.rtfd").name == "Essay.rtfd")
        #expect(try catalog.createDocument(named: nil, type: "com.apple.rtfd").name == "Untitled 2.rtfd")
    }

    @Test("the preferred location is the default; another can be asked for")
    func locations() throws {
        let home = try TestHome("create")
        #expect(try home.catalog().createDocument(named: nil, type: "public.plain-text").location == .local)
        let cloud = try home.catalog().createDocument(named: nil, type: "public.plain-text", in: .cloud)
        #expect(cloud.qualifiedName == "cloud:Untitled.txt")
        #expect(FileManager.default.fileExists(atPath: home.documentsPath(.cloud) + "/Untitled.txt"))

        try ConfigurationFile(home: home.home).update { configuration throws(DocKitError) in
            try configuration.set(.preferredStorage, to: "cloud")
        }
        #expect(try home.catalog().createDocument(named: "Preferred", type: "public.plain-text").qualifiedName == "cloud:Preferred.txt")
    }

    @Test("invalid names, unknown types and types without an extension are refused")
    func refusals() throws {
        let home = try TestHome("create")
        let catalog = try home.catalog()
        for name in ["a/b", ".hidden", "", "..", String(repeating: "x", count: 300)] {
            let error = try #require(throws: DocKitError.self, "\(name)") { try catalog.createDocument(named: name, type: "public.plain-text") }
            guard case .invalidName = error else {
                Issue.record("\(name): expected invalidName, got \(error)")
                continue
            }
        }
        #expect(throws: DocKitError.self) { try catalog.createDocument(named: nil, type: "com.example.nonexistent") }
        #expect(throws: DocKitError(CatalogError.typeHasNoExtension("public.data"))) { try catalog.createDocument(named: nil, type: "public.data") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.documentsPath(.local)).isEmpty)
    }
}

@Suite("DocumentCatalog.renameDocument")
struct RenameDocumentTests {
    @Test("rename keeps the extension and the content")
    func keepsExtension() throws {
        let home = try TestHome("rename")
        try home.write("%PDF-1.4 body", to: "Report.pdf")
        let catalog = try home.catalog()
        let renamed = try catalog.renameDocument(try catalog.resolve("Report.pdf"), to: "Summary")
        #expect(renamed.name == "Summary.pdf")
        #expect(renamed.displayName == "Summary")
        #expect(renamed.type == "com.adobe.pdf")
        #expect(try home.contents("Summary.pdf") == "%PDF-1.4 body")
        #expect(!home.exists("Report.pdf"))
        // A dot in the new name is not an extension unless it is the type's.
        #expect(try catalog.renameDocument(renamed, to: "Summary v1.2").name == "Summary v1.2.pdf")
    }

    @Test("rename accepts another extension of the same type")
    func sameTypeOtherExtension() throws {
        let home = try TestHome("rename")
        try home.write("jpeg bytes", to: "Photo.jpg")
        let catalog = try home.catalog()
        let renamed = try catalog.renameDocument(try catalog.resolve("Photo.jpg"), to: "Picture.jpeg")
        #expect(renamed.name == "Picture.jpeg")
        #expect(renamed.type == "public.jpeg")
        #expect(try home.contents("Picture.jpeg") == "jpeg bytes")
        // An extension of another type is part of the name.
        #expect(try catalog.renameDocument(renamed, to: "Picture.pdf").name == "Picture.pdf.jpeg")
    }

    @Test("rename of a package moves it whole; of a document in a folder, keeps it there")
    func packagesAndFolders() throws {
        let home = try TestHome("rename")
        try home.write(Data(count: 9), to: "Essay.rtfd/TXT.rtf")
        try home.write("plan", to: "Projects/Plan.txt")
        let catalog = try home.catalog()
        let package = try catalog.renameDocument(try catalog.resolve("Essay.rtfd"), to: "Thesis")
        #expect(package.name == "Thesis.rtfd")
        #expect(package.isPackage)
        #expect(package.size == 9)
        #expect(try FileStatus.of(home.path("Thesis.rtfd/TXT.rtf"))?.size == 9)

        let plan = try catalog.renameDocument(try catalog.resolve("Projects/Plan.txt"), to: "Roadmap")
        #expect(plan.relativePath == RawPath("Projects/Roadmap.txt"))
        #expect(try home.contents("Projects/Roadmap.txt") == "plan")
    }

    @Test("a name with '/' or a leading '.' is invalidName, and nothing moves", arguments: ["a/b", "../Escape", ".Hidden", "", "."])
    func invalidNames(_ name: String) throws {
        let home = try TestHome("rename")
        try home.write("body", to: "Report.txt")
        let catalog = try home.catalog()
        let document = try catalog.resolve("Report.txt")
        let error = try #require(throws: DocKitError.self) { try catalog.renameDocument(document, to: name) }
        guard case .invalidName = error else {
            Issue.record("expected invalidName, got \(error)")
            return
        }
        #expect(error.code == .invalidName)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.documentsPath(.local)) == ["Report.txt"])
    }

    @Test("a collision is nameTaken, and neither file is touched")
    func collision() throws {
        let home = try TestHome("rename")
        try home.write("first", to: "A.txt")
        try home.write("second", to: "B.txt")
        let catalog = try home.catalog()
        let document = try catalog.resolve("A.txt")
        for name in ["B", "B.txt"] {
            let error = try #require(throws: DocKitError.self) { try catalog.renameDocument(document, to: name) }
            #expect(error == DocKitError(CatalogError.nameTaken("local:B.txt")))
        }
        #expect(try home.contents("A.txt") == "first")
        #expect(try home.contents("B.txt") == "second")
    }

    @Test("a collision with a folder or package is refused too")
    func collisionWithDirectory() throws {
        let home = try TestHome("rename")
        try home.write("first", to: "A.txt")
        try home.write("inner", to: "B.txt/inner")
        let catalog = try home.catalog()
        #expect(throws: DocKitError(CatalogError.nameTaken("local:B.txt"))) { try catalog.renameDocument(try catalog.resolve("A.txt"), to: "B") }
        #expect(try home.contents("A.txt") == "first")
        #expect(try home.contents("B.txt/inner") == "inner")
    }

    @Test("renaming to the same name changes nothing")
    func sameName() throws {
        let home = try TestHome("rename")
        try home.write("body", to: "Same.txt")
        let catalog = try home.catalog()
        let document = try catalog.resolve("Same.txt")
        #expect(try catalog.renameDocument(document, to: "Same") == document)
        #expect(try home.contents("Same.txt") == "body")
    }

    @Test("renaming a document not yet downloaded keeps it a placeholder, under the new name")
    func renamePlaceholder() throws {
        let home = try TestHome("rename")
        let placeholder = try PropertyListFixtures.data(["NSURLNameKey": "Remote.pdf", "NSURLFileSizeKey": 4096], as: .xml)
        try home.write(placeholder, to: ".Remote.pdf.icloud", in: .cloud)
        let catalog = try home.catalog()
        let document = try catalog.resolve("Remote.pdf")
        #expect(document.states == [.notDownloaded])

        let renamed = try catalog.renameDocument(document, to: "Renamed")
        #expect(renamed.name == "Renamed.pdf")
        #expect(renamed.states == [.notDownloaded])
        #expect(renamed.size == 4096)
        #expect(renamed.relativePath == RawPath(".Renamed.pdf.icloud"))
        // Never a visible file holding the placeholder's property list.
        #expect(!home.exists("Renamed.pdf", in: .cloud))
        #expect(!home.exists(".Remote.pdf.icloud", in: .cloud))
        #expect(try catalog.resolve("cloud:Renamed.pdf").states == [.notDownloaded])
        #expect(throws: DocKitError(CatalogError.documentNotFound("Remote.pdf"))) { try catalog.resolve("Remote.pdf") }
    }

    @Test("renaming a placeholder onto a taken name is refused, touching nothing")
    func renamePlaceholderCollision() throws {
        let home = try TestHome("rename")
        let placeholder = try PropertyListFixtures.data(["NSURLNameKey": "Remote.pdf", "NSURLFileSizeKey": 4096], as: .xml)
        try home.write(placeholder, to: ".Remote.pdf.icloud", in: .cloud)
        try home.write("%PDF local copy", to: "Taken.pdf", in: .cloud)
        let catalog = try home.catalog()
        #expect(throws: DocKitError(CatalogError.nameTaken("cloud:Taken.pdf"))) { try catalog.renameDocument(try catalog.resolve("Remote.pdf"), to: "Taken") }
        #expect(try Data(contentsOf: home.url(".Remote.pdf.icloud", in: .cloud)) == placeholder)
        #expect(try home.contents("Taken.pdf", in: .cloud) == "%PDF local copy")
    }

    @Test("renaming onto the name of a document not yet downloaded is refused")
    func renameOntoPlaceholderName() throws {
        let home = try TestHome("rename")
        let placeholder = try PropertyListFixtures.data(["NSURLNameKey": "Remote.txt", "NSURLFileSizeKey": 700], as: .xml)
        try home.write(placeholder, to: ".Remote.txt.icloud", in: .cloud)
        try home.write("local text", to: "Mine.txt", in: .cloud)
        let catalog = try home.catalog()
        let outcome = Result { try catalog.renameDocument(try catalog.resolve("Mine.txt"), to: "Remote") }
        let placeholderAfter = try? catalog.resolve("cloud:Remote.txt")
        #expect(throws: DocKitError(CatalogError.nameTaken("cloud:Remote.txt"))) { try outcome.get() }
        #expect(placeholderAfter?.states == [.notDownloaded])
        
        #expect(try Data(contentsOf: home.url(".Remote.txt.icloud", in: .cloud)) == placeholder)
    }
}
