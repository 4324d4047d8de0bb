import Foundation
import Testing
@testable import DocKit

@Suite("DocumentTags")
struct DocumentTagsTests {
    private func desktopAttribute(_ path: RawPath) -> ExtendedAttribute {
        ExtendedAttribute(path: path, name: DocumentTags.desktopAttribute)
    }

    private func finderAttribute(_ path: RawPath) -> ExtendedAttribute {
        ExtendedAttribute(path: path, name: DocumentTags.finderAttribute)
    }

    private func written(_ home: TestHome, _ name: String = "Notes.txt") throws -> (DocumentCatalog, Document) {
        _ = try home.write("n", to: name)
        let catalog = try home.catalog()
        return (catalog, try catalog.resolve(name))
    }

    @Test("a document without the attribute has no tags")
    func none() throws {
        let home = try TestHome("tags-none")
        let (_, document) = try written(home)
        #expect(try DocumentTags.of(document.path).names == [])
    }

    @Test("adding keeps the order, appends new names once; removing keeps the rest's order; removing the last removes the attribute")
    func addAndRemove() throws {
        let home = try TestHome("tags-change")
        let (catalog, document) = try written(home)
        #expect(try catalog.changeTags(of: document, adding: ["work", "urgent", "work"], removing: []).names == ["work", "urgent"])
        #expect(try desktopAttribute(document.path).read() == Array("work,urgent".utf8))
        #expect(try catalog.changeTags(of: document, adding: ["home", "urgent"], removing: ["work", "absent"]).names == ["urgent", "home"])
        #expect(try desktopAttribute(document.path).read() == Array("urgent,home".utf8))
        #expect(try catalog.changeTags(of: document, adding: [], removing: ["urgent", "home"]).names == [])
        #expect(try desktopAttribute(document.path).read() == nil)
    }

    @Test("empty items and repeated names in the attribute count once, and are tidied only when the tags change")
    func emptyItemsAndDuplicates() throws {
        let home = try TestHome("tags-dedupe")
        let (catalog, document) = try written(home)
        try desktopAttribute(document.path).write(Array(",a,,b,a,".utf8))
        #expect(try DocumentTags.of(document.path).names == ["a", "b"])
        #expect(try desktopAttribute(document.path).read() == Array(",a,,b,a,".utf8))
        #expect(try catalog.changeTags(of: document, adding: ["c"], removing: []).names == ["a", "b", "c"])
        #expect(try desktopAttribute(document.path).read() == Array("a,b,c".utf8))
    }

    @Test("a name that is not UTF-8 is shown with U+FFFD and written back byte for byte")
    func invalidUTF8() throws {
        let home = try TestHome("tags-utf8")
        let (catalog, document) = try written(home)
        try desktopAttribute(document.path).write([0xFF, 0x41, UInt8(ascii: ","), UInt8(ascii: "b")])
        #expect(try DocumentTags.of(document.path).names == ["\u{FFFD}A", "b"])
        _ = try catalog.changeTags(of: document, adding: ["c"], removing: ["b"])
        #expect(try desktopAttribute(document.path).read() == [0xFF, 0x41, UInt8(ascii: ","), UInt8(ascii: "c")])
    }

