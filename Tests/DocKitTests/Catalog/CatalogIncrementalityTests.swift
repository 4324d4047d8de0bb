#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import DocKit

/// The catalog's point: a second scan re-reads only what changed.
@Suite("Catalog incrementality")
struct CatalogIncrementalityTests {
    /// Files in these tests were written moments ago, which would make
    /// every entry racy (examined again); the tests that pin what the
    /// catalog reuses scan without that window, and `racyEntries` pins it.
    static func scan(_ home: TestHome, _ location: Location = .local, recursive: Bool = false) throws -> [Document] {
        var scanner = try home.catalog().scanner
        scanner.racyWindow = 0
        return try scanner.scan(location, recursive: recursive)
    }

    @Test("an entry changed within the racy window is examined again even though its signature is unchanged")
    func racyEntries() throws {
        let home = try TestHome("racy-window")
        try home.write("%PDF-1.7\n", to: "Scan")
        let scanner = try home.catalog().scanner
        #expect(try Self.named(try scanner.scan(.local), "Scan").type == "com.adobe.pdf")
        // Pretend the catalog said something else for the same signature:
        // a racy entry must not be trusted, so the disk answer comes back.
        let store = scanner.catalog
        let root = try home.catalog().locations.existingDocumentsDirectory(.local)
        let stored = try store.entries(in: .local, documentsDirectory: root)
        var entry = try #require(stored[RawPath("Scan")])
        #expect(entry.isRacy)
        entry.document.type = "com.example.from-the-catalog"
        try store.reconcile(.local, with: [entry], previous: stored) { _ in true }
        #expect(try Self.named(try scanner.scan(.local), "Scan").type == "com.adobe.pdf")
    }

    static func named(_ documents: [Document], _ listedName: String) throws -> Document {
        try #require(documents.first { $0.listedName == listedName }, "\(listedName) in \(documents.map(\.listedName))")
    }

    /// Rewrites the catalog row of `relativePath` with `change` applied to
    /// its document, keeping the disk signature it was recorded with: a
    /// later scan that shows the change has used the row, not the disk.
    static func tamper(_ home: TestHome, _ relativePath: String, in location: Location = .local, _ change: (inout Document) -> Void) throws {
        let store = home.catalogStore
        let previous = try store.entries(in: location, documentsDirectory: home.documentsDirectory(location))
        var entry = try #require(previous[RawPath(relativePath)])
        change(&entry.document)
        try store.reconcile(location, with: [entry], previous: previous) { _ in false }
    }

    /// A plain file, one typed by its content, a package, a folder, a
    /// placeholder, a symbolic link and a name that is not UTF-8: seven
    /// documents at the top, eight with the folder's.
    static func writeEntriesOfEveryKind(in home: TestHome) throws {
        try home.write(String(repeating: "a", count: 321), to: "Notes.txt")
        try home.write(Data(SniffFixtures.pdf()), to: "Scan")
        try home.write(Data(count: 40), to: "Essay.rtfd/TXT.rtf")
        try home.write("inner", to: "Folder/inner.txt")
        try home.write(try PropertyListFixtures.data(["NSURLNameKey": "Remote.pdf", "NSURLFileSizeKey": 777], as: .xml), to: ".Remote.pdf.icloud")
        try FileManager.default.createSymbolicLink(atPath: home.url("Link").path, withDestinationPath: "Notes.txt")
        try home.writeFile(named: Array("caf".utf8) + [0xE9], contents: [1, 2, 3])
    }

    @Test("a second scan of an unchanged tree returns identical documents")
    func unchangedTreeIsIdentical() throws {
        let home = try TestHome("incremental")
        try Self.writeEntriesOfEveryKind(in: home)

        for recursive in [false, true] {
            let first = try Self.scan(home, recursive: recursive)
            let second = try Self.scan(home, recursive: recursive)
            let third = try Self.scan(home, recursive: recursive)
            #expect(first.count == (recursive ? 8 : 7))
            #expect(second == first, "recursive: \(recursive)")
            #expect(third == first, "recursive: \(recursive)")
        }
    }

