@testable import DocKit
import Foundation
import Testing

@Suite("RecentlyUsedBookmarks")
struct RecentlyUsedBookmarksTests {
    /// 2026-11-27T10:00:00.250000Z.
    static let opened = Date(timeIntervalSince1970: 1_795_773_600.25)

    /// A file as GTK writes it, with another program's bookmark.
    static let gtkFile = """
    <?xml version="1.0" encoding="UTF-8"?>
    <xbel version="1.0"
          xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
          xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
    >
      <bookmark href="file:///home/u/notes%20&amp;%20more.txt" added="2026-01-02T03:04:05.000001Z" modified="2026-01-02T03:04:05.000001Z" visited="2026-01-02T03:04:05.000001Z">
        <info>
          <metadata owner="http://freedesktop.org">
            <mime:mime-type type="text/plain"/>
            <bookmark:groups>
              <bookmark:group>gedit</bookmark:group>
            </bookmark:groups>
            <bookmark:applications>
              <bookmark:application name="gedit" exec="&apos;gedit %u&apos;" modified="2026-01-02T03:04:05.000001Z" count="3"/>
            </bookmark:applications>
          </metadata>
        </info>
      </bookmark>
    </xbel>
    """

    static let otherBookmark: String = {
        let start = gtkFile.range(of: "<bookmark ")!.lowerBound
        let end = gtkFile.range(of: "</bookmark>")!.upperBound
        return String(gtkFile[start..<end])
    }()

    static func parse(_ text: String) throws -> RecentlyUsedBookmarks {
        try RecentlyUsedBookmarks.parse(Data(text.utf8), path: "/x/recently-used.xbel")
    }

