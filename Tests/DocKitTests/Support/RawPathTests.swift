import Foundation
import Testing
@testable import DocKit

@Suite("RawPath")
struct RawPathTests {
    static let cafeLatin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)

    // MARK: Description and escaping

    @Test("valid UTF-8 is described as it is, backslashes included", arguments: [
        "plain.txt", "Café déjà vu.pdf", "日本語 ファイル.md", "emoji 🎉.png", #"back\slash.txt"#, #"looks\xE9escaped"#, "",
    ])
    func validUTF8IsUnchanged(_ name: String) {
        #expect(RawPath(name).description == name)
    }

    @Test("bytes that are not UTF-8 are described as \\xHH, the rest as text")
    func invalidBytesAreEscaped() {
        #expect(RawPath(bytes: Self.cafeLatin1).description == #"caf\xE9.txt"#)
        #expect(RawPath(bytes: [0xFF, 0xFE]).description == #"\xFF\xFE"#)
        // Valid multi-byte characters around an invalid byte stay whole.
        #expect(RawPath(bytes: Array("é".utf8) + [0x80] + Array("日".utf8)).description == #"é\x80日"#)
        // A truncated multi-byte sequence is escaped byte by byte.
        #expect(RawPath(bytes: [0x61, 0xE6, 0x97]).description == #"a\xE6\x97"#)
        // Past the first eight bytes, in a word and after the last one.
        #expect(RawPath(bytes: Array("abcdefghij".utf8) + [0xE9] + Array("klmnopqrst".utf8)).description == #"abcdefghij\xE9klmnopqrst"#)
        #expect(RawPath(bytes: Array("abcdefghijklmnop".utf8) + [0xFF]).description == #"abcdefghijklmnop\xFF"#)
    }

    @Test("the escaped description gives the same bytes back")
    func escapedRoundTrip() {
        let path = RawPath(bytes: Self.cafeLatin1)
        #expect(RawPath(escaped: path.description) == path)
        #expect(RawPath(escaped: path.description).bytes == Self.cafeLatin1)
        for bytes: [UInt8] in [[0xFF], [0x41, 0xC0, 0x41], Array("dir/".utf8) + [0xFE, 0x2F, 0x80]] {
            let raw = RawPath(bytes: bytes)
            #expect(RawPath(escaped: raw.description).bytes == bytes, "\(raw.description)")
        }
    }

    @Test("a backslash in a name that also needs escaping is doubled, and round-trips")
    func backslashIsDoubledWhenEscaping() {
        let bytes = Array(#"a\b"#.utf8) + [0xE9] + Array(#"\x41.txt"#.utf8)
        let path = RawPath(bytes: bytes)
        #expect(path.description == #"a\\b\xE9\\x41.txt"#)
        #expect(RawPath(escaped: path.description).bytes == bytes)
    }

    @Test("text without \\x escapes is taken as its UTF-8 bytes")
    func escapedWithoutEscapes() {
        #expect(RawPath(escaped: #"back\slash.txt"#).bytes == Array(#"back\slash.txt"#.utf8))
        #expect(RawPath(escaped: "Café.txt") == RawPath("Café.txt"))
    }

    // MARK: Components

    @Test("appending inserts exactly one slash")
    func appending() {
        #expect(RawPath("/a/b").appending("c").description == "/a/b/c")
        #expect(RawPath("/a/b/").appending("c").description == "/a/b/c")
        #expect(RawPath("/").appending("c").description == "/c")
        #expect(RawPath(bytes: []).appending("c").description == "c")
        #expect(RawPath("/a").appending(RawPath(bytes: [0xE9])).bytes == Array("/a/".utf8) + [0xE9])
        #expect(RawPath("a").appending("b/c").description == "a/b/c")
    }

    @Test("components, last component and parent")
    func componentsAndParents() {
        let path = RawPath("/home/user/Documents/Folder/Note.txt")
        #expect(path.components.map(\.description) == ["home", "user", "Documents", "Folder", "Note.txt"])
        #expect(path.lastComponent.description == "Note.txt")
        #expect(path.deletingLastComponent.description == "/home/user/Documents/Folder")
        #expect(RawPath("Folder/Note.txt").deletingLastComponent.description == "Folder")
        #expect(RawPath("Note.txt").deletingLastComponent.isEmpty)
        #expect(RawPath("Note.txt").lastComponent.description == "Note.txt")
        #expect(RawPath("/Note.txt").deletingLastComponent.description == "/")
        #expect(RawPath("//a///b").components.map(\.description) == ["a", "b"])
        let raw = RawPath(bytes: Array("dir/".utf8) + [0xE9])
        #expect(raw.lastComponent.bytes == [0xE9])
        #expect(raw.deletingLastComponent.description == "dir")
    }

    @Test("the last component is the last name, whatever the slashes", arguments: [
        ("a/b/", "b"), ("//x//", "x"), ("/", "/"), ("", ""), ("/name", "name"), ("name", "name"), ("a//b", "b"),
    ])
    func lastComponentOfOddPaths(_ path: String, _ last: String) {
        #expect(RawPath(path).lastComponent.description == last)
        #expect(RawPath(path).lastComponent == (RawPath(path).components.last ?? RawPath(path)), "as the components say")
    }

    @Test("relative(to:) is the part inside the base, and nil otherwise")
    func relativeTo() {
        #expect(RawPath("/a/b/c").relative(to: RawPath("/a/b"))?.description == "c")
        #expect(RawPath("/a/b/c/d.txt").relative(to: RawPath("/a/b"))?.description == "c/d.txt")
        #expect(RawPath("/a/b/c").relative(to: RawPath("/a/b/"))?.description == "c")
        #expect(RawPath("/x").relative(to: RawPath("/"))?.description == "x")
        // The base itself is not inside itself.
        #expect(RawPath("/a/b").relative(to: RawPath("/a/b")) == nil)
        #expect(RawPath("/a/b/").relative(to: RawPath("/a/b")) == nil)
        // A sibling sharing a prefix of bytes is not inside.
        #expect(RawPath("/a/bc").relative(to: RawPath("/a/b")) == nil)
        #expect(RawPath("/a/bc/d").relative(to: RawPath("/a/b")) == nil)
        #expect(RawPath("/a").relative(to: RawPath("/a/b")) == nil)
        #expect(RawPath("/z/b/c").relative(to: RawPath("/a/b")) == nil)
    }

    @Test("a URL gives its file-system bytes, without a trailing slash for a directory")
    func fromURL() {
        #expect(RawPath(URL(fileURLWithPath: "/tmp/a b/Café.txt")).description == "/tmp/a b/Café.txt")
        #expect(RawPath(URL(fileURLWithPath: "/tmp/dir", isDirectory: true)).description == "/tmp/dir")
    }

    @Test("ordering is by bytes")
    func ordering() {
        #expect(RawPath("B") < RawPath("a"))
        #expect(RawPath("a") < RawPath("ab"))
        #expect(RawPath(bytes: [0x7F]) < RawPath(bytes: [0xE9]))
    }
}