    /// A listing copies the bytes of a row whose file is unchanged into
    /// the listing, without making its document: what it lists must be
    /// what the document made from the row would be, and a row whose
    /// states the folder's names decide (incomplete, in conflict) is made
    /// again when they change.
    @Test("a listing lists an unchanged row as its document, field for field, and makes again a row whose states the folder decides")
    func listingOfUnchangedRows() throws {
        let home = try TestHome("unchanged-rows")
        try Self.writeEntriesOfEveryKind(in: home)
        try home.write("old", to: "Draft.txt")
        try home.write("new", to: ".syncthing.Draft.txt.tmp")
        try home.write("mine", to: "Note.txt")
        try home.write("theirs", to: "Note.sync-conflict-20261122-120303-JZLXCF2.txt")
        try home.write("# cloud", to: "Cloud.md", in: .cloud)
        var catalog = try home.catalog()
        catalog.scanner.racyWindow = 0
        let query = DocumentQuery()
        let cold = Array(try catalog.listing(matching: query))
        #expect(try Self.named(cold, "Draft.txt").states == [.incomplete])
        #expect(try Self.named(cold, "Note.txt").states == [.inConflict])

        // A display name only the row holds shows that the row was listed.
        try Self.tamper(home, "Notes.txt") { $0.displayName = "From the catalog" }
        let warm = Array(try catalog.listing(matching: query))
        #expect(try Self.named(warm, "Notes.txt").displayName == "From the catalog")
        let expected = cold.map { document in
            var document = document
            if document.listedName == "Notes.txt" { document.displayName = "From the catalog" }
            return document
        }
        #expect(warm == expected)
        let madeOneByOne = query.ordered(try catalog.scanner.scan(.local) + catalog.scanner.scan(.cloud), registry: catalog.registry)
        #expect(warm == madeOneByOne)
        var pdfs = DocumentQuery()
        pdfs.type = "com.adobe.pdf"
        #expect(try catalog.documents(matching: pdfs) == warm.filter { pdfs.matches($0, registry: catalog.registry) })
        // A document held while its row is unchanged is listed held.
        let notes = try Self.named(warm, "Notes.txt")
        let lock = try DocumentLock([notes.path], in: LockDirectory(home: home.home), holder: LockHolder(activity: "moving"))
        #expect(try Self.named(Array(catalog.listing(matching: query)), "Notes.txt").states == [.locked])
        lock.release()
        #expect(try Self.named(Array(catalog.listing(matching: query)), "Notes.txt").states == [])

        // The engine is done: the states the rows were written with are not kept.
        try FileManager.default.removeItem(at: home.url(".syncthing.Draft.txt.tmp"))
        try FileManager.default.removeItem(at: home.url("Note.sync-conflict-20261122-120303-JZLXCF2.txt"))
        let after = Array(try catalog.listing(matching: query))
        #expect(try Self.named(after, "Draft.txt").states == [])
        #expect(try Self.named(after, "Note.txt").states == [])
        #expect(after.count == warm.count)
    }

    /// The catalog's writer binds a row's text only where it differs from
    /// the last row's; names that differ only in their normalization sort
    /// side by side, and each row must keep its own bytes.
    @Test("names the same but for their Unicode normalization are each catalogued as their own bytes")
    func namesDifferingInNormalizationKeepTheirBytes() throws {
        let home = try TestHome("normalization")
        let composed = Array("caf\u{E9}.txt".utf8)
        let decomposed = Array("cafe\u{301}.txt".utf8)
        try home.writeFile(named: composed, contents: [1])
        try home.writeFile(named: decomposed, contents: [2, 2])
        _ = try Self.scan(home)
        let rows = try home.catalogEntries(.local)
        #expect(rows.count == 2)
        for bytes in [composed, decomposed] {
            let entry = try #require(rows[RawPath(bytes: bytes)])
            #expect(Array(entry.document.name.utf8) == bytes)
            #expect(Array(entry.document.displayName.utf8) == Array(bytes.dropLast(4)))
        }
    }

    @Test("the catalog's databases hold what the scan found, for a fresh store to read")
    func catalogIsPersisted() throws {
        let home = try TestHome("incremental")
        try home.write("abc", to: "Notes.txt")
        try home.write(Data(count: 12), to: "Essay.rtfd/TXT.rtf")
        let scanned = try Self.scan(home)
        let entries = try home.catalogEntries(.local)
        #expect(Set(entries.keys) == [RawPath("Notes.txt"), RawPath("Essay.rtfd")])
        #expect(entries[RawPath("Notes.txt")]?.document.type == "public.plain-text")
        #expect(entries[RawPath("Notes.txt")]?.status == (try FileStatus.of(home.path("Notes.txt"))))
        let package = try #require(entries[RawPath("Essay.rtfd")]?.package)
        #expect(package.size == 12)
        #expect(package.entryCount == 1)
        #expect(Set(entries.values.map(\.document.name)) == Set(scanned.map(\.name)))
        #expect(try home.catalogEntries(.cloud).isEmpty)
    }

