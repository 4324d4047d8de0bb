import Testing
@testable import DocKit

@Suite("DocumentEntryRules")
struct DocumentEntryRulesTests {
    static func verdict(_ name: String, topLevel: Bool = true) -> DocumentEntryRules.Verdict {
        DocumentEntryRules.verdict(for: RawPath(name), atTopLevel: topLevel)
    }

    @Test("hidden entries are ignored, at any level", arguments: [".DS_Store", ".hidden.txt", ".git", ".docbrowser-tmp-1234", ".~lock.Report.odt#", "."])
    func hiddenIgnored(_ name: String) {
        #expect(Self.verdict(name) == .ignored)
        #expect(Self.verdict(name, topLevel: false) == .ignored)
    }

    @Test("an iCloud placeholder .Name.ext.icloud stands for Name.ext")
    func placeholders() {
        #expect(Self.verdict(".Report.pdf.icloud") == .placeholder(standingFor: RawPath("Report.pdf")))
        #expect(Self.verdict(".My Notes.txt.icloud", topLevel: false) == .placeholder(standingFor: RawPath("My Notes.txt")))
        #expect(Self.verdict(".a.icloud") == .placeholder(standingFor: RawPath("a")))
        #expect(Self.verdict(".Doc.rtfd.icloud") == .placeholder(standingFor: RawPath("Doc.rtfd")))
        let raw = DocumentEntryRules.verdict(for: RawPath(bytes: Array(".caf".utf8) + [0xE9] + Array(".txt.icloud".utf8)), atTopLevel: true)
        #expect(raw == .placeholder(standingFor: RawPath(bytes: Array("caf".utf8) + [0xE9] + Array(".txt".utf8))))
    }

    @Test("names that only look like placeholders are not", arguments: [".icloud", "..icloud", ".Report.pdf.iCloud", ".Report.icloud.txt"])
    func notPlaceholders(_ name: String) {
        #expect(Self.verdict(name) == .ignored)
    }

    @Test("a visible name ending in .icloud is a document")
    func visibleIcloudSuffix() {
        #expect(Self.verdict("Report.pdf.icloud") == .document)
    }

    @Test("Inbox is not a document at the top level only")
    func inbox() {
        #expect(Self.verdict("Inbox") == .ignored)
        #expect(Self.verdict("Inbox", topLevel: false) == .document)
        #expect(Self.verdict("inbox") == .document)
        #expect(Self.verdict("Inbox.txt") == .document)
    }

    @Test("sync engines' temporaries stand for the document they become", arguments: [
        ("~syncthing~Report.pdf.tmp", "Report.pdf"), (".syncthing.x.tmp", "x"), ("download.part", "download"), ("Movie.mkv.part", "Movie.mkv"),
    ])
    func syncTemporaries(_ name: String, document: String) throws {
        for topLevel in [true, false] {
            guard case .syncTemporary(let temporary) = Self.verdict(name, topLevel: topLevel) else {
                Issue.record("\(name) is not taken for a sync temporary")
                continue
            }
            #expect(temporary.document == RawPath(document))
        }
    }

    @Test("ordinary names are documents", arguments: [
        "Report.pdf", "Notes", "part", "x.partials", "counterpart", "syncthing~x.tmp", "~lock.docx#", "Untitled 2.txt", "Doc.rtfd", "Inboxes",
    ])
    func ordinaryNames(_ name: String) {
        #expect(Self.verdict(name) == .document)
        #expect(Self.verdict(name, topLevel: false) == .document)
    }
}
