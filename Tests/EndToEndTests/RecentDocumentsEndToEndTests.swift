import Foundation
import Testing

/// `open` and `open-in` leave the document in the desktop's recent files,
/// `$XDG_DATA_HOME/recently-used.xbel`, as GTK does; `list --recent` reads it.
@Suite("Recent documents")
struct RecentDocumentsEndToEndTests {
    static func registerTrue(_ sandbox: Sandbox) async throws {
        let manifest = try sandbox.write("""
        {"CFBundleIdentifier": "org.example.true", "CFBundleExecutable": "/bin/true",
         "CFBundleDocumentTypes": [{"LSItemContentTypes": ["public.plain-text"], "CFBundleTypeRole": "Viewer"}]}
        """, to: "true.json")
        let registered = try await sandbox.run("handlers", "register", manifest.path)
        #expect(registered.status == 0, "\(registered)")
    }

    static func recentFile(_ sandbox: Sandbox) -> URL { sandbox.userHome.appending(path: ".local/share/recently-used.xbel") }

    static func bookmark(_ uri: String, modified: String, application: String = "gedit") -> String {
        """
          <bookmark href="\(uri)" added="\(modified)" modified="\(modified)" visited="\(modified)">
            <info>
              <metadata owner="http://freedesktop.org">
                <mime:mime-type type="text/plain"/>
                <bookmark:applications>
                  <bookmark:application name="\(application)" exec="&apos;\(application) %u&apos;" modified="\(modified)" count="1"/>
                </bookmark:applications>
              </metadata>
            </info>
          </bookmark>
        """
    }