    // MARK: Packages

    @Test("trade-off: a package whose directories did not change is not walked again, so a file rewritten in place inside it keeps the cached size until a directory changes")
    func packageIsNotRewalkedUntilADirectoryChanges() throws {
        let home = try TestHome("incremental")
        try home.write(Data(count: 100), to: "Essay.rtfd/TXT.rtf")
        try home.write(Data(count: 50), to: "Essay.rtfd/Attachments/photo.png")
        #expect(try Self.named(try Self.scan(home), "Essay.rtfd").size == 150)

        // Rewritten through the existing inode, with another length: no
        // directory inside the package changes.
        try FileClock.waitForNextTick(probeIn: home.directory.url)
        try RawFiles.write([UInt8](repeating: 7, count: 1000), to: home.path("Essay.rtfd/TXT.rtf"))
        #expect(try FileStatus.of(home.path("Essay.rtfd/TXT.rtf"))?.size == 1000)
        #expect(try Self.named(try Self.scan(home), "Essay.rtfd").size == 150)

        // A file added in a directory inside the package changes that
        // directory's times: the package is walked again.
        try home.write(Data(count: 5), to: "Essay.rtfd/Attachments/new.txt")
        #expect(try Self.named(try Self.scan(home), "Essay.rtfd").size == 1055)
    }

    @Test("a package is walked again when an entry is removed or renamed deep inside it")
    func packageRewalkedOnDeepChanges() throws {
        let home = try TestHome("incremental")
        try home.write(Data(count: 10), to: "Book.rtfd/A/B/C/deep.bin")
        try home.write(Data(count: 20), to: "Book.rtfd/top.rtf")
        #expect(try Self.named(try Self.scan(home), "Book.rtfd").size == 30)

        try FileClock.waitForNextTick(probeIn: home.directory.url)
        try FileManager.default.removeItem(at: home.url("Book.rtfd/A/B/C/deep.bin"))
        #expect(try Self.named(try Self.scan(home), "Book.rtfd").size == 20)

        try FileClock.waitForNextTick(probeIn: home.directory.url)
        try home.write(Data(count: 3), to: "Book.rtfd/A/B/C/other.bin")
        #expect(try Self.named(try Self.scan(home), "Book.rtfd").size == 23)
    }

    @Test("an unchanged package is served from the catalog, not walked")
    func unchangedPackageComesFromTheCatalog() throws {
        let home = try TestHome("incremental")
        try home.write(Data(count: 64), to: "Essay.rtfd/TXT.rtf")
        _ = try Self.scan(home)
        try Self.tamper(home, "Essay.rtfd") { $0.size = 999_999 }
        #expect(try Self.named(try Self.scan(home), "Essay.rtfd").size == 999_999)
    }

    // MARK: Regular files

    @Test("a file's sniffed type is kept while its lstat signature is unchanged, and found again when it changes")
    func sniffedTypeFollowsTheSignature() throws {
        let home = try TestHome("incremental")
        try home.write(Data(SniffFixtures.pdf(length: 64)), to: "Scan")
        let first = try Self.named(try Self.scan(home), "Scan")
        #expect(first.type == "com.adobe.pdf")
        #expect(first.typeWasGuessed)

        // The row's type is what the next scan shows: the content was not sniffed again.
        try Self.tamper(home, "Scan") { $0.type = "com.example.from-the-catalog" }
        #expect(try Self.named(try Self.scan(home), "Scan").type == "com.example.from-the-catalog")

        // New content (same length): the change time moves on, so the file is identified again.
        try FileClock.waitForNextTick(probeIn: home.directory.url)
        try RawFiles.overwriteInPlace(SniffFixtures.png(length: 64), at: home.path("Scan"))
        let after = try Self.named(try Self.scan(home), "Scan")
        #expect(after.type == "public.png")
        #expect(after.typeWasGuessed)
        #expect(after.size == 64)
    }

    @Test("a file replaced by another under the same name is identified again")
    func replacedFileIsIdentifiedAgain() throws {
        let home = try TestHome("incremental")
        try home.write(Data(SniffFixtures.pdf()), to: "Attachment")
        #expect(try Self.named(try Self.scan(home), "Attachment").type == "com.adobe.pdf")
        let replacement = try home.directory.write(Data(SniffFixtures.png()), to: "replacement")
        // rename(2) over it: a new inode under the old name.
        #expect(rename(replacement.path, home.url("Attachment").path) == 0)
        let after = try Self.named(try Self.scan(home), "Attachment")
        #expect(after.type == "public.png")
    }