    @Test func aFirstOpenWritesTheFileAsGTKDoes() throws {
        let written = try RecentlyUsedBookmarks.recording(RawPath("/docs/My Résumé.txt"), mimeType: "text/plain", at: Self.opened, in: nil, file: "f")
        #expect(String(decoding: written, as: UTF8.self) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <xbel version="1.0"
              xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
              xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
        >
          <bookmark href="file:///docs/My%20R%C3%A9sum%C3%A9.txt" added="2026-11-27T10:00:00.250000Z" modified="2026-11-27T10:00:00.250000Z" visited="2026-11-27T10:00:00.250000Z">
            <info>
              <metadata owner="http://freedesktop.org">
                <mime:mime-type type="text/plain"/>
                <bookmark:applications>
                  <bookmark:application name="docbrowser" exec="&apos;docbrowser open %u&apos;" modified="2026-11-27T10:00:00.250000Z" count="1"/>
                </bookmark:applications>
              </metadata>
            </info>
          </bookmark>
        </xbel>

        """)
        let read = try RecentlyUsedBookmarks.parse(written, path: "f")
        #expect(read.bookmarks.map(\.path) == [RawPath("/docs/My Résumé.txt")])
    }

    @Test func anotherProgramsBookmarkKeepsItsBytes() throws {
        let existing = try Self.parse(Self.gtkFile)
        #expect(existing.bookmarks.map(\.path) == [RawPath("/home/u/notes & more.txt")])
        let written = try RecentlyUsedBookmarks.recording(
            RawPath("/docs/a.txt"), mimeType: "text/plain", at: Self.opened, in: (existing, Data(Self.gtkFile.utf8)), file: "f"
        )
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains(Self.otherBookmark))
        #expect(text.hasPrefix(String(Self.gtkFile[..<Self.gtkFile.range(of: "</xbel>")!.lowerBound])))
        let read = try RecentlyUsedBookmarks.parse(written, path: "f")
        #expect(read.bookmarks.map(\.href) == ["file:///home/u/notes%20&%20more.txt", "file:///docs/a.txt"])
        #expect(read.bookmarks[0] == existing.bookmarks[0])
    }

    @Test func openingAgainCountsOnceMoreAndKeepsTheOtherApplications() throws {
        let existing = try Self.parse(Self.gtkFile)
        let once = try RecentlyUsedBookmarks.recording(
            RawPath("/home/u/notes & more.txt"), mimeType: "text/x-other", at: Self.opened, in: (existing, Data(Self.gtkFile.utf8)), file: "f"
        )
        let later = Self.opened.addingTimeInterval(60)
        let twice = try RecentlyUsedBookmarks.recording(
            RawPath("/home/u/notes & more.txt"), mimeType: "text/plain", at: later, in: (try RecentlyUsedBookmarks.parse(once, path: "f"), once), file: "f"
        )
        let read = try RecentlyUsedBookmarks.parse(twice, path: "f")
        #expect(read.bookmarks.count == 1)
        let bookmark = try #require(read.bookmarks.first)
        #expect(bookmark.added == "2026-01-02T03:04:05.000001Z")
        #expect(bookmark.modified == "2026-11-27T10:01:00.250000Z")
        #expect(bookmark.visited == "2026-11-27T10:01:00.250000Z")
        #expect(bookmark.mimeType == "text/plain")
        #expect(bookmark.groups == ["gedit"])
        #expect(bookmark.applications == [
            .init(name: "gedit", exec: "'gedit %u'", modified: "2026-01-02T03:04:05.000001Z", count: 3),
            .init(name: "docbrowser", exec: "'docbrowser open %u'", modified: "2026-11-27T10:01:00.250000Z", count: 2),
        ])
    }

    @Test func aBookmarkWithARelativeOrRemoteHrefNamesNoFile() throws {
        let read = try Self.parse("""
        <xbel version="1.0"><bookmark href="notes.txt"/><bookmark href="https://example.com/a"/><bookmark href="file://host/a"/><bookmark href="file:///a%2"/></xbel>
        """)
        #expect(read.bookmarks.map(\.path) == [nil, nil, nil, nil])
    }

    @Test(arguments: [
        ("<xbel version=\"1.0\"><bookmark href=\"file:///a\">", "it does not end at </xbel>"),
        ("<html></html>", "the root is <html>"),
        ("<?xml version=\"1.0\"?><!DOCTYPE xbel [<!ENTITY big \"aaaaaaaaaa\">]><xbel><bookmark href=\"file:///&big;\"/></xbel>", "is not valid xbel"),
        ("<xbel><?pi?></xbel>", "a processing instruction at byte 6"),
        ("<xbel><bookmark/></xbel>", "a <bookmark> without href"),
        (String(repeating: "<a>", count: 5000) + String(repeating: "</a>", count: 5000), "is not valid xbel"),
        ("<xbel>" + String(repeating: "<info>", count: 100) + String(repeating: "</info>", count: 100) + "</xbel>", "nested deeper than 16"),
    ])
    func hostileFilesAreRefusedWithTheReason(text: String, reason: String) throws {
        let error = #expect(throws: DocKitError.self) { try Self.parse(text) }
        #expect(error?.malformedFile.path == "/x/recently-used.xbel")
        #expect(error?.malformedFile.reason.contains(reason) == true, "\(String(describing: error))")
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        let data = Data("<xbel><bookmark href=\"file:///".utf8) + Data([0xFF, 0xFE]) + Data("\"/></xbel>".utf8)
        let error = #expect(throws: DocKitError.self) { try RecentlyUsedBookmarks.parse(data, path: "f") }
        #expect(error?.malformedFile.reason == "is not UTF-8, as xbel must be")
    }

    @Test func aFileLargerThanTheLimitIsNotRead() throws {
        let directory = try TemporaryDirectory("recents")
        let file = directory.url("recently-used.xbel")
        let bookmark = Data("<bookmark href=\"file:///a\"/>\n".utf8)
        var data = Data("<xbel>".utf8)
        while data.count <= RecentlyUsedBookmarks.sizeLimit { data += bookmark }
        try (data + Data("</xbel>".utf8)).write(to: file)
        let error = #expect(throws: DocKitError.self) { try RecentlyUsedBookmarks.load(from: file) }
        #expect(error?.malformedFile.reason == "is larger than 8 MiB")
    }

    @Test func aFileThatIsNotXbelIsLeftAsItIs() throws {
        let directory = try TemporaryDirectory("recents")
        let library = DocumentLibrary(
            home: Home(url: directory.url("home")), installation: .builtIn,
            environment: ["XDG_DATA_HOME": directory.url.path]
        )
        let broken = Data("<xbel><bookmark href=\"file:///a\">".utf8)
        try broken.write(to: library.recentlyUsedFile)
        let error = #expect(throws: DocKitError.self) { try library.recordRecentlyUsed(RawPath("/docs/a.txt"), mimeType: "text/plain") }
        #expect(error?.description == "\(directory.url.path)/recently-used.xbel: is not valid xbel (it does not end at </xbel>)")
        #expect(try Data(contentsOf: library.recentlyUsedFile) == broken)
    }

    @Test func theFileIsWrittenUnderTheLibrarysDataHomeAndKeptPrivate() throws {
        let directory = try TemporaryDirectory("recents")
        let library = DocumentLibrary(
            home: Home(url: directory.url("home")), installation: .builtIn,
            environment: ["XDG_DATA_HOME": directory.url("data").path]
        )
        try library.recordRecentlyUsed(RawPath("/docs/a.txt"), mimeType: "text/plain", at: Self.opened)
        #expect(library.recentlyUsedFile.path == directory.url("data/recently-used.xbel").path)
        let read = try #require(try RecentlyUsedBookmarks.load(from: library.recentlyUsedFile))
        #expect(read.0.bookmarks.map(\.href) == ["file:///docs/a.txt"])
        let mode = try FileManager.default.attributesOfItem(atPath: library.recentlyUsedFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}

extension RecentlyUsedBookmarksTests {
    @Test(arguments: ["xmlns:mime\r=\"m\"", "xmlns:mime =\"m\"", "xmlns:mime\t\n= \"m\""])
    func aNamespaceDeclaredWithSpaceBeforeItsEqualsIsNotDeclaredAgain(declaration: String) throws {
        let text = "<xbel \(declaration)><bookmark href=\"file:///docs/a.txt\"></bookmark></xbel>"
        let written = try RecentlyUsedBookmarks.recording(
            RawPath("/docs/a.txt"), mimeType: "text/plain", at: Self.opened, in: (try Self.parse(text), Data(text.utf8)), file: "f"
        )
        let writtenText = String(decoding: written, as: UTF8.self)
        #expect(writtenText.hasPrefix("<xbel \(declaration) xmlns:bookmark=\"http://www.freedesktop.org/standards/desktop-bookmarks\">"), "\(writtenText)")
        #expect(try RecentlyUsedBookmarks.parse(written, path: "f").bookmarks.map(\.href) == ["file:///docs/a.txt"])
    }
}

extension RecentlyUsedBookmarksTests {
    @Test func aBookmarkInACommentIsNotEdited() throws {
        let text = #"<xbel><!-- <bookmark href="file:///x"></bookmark> --><bookmark href="file:///docs/a%20b%C3%A9.txt"></bookmark></xbel>"#
        let written = try RecentlyUsedBookmarks.recording(
            RawPath("/docs/a bé.txt"), mimeType: "text/plain", at: Self.opened, in: (try Self.parse(text), Data(text.utf8)), file: "f"
        )
        let writtenText = String(decoding: written, as: UTF8.self)
        #expect(writtenText.hasPrefix(#"<xbel xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks" xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"><!-- <bookmark href="file:///x"></bookmark> --><bookmark href="file:///docs/a%20b%C3%A9.txt" added="" modified="2026-11-27T10:00:00.250000Z""#), "\(writtenText)")
        #expect(try RecentlyUsedBookmarks.parse(written, path: "f").bookmarks.map(\.href) == ["file:///docs/a%20b%C3%A9.txt"])
    }
}

extension RecentlyUsedBookmarksTests {
    @Test func anHrefWithCharacterReferencesIsFoundInTheText() throws {
        let text = #"<xbel><bookmark href="file:///docs/a&#x25;20b&#46;txt"></bookmark></xbel>"#
        let written = try RecentlyUsedBookmarks.recording(
            RawPath("/docs/a b.txt"), mimeType: "text/plain", at: Self.opened, in: (try Self.parse(text), Data(text.utf8)), file: "f"
        )
        let read = try RecentlyUsedBookmarks.parse(written, path: "f")
        #expect(read.bookmarks.map(\.href) == ["file:///docs/a%20b.txt"])
        #expect(read.bookmarks.first?.applications.map(\.name) == ["docbrowser"])
    }

    @Test func aFileWhoseBookmarksTheTextCannotFindIsNotEdited() throws {
        // `>` is allowed in an attribute value: the tag's end is not where a text search finds it.
        let text = #"<xbel><bookmark added="a>b" href="file:///docs/a.txt"></bookmark></xbel>"#
        let error = #expect(throws: DocKitError.self) {
            try RecentlyUsedBookmarks.recording(RawPath("/docs/b.txt"), mimeType: "text/plain", at: Self.opened, in: (try Self.parse(text), Data(text.utf8)), file: "f")
        }
        #expect(error?.description == "f: cannot be edited safely (its bookmarks are not where the parser found them)")
    }
}

extension RecentlyUsedBookmarksTests {
    @Test(arguments: [("2147483647", 2_147_483_647), ("9223372036854775807", 2), ("-5", 1), ("x", 2)])
    func aCountOutOfGTKsRangeNeverOverflows(written: String, counted: Int) throws {
        let text = #"<xbel xmlns:bookmark="b" xmlns:mime="m"><bookmark href="file:///a"><info><metadata><bookmark:applications><bookmark:application name="docbrowser" exec="x" modified="x" count="\#(written)"/></bookmark:applications></metadata></info></bookmark></xbel>"#
        let recorded = try RecentlyUsedBookmarks.recording(RawPath("/a"), mimeType: "text/plain", at: Self.opened, in: (try Self.parse(text), Data(text.utf8)), file: "f")
        #expect(try RecentlyUsedBookmarks.parse(recorded, path: "f").bookmarks.first?.applications.map(\.count) == [counted])
    }
}
