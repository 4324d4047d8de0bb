import Foundation
import Testing
@testable import DocKit

@Suite("DocumentScanner")
struct DocumentScannerTests {
    static func scan(_ home: TestHome, _ location: Location = .local, recursive: Bool = false) throws -> [Document] {
        try home.catalog().scanner.scan(location, recursive: recursive)
    }

    static func byName(_ documents: [Document]) -> [String: Document] {
        Dictionary(documents.map { ($0.listedName, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func placeholder(name: String, size: Int) throws -> [String: Any] {
        ["NSURLNameKey": name, "NSURLFileSizeKey": size, "NSURLFileResourceTypeKey": "NSURLFileResourceTypeRegular"]
    }

    @Test("a regular file is listed with its type, display name, size, date and location")
    func regularFile() throws {
        let home = try TestHome("scan")
        let url = try home.write(String(repeating: "x", count: 1234), to: "Report.txt", in: .cloud)
        let documents = try Self.scan(home, .cloud)
        let document = try #require(documents.first)
        #expect(documents.count == 1)
        #expect(document.name == "Report.txt")
        #expect(document.displayName == "Report")
        #expect(document.type == "public.plain-text")
        #expect(document.size == 1234)
        #expect(document.location == .cloud)
        #expect(document.relativePath == RawPath("Report.txt"))
        #expect(document.path.description == home.documentsPath(.cloud) + "/Report.txt")
        #expect(document.qualifiedName == "cloud:Report.txt")
        #expect(document.stateList == [.normal])
        #expect(!document.isPackage && !document.isFolder && !document.isSymbolicLink && !document.typeWasGuessed)
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
        #expect(abs(document.modificationDate.timeIntervalSince(modified)) < 0.001)
    }

    /// The folder's names as read a moment before a sync engine renamed
    /// its temporary over the document: the temporary is gone when it is
    /// examined, so the names are read again and the document is found.
    @Test("a temporary renamed over its document while it is being found leaves the document found")
    func temporaryRenamedWhileFound() throws {
        let home = try TestHome("vanished-temporary")
        _ = try home.write("whole", to: "Big.bin", in: .cloud)
        let scanner = try home.catalog().scanner
        let stale = [RawPath(".syncthing.Big.bin.tmp")]
        let found = try scanner.scan(.cloud, folder: RawPath(bytes: []), names: stale, namesContaining: [Array("Big".utf8)]) { $0 == "Big.bin" }
        #expect(found.map(\.name) == ["Big.bin"])
        #expect(found.first?.stateList == [.normal])
    }

    /// Names read from a folder that is then removed: nothing in it is
    /// found, as when it was gone before the search began.
    @Test("a folder removed while a document in it is being found leaves nothing found, and no error")
    func folderRemovedWhileFound() throws {
        let home = try TestHome("vanished-folder")
        _ = try home.write("kept", to: "Other.txt", in: .local)
        let scanner = try home.catalog().scanner
        let found = try scanner.scan(.local, folder: RawPath("Receipts"), names: [RawPath("March.txt")], namesContaining: []) { _ in true }
        #expect(found.isEmpty)
    }

    @Test("a missing Documents folder is created and empty")
    func missingDocumentsFolder() throws {
        let home = try TestHome("scan")
        #expect(try Self.scan(home, .local).isEmpty)
        #expect(try Self.scan(home, .cloud).isEmpty)
        #expect(FileManager.default.fileExists(atPath: home.documentsPath(.cloud)))
    }

    @Test("hidden entries and the top-level Inbox are not listed; an Inbox inside a folder is")
    func notDocuments() throws {
        let home = try TestHome("scan")
        try home.write("x", to: ".hidden.txt")
        try home.write("x", to: "Inbox/received.pdf")
        try home.write("x", to: ".docbrowser-tmp-ABC")
        try home.write("x", to: "Visible.txt")
        try home.write("x", to: "Folder/Inbox/inner.txt")
        #expect(try Self.scan(home).map(\.listedName).sorted() == ["Folder", "Visible.txt"])
        #expect(try Self.scan(home, recursive: true).map(\.listedName).sorted() == ["Folder", "Folder/Inbox", "Folder/Inbox/inner.txt", "Visible.txt"])
    }

    @Test("a sync temporary makes the document beside it or the package around it incomplete, and alone stands for the document")
    func incompleteDocuments() throws {
        let home = try TestHome("scan")
        try home.write("old", to: "Notes.txt")
        try home.write("new", to: ".syncthing.Notes.txt.tmp")
        try home.write("x", to: "Deck.key/Index.zip")
        try home.write("x", to: "Deck.key/Data/.syncthing.slide.png.tmp")
        try home.write("x", to: "~syncthing~Arriving.pdf.tmp")
        try home.write("x", to: "movie.mkv.part")
        try home.write("x", to: "Whole.txt")
        let documents = try Self.scan(home)
        let states = Dictionary(uniqueKeysWithValues: documents.map { ($0.listedName, $0.stateList) })
        #expect(states == ["Notes.txt": [.incomplete], "Deck.key": [.incomplete], "Arriving.pdf": [.incomplete], "movie.mkv": [.incomplete], "Whole.txt": [.normal]])
        let arriving = try #require(documents.first { $0.name == "Arriving.pdf" })
        #expect(arriving.filename == RawPath("Arriving.pdf"))
        #expect(arriving.relativePath == RawPath("~syncthing~Arriving.pdf.tmp"))

        // Once the engine renames its temporaries into place, nothing stays incomplete.
        try FileManager.default.removeItem(atPath: home.documentsPath(.local) + "/.syncthing.Notes.txt.tmp")
        try FileManager.default.moveItem(atPath: home.documentsPath(.local) + "/Deck.key/Data/.syncthing.slide.png.tmp",
                                         toPath: home.documentsPath(.local) + "/Deck.key/Data/slide.png")
        let after = Dictionary(uniqueKeysWithValues: try Self.scan(home).map { ($0.listedName, $0.stateList) })
        #expect(after["Notes.txt"] == [.normal])
        #expect(after["Deck.key"] == [.normal])
    }

    // MARK: Packages and folders

    @Test("a package is one document whose size is the sum of its contents, never descended into")
    func packageIsOneDocument() throws {
        let home = try TestHome("scan")
        try home.write(Data(count: 100), to: "Essay.rtfd/TXT.rtf")
        try home.write(Data(count: 250), to: "Essay.rtfd/Attachments/photo.png")
        try home.write(Data(count: 7), to: "Essay.rtfd/Attachments/Deeper/note.txt")
        try home.directory("Essay.rtfd/Empty")
        for recursive in [false, true] {
            let documents = try Self.scan(home, recursive: recursive)
            #expect(documents.count == 1, "recursive: \(recursive)")
            let package = try #require(documents.first)
            #expect(package.name == "Essay.rtfd")
            #expect(package.displayName == "Essay")
            #expect(package.type == "com.apple.rtfd")
            #expect(package.isPackage)
            #expect(!package.isFolder)
            #expect(package.size == 357)
        }
    }

    @Test("a folder is listed as a folder, and descended into only when recursive")
    func foldersAreDescendedOnlyWhenRecursive() throws {
        let home = try TestHome("scan")
        try home.write("abc", to: "Projects/plan.txt")
        try home.write(Data(count: 10), to: "Projects/Old/archive.txt")
        try home.write(Data(count: 3), to: "Projects/Book.rtfd/TXT.rtf")

        let flat = try Self.scan(home)
        #expect(flat.map(\.listedName) == ["Projects"])
        let folder = try #require(flat.first)
        #expect(folder.isFolder)
        #expect(!folder.isPackage)
        #expect(folder.type == "public.folder")
        #expect(folder.size == 0)

        let deep = try Self.scan(home, recursive: true)
        #expect(deep.map(\.listedName).sorted() == ["Projects", "Projects/Book.rtfd", "Projects/Old", "Projects/Old/archive.txt", "Projects/plan.txt"])
        let named = Self.byName(deep)
        #expect(named["Projects/plan.txt"]?.relativePath == RawPath("Projects/plan.txt"))
        #expect(named["Projects/plan.txt"]?.name == "plan.txt")
        #expect(named["Projects/Old/archive.txt"]?.size == 10)
        #expect(named["Projects/Book.rtfd"]?.isPackage == true)
        #expect(named["Projects/Book.rtfd"]?.size == 3)
    }

    // MARK: Placeholders

    @Test("iCloud placeholders in XML and binary form list the document they stand for, not downloaded", arguments: [PropertyListFixtures.Form.xml, .binary])
    func placeholder(_ form: PropertyListFixtures.Form) throws {
        let home = try TestHome("scan")
        try home.write(try PropertyListFixtures.data(try Self.placeholder(name: "Budget 2025.pdf", size: 48_213), as: form), to: ".Budget 2025.pdf.icloud")
        let document = try #require(try Self.scan(home).first)
        #expect(document.name == "Budget 2025.pdf")
        #expect(document.displayName == "Budget 2025")
        #expect(document.type == "com.adobe.pdf")
        #expect(document.size == 48_213)
        #expect(document.states == [.notDownloaded])
        #expect(document.relativePath == RawPath(".Budget 2025.pdf.icloud"))
        #expect(document.listedName == "Budget 2025.pdf")
    }

    @Test("a placeholder whose content cannot be read falls back to the name its filename implies")
    func garbagePlaceholder() throws {
        let home = try TestHome("scan")
        try home.write(Data([0x00, 0xFF, 0x13, 0x37, 0x42]), to: ".Notes.txt.icloud")
        let document = try #require(try Self.scan(home).first)
        #expect(document.name == "Notes.txt")
        #expect(document.type == "public.plain-text")
        #expect(document.size == 0)
        #expect(document.states == [.notDownloaded])
    }

    @Test("a placeholder inside a folder is listed under the folder")
    func placeholderInFolder() throws {
        let home = try TestHome("scan")
        try home.write(try PropertyListFixtures.data(try Self.placeholder(name: "Scan.png", size: 99), as: .xml), to: "Folder/.Scan.png.icloud")
        let named = Self.byName(try Self.scan(home, recursive: true))
        let document = try #require(named["Folder/Scan.png"])
        #expect(document.states == [.notDownloaded])
        #expect(document.type == "public.png")
    }

    @Test("a placeholder whose file has arrived is not listed twice")
    func stalePlaceholder() throws {
        let home = try TestHome("scan")
        try home.write(try PropertyListFixtures.data(try Self.placeholder(name: "Report.pdf", size: 10_000), as: .xml), to: ".Report.pdf.icloud")
        try home.write("%PDF-1.4", to: "Report.pdf")
        let documents = try Self.scan(home)
        #expect(documents.count == 1)
        #expect(documents.first?.name == "Report.pdf")
        #expect(documents.first?.size == 8)
        #expect(documents.first?.states == [])
    }

    // MARK: Links, raw names, sniffing

    @Test("a symbolic link is public.symlink and is not followed, even to a folder")
    func symbolicLink() throws {
        let home = try TestHome("scan")
        try home.directory.write(Data(count: 5000), to: "Outside/big.pdf")
        try FileSystem.createDirectory(home.documentsDirectory(.local))
        try FileManager.default.createSymbolicLink(atPath: home.url("Shortcut.pdf").path, withDestinationPath: home.directory.url("Outside/big.pdf").path)
        try FileManager.default.createSymbolicLink(atPath: home.url("Linked Folder").path, withDestinationPath: home.directory.url("Outside").path)
        try FileManager.default.createSymbolicLink(atPath: home.url("Dangling.txt").path, withDestinationPath: "/nonexistent/target")

        let documents = try Self.scan(home, recursive: true)
        #expect(documents.map(\.listedName).sorted() == ["Dangling.txt", "Linked Folder", "Shortcut.pdf"])
        for document in documents {
            #expect(document.type == "public.symlink", "\(document.name)")
            #expect(document.isSymbolicLink)
            #expect(!document.isFolder && !document.isPackage)
        }
        let shortcut = try #require(Self.byName(documents)["Shortcut.pdf"])
        // lstat's size: the length of the link's target, not the target's size.
        #expect(shortcut.size == Int64(home.directory.url("Outside/big.pdf").path.utf8.count))
    }

    @Test("a name that is not UTF-8 is listed escaped, and its path keeps the bytes")
    func rawName() throws {
        let home = try TestHome("scan")
        let bytes = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)
        let path = try home.writeFile(named: bytes, contents: Array("hello".utf8))
        let document = try #require(try Self.scan(home).first)
        #expect(document.name == #"caf\xE9.txt"#)
        #expect(document.displayName == #"caf\xE9"#)
        #expect(document.type == "public.plain-text")
        #expect(document.size == 5)
        #expect(document.relativePath.bytes == bytes)
        #expect(document.path == path)
        #expect(try RawFiles.read(document.path) == Array("hello".utf8))
    }

    @Test("a file without an extension is typed by its content, as a guess")
    func sniffedType() throws {
        let home = try TestHome("scan")
        try home.write(Data(SniffFixtures.pdf()), to: "Scanned Letter")
        try home.write(Data(SniffFixtures.png()), to: "picture")
        try home.write(Data(SniffFixtures.pdf()), to: "labelled.txt")
        let named = Self.byName(try Self.scan(home))
        let letter = try #require(named["Scanned Letter"])
        #expect(letter.type == "com.adobe.pdf")
        #expect(letter.typeWasGuessed)
        #expect(letter.displayName == "Scanned Letter")
        #expect(named["picture"]?.type == "public.png")
        #expect(named["picture"]?.typeWasGuessed == true)
        // A known extension wins over the content, and is no guess.
        #expect(named["labelled.txt"]?.type == "public.plain-text")
        #expect(named["labelled.txt"]?.typeWasGuessed == false)
    }

    @Test("the two locations are scanned separately")
    func locationsAreSeparate() throws {
        let home = try TestHome("scan")
        try home.write("l", to: "Local.txt", in: .local)
        try home.write("c", to: "Remote.txt", in: .cloud)
        try home.directory.write("not a document", to: "Cloud/outside-documents.txt")
        #expect(try Self.scan(home, .local).map(\.qualifiedName) == ["local:Local.txt"])
        #expect(try Self.scan(home, .cloud).map(\.qualifiedName) == ["cloud:Remote.txt"])
    }

    @Test("the two locations, scanned at once, list as if scanned one after the other", arguments: DocumentQuery.SortKey.allCases)
    func locationsScannedAtOnce(sort: DocumentQuery.SortKey) throws {
        let home = try TestHome("scan")
        // Types, names and folders that only one location has, or both: the
        // second location's listing is appended with its own type and path
        // tables, which must be mapped onto the first's.
        for (index, name) in ["Same.txt", "a.pdf", "B.md", "Résumé.txt", "Same.pdf", "x10.png", "x9.png"].enumerated() {
            try home.write(String(repeating: "l", count: index + 1), to: name, in: .local)
        }
        for (index, name) in ["Same.txt", "c.json", "Same.pdf", "Zed.csv", "édition.md", "x9.png"].enumerated() {
            try home.write(String(repeating: "c", count: 20 - index), to: name, in: .cloud)
        }
        try home.write("f", to: "Folder/inside.txt", in: .cloud)
        let catalog = try home.catalog()
        var query = DocumentQuery()
        query.sort = sort
        let listed = try catalog.documents(matching: query)
        let oneAfterTheOther = query.ordered(try Self.scan(home, .local) + Self.scan(home, .cloud), registry: catalog.registry)
        #expect(listed.count == 14)
        #expect(listed == oneAfterTheOther)
        #expect(Set(listed.map(\.type)).isSuperset(of: ["com.adobe.pdf", "public.json", "public.comma-separated-values-text", "public.folder"]))
        #expect(listed.filter { $0.location == .cloud }.allSatisfy { $0.path.description.hasPrefix(home.documentsPath(.cloud)) })
    }

    @Test("display names drop only the extension that gave the type")
    func displayNames() throws {
        let home = try TestHome("scan")
        try home.write("x", to: "backup.tar.gz")
        try home.write("x", to: "v1.2 notes")
        try home.write("x", to: "Report.PDF")
        let named = Self.byName(try Self.scan(home))
        #expect(named["backup.tar.gz"]?.displayName == "backup")
        #expect(named["Report.PDF"]?.displayName == "Report")
        #expect(named["Report.PDF"]?.type == "com.adobe.pdf")
        #expect(named["v1.2 notes"]?.displayName == "v1.2 notes")
    }
}