    // MARK: Removal and scope

    @Test("rows of entries that disappeared are removed from the catalog")
    func removedEntriesLeaveTheCatalog() throws {
        let home = try TestHome("incremental")
        try home.write("a", to: "Keep.txt")
        try home.write("b", to: "Gone.txt")
        try home.write(Data(count: 2), to: "Gone.rtfd/TXT.rtf")
        _ = try Self.scan(home)
        #expect(try home.catalogEntries(.local).keys.contains(RawPath("Gone.txt")))

        try FileManager.default.removeItem(at: home.url("Gone.txt"))
        try FileManager.default.removeItem(at: home.url("Gone.rtfd"))
        #expect(try Self.scan(home).map(\.name) == ["Keep.txt"])
        let entries = try home.catalogEntries(.local)
        #expect(Set(entries.keys) == [RawPath("Keep.txt")])
    }

    @Test("a recursive scan removes rows of entries that disappeared inside folders")
    func recursiveScanRemovesNestedRows() throws {
        let home = try TestHome("incremental")
        try home.write("a", to: "Folder/a.txt")
        try home.write("b", to: "Folder/Sub/b.txt")
        _ = try Self.scan(home, recursive: true)
        #expect(try home.catalogEntries(.local).keys.contains(RawPath("Folder/Sub/b.txt")))
        try FileManager.default.removeItem(at: home.url("Folder/Sub"))
        _ = try Self.scan(home, recursive: true)
        #expect(Set(try home.catalogEntries(.local).keys) == [RawPath("Folder"), RawPath("Folder/a.txt")])
    }

    @Test("a non-recursive scan keeps the rows recorded inside folders by a recursive one")
    func flatScanKeepsNestedRows() throws {
        let home = try TestHome("incremental")
        try home.write("a", to: "Folder/a.txt")
        try home.write("b", to: "Folder/Sub/b.txt")
        try home.write("t", to: "top.txt")
        _ = try Self.scan(home, recursive: true)
        let recorded = Set(try home.catalogEntries(.local).keys)
        #expect(recorded == [RawPath("Folder"), RawPath("Folder/a.txt"), RawPath("Folder/Sub"), RawPath("Folder/Sub/b.txt"), RawPath("top.txt")])

        #expect(try Self.scan(home).map(\.listedName) == ["Folder", "top.txt"])
        #expect(Set(try home.catalogEntries(.local).keys) == recorded)
        // …while still removing a top-level entry that disappeared.
        try FileManager.default.removeItem(at: home.url("top.txt"))
        _ = try Self.scan(home)
        #expect(Set(try home.catalogEntries(.local).keys) == recorded.subtracting([RawPath("top.txt")]))
    }

    @Test("the two locations have separate rows")
    func locationsHaveSeparateRows() throws {
        let home = try TestHome("incremental")
        try home.write("l", to: "Same.txt", in: .local)
        try home.write("c", to: "Same.txt", in: .cloud)
        _ = try Self.scan(home, .local)
        _ = try Self.scan(home, .cloud)
        try FileManager.default.removeItem(at: home.url("Same.txt", in: .cloud))
        _ = try Self.scan(home, .cloud)
        #expect(try home.catalogEntries(.cloud).isEmpty)
        #expect(try home.catalogEntries(.local).keys.contains(RawPath("Same.txt")))
    }

    @Test("a folder of more names than a page of rows and a batch of writes is catalogued whole, and read back row by row in order")
    func largeFolderIsMatchedAcrossPages() throws {
        let home = try TestHome("incremental")
        let count = CatalogStore.SortedEntries.pageSize * 2 + DocumentScanner.changesWrittenTogether
        let names = (0..<count).map { "File \(String(format: "%05d", $0)).txt" }
        for name in names { try home.write("", to: name) }
        #expect(try Self.scan(home).count == count)
        #expect(try home.catalogEntries(.local).count == count)

        // Rows far into the last page are still found for their names.
        let late = try #require(names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.last)
        try Self.tamper(home, late) { $0.displayName = "From the catalog" }
        #expect(try Self.named(try Self.scan(home), late).displayName == "From the catalog")

        let removed = Set(stride(from: 0, to: count, by: 700).map { names[$0] })
        for name in removed { try FileManager.default.removeItem(at: home.url(name)) }
        #expect(try Self.scan(home).count == count - removed.count)
        #expect(Set(try home.catalogEntries(.local).keys) == Set(names.filter { !removed.contains($0) }.map { RawPath($0) }))
    }