    @Test("a long value is read whole; one too large for the file system is one error, and the tags stay as they were")
    func huge() throws {
        let home = try TestHome("tags-huge")
        let (catalog, document) = try written(home)
        // ext4 keeps at most a block of attributes per file.
        let names = (0..<500).map { String(format: "t%05d", $0) }
        try desktopAttribute(document.path).write(Array(names.joined(separator: ",").utf8))
        #expect(try DocumentTags.of(document.path).names == names)
        #expect(throws: DocKitError.self) {
            try catalog.changeTags(of: document, adding: [String(repeating: "x", count: 70000)], removing: [])
        }
        #expect(try DocumentTags.of(document.path).names == names)
    }

    @Test("tags change under the document's lock: while another process holds it, the change is refused and nothing is written")
    func takesTheDocumentLock() throws {
        let home = try TestHome("tags-lock")
        let (catalog, document) = try written(home)
        let lock = try DocumentLock([document.path], in: LockDirectory(home: home.home), holder: LockHolder(activity: "moving"))
        #expect {
            try catalog.changeTags(of: document, adding: ["work"], removing: [])
        } throws: { error in
            guard case .busy(let busy, _)? = (error as? DocKitError)?.failure(as: CoordinationError.self) else { return false }
            return busy == document.path.description
        }
        #expect(try desktopAttribute(document.path).read() == nil)
        lock.release()
        #expect(try catalog.changeTags(of: document, adding: ["work"], removing: []).names == ["work"])
    }

    @Test("a comma or an empty name is refused before anything is written")
    func invalidNames() throws {
        let home = try TestHome("tags-invalid")
        let (catalog, document) = try written(home)
        #expect(throws: DocKitError(TagError.invalidName("a,b", reason: "it contains a comma, which separates tags"))) {
            try catalog.changeTags(of: document, adding: ["ok", "a,b"], removing: [])
        }
        #expect(throws: DocKitError(TagError.invalidName("", reason: "it is empty"))) {
            try catalog.changeTags(of: document, adding: [], removing: [""])
        }
        #expect(try desktopAttribute(document.path).read() == nil)
    }

    @Test("Finder's tags are read without their colour, after the desktop's, each name once, and never written")
    func finderTags() throws {
        let home = try TestHome("tags-finder")
        let (catalog, document) = try written(home)
        let plist = try PropertyListSerialization.data(fromPropertyList: ["Red\n6", "Work", "Plain", "Work\n2"], format: .binary, options: 0)
        try finderAttribute(document.path).write(Array(plist))
        try desktopAttribute(document.path).write(Array("Work,home".utf8))
        #expect(try DocumentTags.of(document.path).names == ["Work", "home", "Red", "Plain"])
        #expect(try catalog.changeTags(of: document, adding: [], removing: ["Red"]).names == ["Work", "home", "Red", "Plain"])
        #expect(try finderAttribute(document.path).read() == Array(plist))
    }

    @Test("a Finder attribute that is not a list of strings, or not a property list, is no tag",
          arguments: [
              Array("not a plist".utf8),
              Array("bplist00".utf8) + [UInt8](repeating: 0xFF, count: 40),
              Array(try! PropertyListSerialization.data(fromPropertyList: ["key": "Red"], format: .binary, options: 0)),
              Array(try! PropertyListSerialization.data(fromPropertyList: [1, "\n3"], format: .xml, options: 0)),
          ])
    func hostileFinderValue(_ value: [UInt8]) throws {
        let home = try TestHome("tags-finder-hostile")
        let (_, document) = try written(home)
        try finderAttribute(document.path).write(value)
        try desktopAttribute(document.path).write(Array("a".utf8))
        #expect(try DocumentTags.of(document.path).names == ["a"])
    }

    @Test("a file system without user attributes is one clear refusal")
    func unsupportedFileSystem() throws {
        let proc = RawPath("/proc/self/status")
        #expect(throws: DocKitError(TagError.unsupported("/proc/self/status"))) { try DocumentTags.of(proc) }
        #expect(throws: DocKitError(TagError.unsupported("/proc/self/status"))) { try desktopAttribute(proc).write(Array("a".utf8)) }
        #expect(DocKitError(TagError.unsupported("/proc/self/status")).code == .notSupported)
    }

    @Test("list --tag lists only documents carrying the tag, from either attribute")
    func queryByTag() throws {
        let home = try TestHome("tags-query")
        let (catalog, tagged) = try written(home, "Tagged.txt")
        _ = try home.write("o", to: "Other.txt")
        let (_, finder) = try written(home, "Finder.txt")
        _ = try catalog.changeTags(of: tagged, adding: ["work"], removing: [])
        let plist = try PropertyListSerialization.data(fromPropertyList: ["work\n1"], format: .binary, options: 0)
        try finderAttribute(finder.path).write(Array(plist))
        var query = DocumentQuery()
        query.tag = "work"
        #expect(try catalog.documents(matching: query).map(\.name) == ["Finder.txt", "Tagged.txt"])
    }
}