    static func xbel(_ bookmarks: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xbel version="1.0"
              xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
              xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
        >
        \(bookmarks.joined(separator: "\n"))
        </xbel>

        """
    }

    @Test("open adds the document to recently-used.xbel, keeping another app's bookmark, and list --recent shows it first")
    func openRecords() async throws {
        let sandbox = try Sandbox()
        try await Self.registerTrue(sandbox)
        try FileManager.default.createDirectory(at: sandbox.localDocuments, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: sandbox.localDocuments.appending(path: "My Résumé.txt"))
        try Data("y".utf8).write(to: sandbox.localDocuments.appending(path: "Older.txt"))
        let olderURI = "file://" + sandbox.localDocuments.appending(path: "Older.txt").path
        let other = Self.bookmark(olderURI, modified: "2026-01-02T03:04:05.000001Z")
        try FileManager.default.createDirectory(at: Self.recentFile(sandbox).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.xbel([other]).write(to: Self.recentFile(sandbox), atomically: false, encoding: .utf8)

        let opened = try await sandbox.run("open", "My Résumé.txt", "--wait")
        #expect(opened.status == 0, "\(opened)")
        #expect(opened.standardError == "docbrowser: Opened local:My Résumé.txt with org.example.true (pid \(opened.standardError.split(separator: "(pid ").last.map { String($0.prefix { $0.isNumber }) } ?? "")), waiting for it to exit\n")

        let written = try String(contentsOf: Self.recentFile(sandbox), encoding: .utf8)
        #expect(written.contains(other), "another program's bookmark keeps its bytes:\n\(written)")
        let uri = "file://" + sandbox.localDocuments.path + "/My%20R%C3%A9sum%C3%A9.txt"
        #expect(written.contains("<bookmark href=\"\(uri)\" added=\""), "\(written)")
        #expect(written.contains("<mime:mime-type type=\"text/plain\"/>\n        <bookmark:applications>\n          <bookmark:application name=\"docbrowser\" exec=\"&apos;docbrowser open %u&apos;\" modified=\""), "\(written)")
        let mode = try FileManager.default.attributesOfItem(atPath: Self.recentFile(sandbox).path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let listed = try await sandbox.run("list", "--recent", "--json")
        #expect(listed.status == 0, "\(listed)")
        #expect(try listed.jsonArray().map { $0["name"] as? String } == ["My Résumé.txt", "Older.txt"])
        #expect(try listed.jsonArray().last?["lastUsed"] as? String == "2026-01-02T03:04:05.000Z")
        let one = try await sandbox.run("list", "--recent", "1", "--json")
        #expect(try one.jsonArray().map { $0["name"] as? String } == ["My Résumé.txt"])

        // Opened again: one bookmark, counted twice.
        #expect(try await sandbox.run("open", "My Résumé.txt", "--wait").status == 0)
        let again = try String(contentsOf: Self.recentFile(sandbox), encoding: .utf8)
        #expect(again.components(separatedBy: "<bookmark href=\"\(uri)\"").count == 2, "\(again)")
        #expect(again.contains("count=\"2\"/>"), "\(again)")
    }

    @Test("GTK's own GtkRecentManager, as the desktop's Recent view, sees what open recorded without --wait")
    func gtkSeesIt() async throws {
        let sandbox = try Sandbox()
        try await Self.registerTrue(sandbox)
        try FileManager.default.createDirectory(at: sandbox.localDocuments, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: sandbox.localDocuments.appending(path: "My Résumé.txt"))
        let opened = try await sandbox.run("open", "My Résumé.txt")
        #expect(opened.status == 0, "\(opened)")
        let script = """
        import gi; gi.require_version('Gtk', '3.0'); from gi.repository import Gtk
        for item in Gtk.RecentManager.get_default().get_items():
            print(item.get_uri(), item.get_mime_type(), item.get_applications(), item.get_application_info('docbrowser')[1], sep='\\t')
        """
        try await sandbox.shell(
            "HOME=user XDG_DATA_HOME=$PWD/user/.local/share /usr/bin/python3 -c \(Sandbox.shellQuoted(script)) > gtk.txt"
        )
        let seen = try String(contentsOf: sandbox.root.appending(path: "gtk.txt"), encoding: .utf8)
        let uri = "file://" + sandbox.localDocuments.path + "/My%20R%C3%A9sum%C3%A9.txt"
        #expect(seen == "\(uri)\ttext/plain\t['docbrowser']\t1\n", "\(seen)")
    }

    @Test("open-in adds the original document, not the Inbox copy")
    func openInRecords() async throws {
        let sandbox = try Sandbox()
        try await Self.registerTrue(sandbox)
        try FileManager.default.createDirectory(at: sandbox.localDocuments, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: sandbox.localDocuments.appending(path: "Notes.txt"))
        let delivered = try await sandbox.run("open-in", "Notes.txt", "--to", "org.example.true", "--wait")
        #expect(delivered.status == 0, "\(delivered)")
        let listed = try await sandbox.run("list", "--recent", "--json")
        #expect(try listed.jsonArray().map { $0["path"] as? String } == [sandbox.localDocuments.appending(path: "Notes.txt").path])
    }

    @Test("list --recent lists only this home's documents that still exist, newest first")
    func listsNewestFirst() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.localDocuments, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: sandbox.cloudDocuments, withIntermediateDirectories: true)
        try Data("a".utf8).write(to: sandbox.localDocuments.appending(path: "A.txt"))
        try Data("b".utf8).write(to: sandbox.cloudDocuments.appending(path: "B.txt"))
        try FileManager.default.createDirectory(at: Self.recentFile(sandbox).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.xbel([
            Self.bookmark("file://" + sandbox.localDocuments.path + "/A.txt", modified: "2026-03-01T10:00:00.000000Z"),
            Self.bookmark("file:///etc/hosts", modified: "2026-05-01T10:00:00.000000Z"),
            Self.bookmark("file://" + sandbox.localDocuments.path + "/Gone.txt", modified: "2026-05-01T10:00:00.000000Z"),
            Self.bookmark("relative.txt", modified: "2026-05-01T10:00:00.000000Z"),
            Self.bookmark("file://" + sandbox.cloudDocuments.path + "/B.txt", modified: "2026-04-01T10:00:00.000000Z", application: "docbrowser"),
        ]).write(to: Self.recentFile(sandbox), atomically: false, encoding: .utf8)
        let listed = try await sandbox.run(["list", "--recent"], environment: ["TZ": "UTC"])
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.standardOutput == """
        NAME   KIND        LAST USED         WHERE
        B.txt  plain text  2026-04-01 10:00  cloud
        A.txt  plain text  2026-03-01 10:00  local

        """, "\(listed)")
        let local = try await sandbox.run(["list", "--recent", "--local"], environment: ["TZ": "UTC"])
        #expect(local.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: " ").first } == ["A.txt"], "\(local)")
    }

    @Test("with no recently-used.xbel, list --recent says there are none, and --json is an empty array as list's")
    func noFile() async throws {
        let sandbox = try Sandbox()
        let listed = try await sandbox.run("list", "--recent")
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.standardOutput == "" && listed.standardError == "docbrowser: no recent documents\n", "\(listed)")
        let json = try await sandbox.run("list", "--recent", "--json")
        #expect(json.standardOutput == "[\n\n]\n", "\(json)")
        #expect(!FileManager.default.fileExists(atPath: Self.recentFile(sandbox).path), "listing writes nothing")
    }

    @Test("a count without --recent, a count below 1, and options --recent would ignore are refused", arguments: [
        (["list", "5"], "A count is only taken with --recent."),
        (["list", "--recent", "0"], "The count of --recent must be at least 1."),
        (["list", "--recent", "--sort", "size"], "--recent takes only --local or --cloud and a count."),
        (["list", "--recent", "--type", "public.text"], "--recent takes only --local or --cloud and a count."),
    ])
    func refusedArguments(arguments: [String], message: String) async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.hasPrefix("Error: \(message)\n"), "\(result)")
    }

    @Test("a recently-used.xbel that is not xbel is left alone: the open succeeds with one warning naming it")
    func brokenFileIsKept() async throws {
        let sandbox = try Sandbox()
        try await Self.registerTrue(sandbox)
        try FileManager.default.createDirectory(at: sandbox.localDocuments, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: sandbox.localDocuments.appending(path: "Notes.txt"))
        try FileManager.default.createDirectory(at: Self.recentFile(sandbox).deletingLastPathComponent(), withIntermediateDirectories: true)
        let broken = Data("<xbel version=\"1.0\"><bookmark href=\"file:///a\">".utf8)
        try broken.write(to: Self.recentFile(sandbox))
        let opened = try await sandbox.run("open", "Notes.txt", "--wait", "--quiet")
        #expect(opened.status == 0, "\(opened)")
        #expect(opened.standardError == "docbrowser: warning: not added to the recent files: \(Self.recentFile(sandbox).path): is not valid xbel (it does not end at </xbel>)\n")
        #expect(try Data(contentsOf: Self.recentFile(sandbox)) == broken)
        let listed = try await sandbox.run("list", "--recent")
        #expect(listed.status == 6, "\(listed)")
        #expect(listed.standardError == "docbrowser: \(Self.recentFile(sandbox).path): is not valid xbel (it does not end at </xbel>)\n", "\(listed)")
    }
}