    // MARK: Registry changes and timing

    @Test("a type registered after a scan applies to files that did not change")
    func registryChangeIsSeen() throws {
        let home = try TestHome("incremental")
        try home.write("content", to: "notes.dbkitxyz")
        let before = try Self.named(try home.catalog(registry: SystemTypes.registry).scanner.scan(.local), "notes.dbkitxyz")
        #expect(before.type != "com.example.dbkit-notes")

        let declared = TypeFixtures.declaration("com.example.dbkit-notes", conformsTo: ["public.data"], extensions: ["dbkitxyz"], description: "DocKit notes")
        let registry = TypeDeclarationMerger.merge(try SystemTypes.declarations() + [declared])
        #expect(registry.type(forFileName: "notes.dbkitxyz", isDirectory: false).identifier == "com.example.dbkit-notes")
        let after = try Self.named(try home.catalog(registry: registry).scanner.scan(.local), "notes.dbkitxyz")
        #expect(after.type == "com.example.dbkit-notes")
        #expect(after.displayName == "notes")
        #expect(!after.typeWasGuessed)
        // And back: the old registry's answers come back too.
        let again = try Self.named(try home.catalog(registry: SystemTypes.registry).scanner.scan(.local), "notes.dbkitxyz")
        #expect(again.type == before.type)
    }

    @Test("after a registry change, a flat scan drops the rows inside folders instead of keeping their old types")
    func registryChangeDropsUnreachedRows() throws {
        let home = try TestHome("incremental")
        try home.write("inner", to: "Folder/inner.dbkitxyz")
        try home.write("top", to: "top.txt")
        _ = try home.catalog(registry: SystemTypes.registry).scanner.scan(.local, recursive: true)
        #expect(try home.catalogEntries(.local).keys.contains(RawPath("Folder/inner.dbkitxyz")))

        let declared = TypeFixtures.declaration("com.example.dbkit-notes", conformsTo: ["public.data"], extensions: ["dbkitxyz"])
        let registry = TypeDeclarationMerger.merge(try SystemTypes.declarations() + [declared])
        _ = try home.catalog(registry: registry).scanner.scan(.local)
        #expect(Set(try home.catalogEntries(.local).keys) == [RawPath("Folder"), RawPath("top.txt")])
        let inner = try Self.named(try home.catalog(registry: registry).scanner.scan(.local, recursive: true), "Folder/inner.dbkitxyz")
        #expect(inner.type == "com.example.dbkit-notes")
    }

    @Test("a lookup in a location never listed adopts the registry, so that the next lookup reuses the row it wrote instead of typing and writing it again")
    func lookupAdoptsTheRegistry() throws {
        let home = try TestHome("incremental")
        try home.write("%PDF-1.7\n", to: "Scan")
        var scanner = try home.catalog().scanner
        scanner.racyWindow = 0
        #expect(try scanner.catalog.registryDigest(of: .local) == nil)
        let found = try scanner.scan(.local, folder: RawPath(bytes: []), listedNamesAccepted: { $0 == "Scan" })
        #expect(found.map(\.type) == ["com.adobe.pdf"])
        #expect(try scanner.catalog.registryDigest(of: .local) == scanner.registry.digest)
        try Self.tamper(home, "Scan") { $0.type = "com.example.from-the-catalog" }
        let again = try scanner.scan(.local, folder: RawPath(bytes: []), listedNamesAccepted: { $0 == "Scan" })
        #expect(again.map(\.type) == ["com.example.from-the-catalog"])
    }

    @Test("a lookup after a registry change drops the rows the old registry typed, since the location's digest now speaks for the new one")
    func lookupDropsRowsOfAnotherRegistry() throws {
        let home = try TestHome("incremental")
        try home.write("one", to: "one.dbkitxyz")
        try home.write("two", to: "two.dbkitxyz")
        _ = try home.catalog(registry: SystemTypes.registry).scanner.scan(.local)
        #expect(Set(try home.catalogEntries(.local).keys) == [RawPath("one.dbkitxyz"), RawPath("two.dbkitxyz")])

        let declared = TypeFixtures.declaration("com.example.dbkit-notes", conformsTo: ["public.data"], extensions: ["dbkitxyz"])
        let registry = TypeDeclarationMerger.merge(try SystemTypes.declarations() + [declared])
        let scanner = try home.catalog(registry: registry).scanner
        let found = try scanner.scan(.local, folder: RawPath(bytes: []), listedNamesAccepted: { $0 == "one.dbkitxyz" })
        #expect(found.map(\.type) == ["com.example.dbkit-notes"])
        #expect(try home.catalogEntries(.local).mapValues(\.document.type) == [RawPath("one.dbkitxyz"): "com.example.dbkit-notes"])
        #expect(try scanner.catalog.registryDigest(of: .local) == registry.digest)
        let listed = try Self.named(try scanner.scan(.local), "two.dbkitxyz")
        #expect(listed.type == "com.example.dbkit-notes")
    }

    @Test("rows another process wrote under the same registry, after a lookup read the location's digest, are kept: only a digest still another registry's makes the lookup replace them")
    func adoptionKeepsRowsOfTheSameRegistry() throws {
        let home = try TestHome("incremental")
        try home.write("one", to: "one.txt")
        try home.write("two", to: "two.txt")
        let scanner = try home.catalog().scanner
        _ = try scanner.scan(.local)
        let store = home.catalogStore
        let one = try #require(try home.catalogEntries(.local)[RawPath("one.txt")])
        // As a lookup that read no digest, or another, before the listing
        // ended would write its one entry.
        try store.replaceAll(.local, with: [one], typedBy: scanner.registry.digest)
        #expect(Set(try home.catalogEntries(.local).keys) == [RawPath("one.txt"), RawPath("two.txt")])

        try store.replaceAll(.local, with: [one], typedBy: "another registry")
        #expect(Set(try home.catalogEntries(.local).keys) == [RawPath("one.txt")])
        #expect(try store.registryDigest(of: .local) == "another registry")
    }

    @Test("a lookup's rows are not written once another registry has been adopted for the location since it read the digest")
    func lookupWritesNothingUnderAnotherRegistry() throws {
        let home = try TestHome("incremental")
        try home.write("one", to: "one.txt")
        let scanner = try home.catalog().scanner
        _ = try scanner.scan(.local)
        let store = home.catalogStore
        let previous = try home.catalogEntries(.local)
        var changed = try #require(previous[RawPath("one.txt")])
        changed.document.type = "com.example.typed-by-the-old-registry"
        try store.setRegistryDigest("adopted since", of: .local)
        try store.reconcile(.local, with: [changed], previous: previous, typedBy: scanner.registry.digest) { _ in true }
        #expect(try home.catalogEntries(.local)[RawPath("one.txt")]?.document.type != changed.document.type)
        try store.reconcile(.local, with: [changed], previous: previous, typedBy: "adopted since") { _ in true }
        #expect(try home.catalogEntries(.local)[RawPath("one.txt")]?.document.type == changed.document.type)
    }

    @Test("a file rewritten right after the scan that catalogued it is identified again, even within one clock tick")
    func rewriteRightAfterAScan() throws {
        // Timestamps can be coarse (one kernel tick): a same-length rewrite
        // right after a scan may then leave size, times and inode all
        // equal (git's "racy clean" problem). Kernels with multigrain
        // timestamps (Linux 6.13+ on ext4, xfs, btrfs, tmpfs) give a fine
        // time to a change that follows a stat, so there it never happens.
        let home = try TestHome("racy")
        let catalog = try home.catalog()
        try FileSystem.createDirectory(home.documentsDirectory(.local))
        for attempt in 0..<20 {
            let name = "file\(attempt)"
            let path = home.path(name)
            try RawFiles.write(SniffFixtures.pdf(length: 64), to: path)
            // What the scan records: nothing changes the file in between.
            let recorded = try #require(try FileStatus.of(path))
            #expect(try Self.named(try catalog.scanner.scan(.local), name).type == "com.adobe.pdf")
            try RawFiles.overwriteInPlace(SniffFixtures.png(length: 64), at: path)
            let signatureUnchanged = try FileStatus.of(path) == recorded
            let type = try Self.named(try catalog.scanner.scan(.local), name).type
            if signatureUnchanged {
                #expect(type == "public.png", "\(name): rewritten in the scan's clock tick")
                
            } else {
                #expect(type == "public.png", "\(name)")
            }
        }
    }
}
