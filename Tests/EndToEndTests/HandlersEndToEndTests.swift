import Foundation
import Testing

/// Handlers as a third party writes them: a Python script that records what
/// it received, registered with a plain manifest.
@Suite("handlers, open, open-in and inbox, run as a user would")
struct HandlersEndToEndTests {
    /// Records argv, environment, working directory and, recursively, what
    /// the document it got contains, into record.json beside itself. Waits
    /// for a `go` file first when `hold` exists; exits with the status in
    /// `exit-status` when there is one.
    static let recorder = #"""
    #!/usr/bin/env python3
    import json, os, sys, time
    here = os.path.dirname(os.path.realpath(__file__))
    if os.path.exists(os.path.join(here, "hold")):
        deadline = time.time() + 120
        while not os.path.exists(os.path.join(here, "go")) and time.time() < deadline:
            time.sleep(0.05)
    def tree(path):
        if os.path.islink(path):
            return {"link": os.readlink(path)}
        if os.path.isdir(path):
            return {"mode": oct(os.stat(path).st_mode & 0o777), "entries": {name: tree(os.path.join(path, name)) for name in sorted(os.listdir(path))}}
        return {"mode": oct(os.stat(path).st_mode & 0o777), "text": open(path, encoding="utf-8").read()}
    document = os.environ.get("DOCBROWSER_DOCUMENT", "")
    record = {"argv": sys.argv, "env": dict(os.environ), "cwd": os.getcwd(), "terminal": os.isatty(0) and os.isatty(1),
              "received": tree(document) if document and os.path.lexists(document) else None}
    with open(os.path.join(here, "record.json.tmp"), "w") as f:
        json.dump(record, f)
    os.rename(os.path.join(here, "record.json.tmp"), os.path.join(here, "record.json"))
    status = os.path.join(here, "exit-status")
    sys.exit(int(open(status).read()) if os.path.exists(status) else 0)
    """#

    static func manifest(_ identifier: String, executable: String, types: [(String, String)]) -> String {
        let entries = types.map { #"{"CFBundleTypeName": "\#($0.0)", "LSItemContentTypes": ["\#($0.0)"], "CFBundleTypeRole": "Editor", "LSHandlerRank": "\#($0.1)"}"# }
        return #"{"CFBundleIdentifier": "\#(identifier)", "CFBundleName": "Recorder", "CFBundleExecutable": "\#(executable)", "CFBundleDocumentTypes": [\#(entries.joined(separator: ", "))]}"#
    }

    /// A standalone JSON manifest with its script beside it, in `dir`.
    static func writeHandler(_ sandbox: Sandbox, dir: String, identifier: String, types: [(String, String)]) async throws -> URL {
        let script = try sandbox.write(recorder, to: "\(dir)/record.py")
        try await sandbox.shell("chmod +x '\(script.path)'")
        return try sandbox.write(manifest(identifier, executable: "record.py", types: types), to: "\(dir)/\(identifier).json")
    }

    static func record(_ url: URL, wait: Bool = false) async throws -> [String: Any] {
        let file = url.appending(path: "record.json")
        if wait {
            // Generous: only a hang is to be detected.
            for _ in 0..<1200 where !FileManager.default.fileExists(atPath: file.path) {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
        return try #require(object as? [String: Any])
    }

    @Test func openWaitGivesTheHandlerThePathAndAMinimalEnvironment() async throws {
        let sandbox = try Sandbox()
        let manifest = try await Self.writeHandler(sandbox, dir: "rec", identifier: "org.example.recorder", types: [("public.plain-text", "Default")])
        let registered = try await sandbox.run("handlers", "register", manifest.path)
        #expect(registered.status == 0, "\(registered)")
        let notes = try sandbox.write("hello", to: "home/Documents/notes.txt")
        let opened = try await sandbox.run(["open", "notes.txt", "--wait"], environment: ["SECRET_TOKEN": "leak"])
        #expect(opened.status == 0, "\(opened)")
        let record = try await Self.record(sandbox.root.appending(path: "rec"))
        let realNotes = notes.resolvingSymlinksInPath().path
        #expect((record["argv"] as? [String])?.dropFirst().map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } == [realNotes])
        let environment = try #require(record["env"] as? [String: String])
        #expect(environment["DOCBROWSER_TYPE"] == "public.plain-text")
        #expect(environment["DOCBROWSER_HANDLER"] == "org.example.recorder")
        #expect(environment["DOCBROWSER_HOME"] == sandbox.home.path)
        #expect(environment["DOCBROWSER_DOCUMENT"].map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } == realNotes)
        #expect(environment["DOCBROWSER_SOURCE_APP"] == nil)
        #expect(environment["SECRET_TOKEN"] == nil, "only documented variables pass")
        #expect(environment["HOME"] == sandbox.userHome.path)
        #expect((record["received"] as? [String: Any])?["text"] as? String == "hello")
    }

    @Test func openWaitRelaysTheExitStatus() async throws {
        let sandbox = try Sandbox()
        let manifest = try await Self.writeHandler(sandbox, dir: "rec", identifier: "org.example.recorder", types: [("public.plain-text", "Owner")])
        _ = try await sandbox.run("handlers", "register", manifest.path)
        _ = try sandbox.write("x", to: "home/Documents/a.txt")
        _ = try sandbox.write("7", to: "rec/exit-status")
        let result = try await sandbox.run("open", "a.txt", "--wait")
        #expect(result.status == 7, "\(result)")
    }

    @Test func openWaitMakesTheDocumentOpenSoMoveAndDeleteRefuseIt() async throws {
        let sandbox = try Sandbox()
        let manifest = try await Self.writeHandler(sandbox, dir: "rec", identifier: "org.example.recorder", types: [("public.plain-text", "Owner")])
        _ = try await sandbox.run("handlers", "register", manifest.path)
        _ = try sandbox.write("keep me", to: "home/Documents/Held.txt")
        _ = try sandbox.write("", to: "rec/hold")
        let opened = Task { try await sandbox.run("open", "Held.txt", "--wait") }
        // Until the handler runs, `list` shows the document as open (only a
        // hang is detected here, never a slow machine).
        var states: [String] = []
        for _ in 0..<1200 {
            states = try await sandbox.run("list", "--json").jsonArray().first?["states"] as? [String] ?? []
            if states == ["open"] { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(states == ["open"])
        let refused = try await sandbox.run("delete", "Held.txt")
        #expect(refused.status == 5, "\(refused)")
        #expect(refused.standardError.hasPrefix("docbrowser: local:Held.txt: open in org.example.recorder (pid "))
        #expect(refused.standardError.hasSuffix("); close it first, or use --force\n"))
        #expect(try await sandbox.run("move", "Held.txt", "--to", "cloud").status == 5)
        #expect(FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Held.txt").path))
        _ = try sandbox.write("", to: "rec/go")
        #expect(try await opened.value.status == 0)
        let deleted = try await sandbox.run("delete", "Held.txt")
        #expect(deleted.status == 0, "\(deleted)")
    }

    @Test func openWithoutWaitReturnsWhileTheHandlerRunsOn() async throws {
        let sandbox = try Sandbox()
        let manifest = try await Self.writeHandler(sandbox, dir: "rec", identifier: "org.example.recorder", types: [("public.plain-text", "Owner")])
        _ = try await sandbox.run("handlers", "register", manifest.path)
        _ = try sandbox.write("x", to: "home/Documents/a.txt")
        _ = try sandbox.write("", to: "rec/hold")
        // The handler waits for `go`: if it held docbrowser's output open,
        // or docbrowser waited for it, this would not return.
        let result = try await sandbox.run("open", "a.txt", "--json")
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["pid"] as? Int ?? 0 > 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appending(path: "rec/record.json").path))
        _ = try sandbox.write("", to: "rec/go")
        let record = try await Self.record(sandbox.root.appending(path: "rec"), wait: true)
        #expect((record["argv"] as? [String])?.count == 2)
    }

    @Test func aDetachedHandlersOutputAndErrorsGoToItsLog() async throws {
        let sandbox = try Sandbox()
        let script = try sandbox.write("#!/bin/sh\necho \"out: $1\"\necho 'err: cannot parse' >&2\nexit 3\n", to: "chatty/chatty.sh")
        try await sandbox.shell("chmod +x chatty/chatty.sh")
        let manifest = try sandbox.write(Self.manifest("org.example.chatty", executable: script.path, types: [("public.plain-text", "Owner")]), to: "chatty/chatty.json")
        #expect(try await sandbox.run("handlers", "register", manifest.path).status == 0)
        let document = try sandbox.write("x", to: "home/Documents/a.txt")
        let log = sandbox.home.appending(path: "Library/Logs/org.example.chatty.log")
        for round in 1...2 {
            let opened = try await sandbox.run("open", "a.txt")
            #expect(opened.status == 0, "\(opened)")
            #expect(!opened.standardOutput.contains("out:") && !opened.standardError.contains("err:"))
            // Generous: only a handler that never writes is to be detected.
            for _ in 0..<600 where (try? String(contentsOf: log, encoding: .utf8))?.components(separatedBy: "err: cannot parse").count ?? 0 <= round {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 6, "\(lines)")
        for round in 0..<2 {
            #expect(lines[round * 3].hasPrefix("--- ") && lines[round * 3].hasSuffix(" org.example.chatty opens \(document.path)"))
            #expect(Set(lines[(round * 3 + 1)...(round * 3 + 2)]) == ["out: \(document.path)", "err: cannot parse"])
        }

        // Past its limit the log starts afresh rather than growing forever.
        try Data(repeating: UInt8(ascii: "x"), count: 1_100_000).write(to: log)
        #expect(try await sandbox.run("open", "a.txt").status == 0)
        for _ in 0..<600 where !((try? String(contentsOf: log, encoding: .utf8))?.contains("err: cannot parse") ?? false) {
            try await Task.sleep(for: .milliseconds(100))
        }
        let restarted = try String(contentsOf: log, encoding: .utf8)
        #expect(restarted.hasPrefix("--- ") && !restarted.contains("xxx"))
    }

    @Test func noHandlerIsNotFoundAndListsWithCandidates() async throws {
        let sandbox = try Sandbox()
        let manifest = try await Self.writeHandler(sandbox, dir: "rec", identifier: "org.example.recorder", types: [("com.adobe.pdf", "Owner")])
        _ = try await sandbox.run("handlers", "register", manifest.path)
        _ = try sandbox.write("x", to: "home/Documents/a.txt")
        let result = try await sandbox.run("open", "a.txt")
        #expect(result.status == 3, "\(result)")
        #expect(result.standardError.contains("no handler opens documents of type public.plain-text"))
        #expect(result.standardError.contains("these can open other types: org.example.recorder; choose one with --with"))
        let with = try await sandbox.run("open", "a.txt", "--with", "org.example.recorder", "--wait")
        #expect(with.status == 0, "\(with)")
        let unknown = try await sandbox.run("open", "a.txt", "--with", "org.example.nobody")
        #expect(unknown.status == 3 && unknown.standardError.contains("org.example.nobody"))
    }

    @Test func handlersDocListsCandidatesInOrderWithWhy() async throws {
        let sandbox = try Sandbox()
        for (identifier, type, rank) in [("org.example.text", "public.text", "Owner"), ("org.example.plain", "public.plain-text", "Alternate"), ("org.example.data", "public.data", "Owner")] {
            let manifest = try await Self.writeHandler(sandbox, dir: identifier, identifier: identifier, types: [(type, rank)])
            let result = try await sandbox.run("handlers", "register", manifest.path)
            #expect(result.status == 0, "\(result)")
        }
        _ = try sandbox.write("x", to: "home/Documents/a.txt")
        let result = try await sandbox.run("handlers", "a.txt", "--json")
        #expect(result.status == 0, "\(result)")
        let candidates = try #require(try result.json()["candidates"] as? [[String: Any]])
        #expect(candidates.map { $0["identifier"] as? String } == ["org.example.plain", "org.example.text", "org.example.data"])
        #expect(candidates.first?["why"] as? String == "claims public.plain-text itself as Alternate")
        #expect((candidates[1]["why"] as? String)?.contains("public.text, 1 step up") == true)

        let setDefault = try await sandbox.run("handlers", "default", "public.text", "org.example.data")
        #expect(setDefault.status == 0, "\(setDefault)")
        let after = try await sandbox.run("handlers", "public.plain-text", "--json")
        let first = try #require((try after.json()["candidates"] as? [[String: Any]])?.first)
        #expect(first["identifier"] as? String == "org.example.data")
        #expect(first["isUserDefault"] as? Bool == true)
        _ = try await sandbox.run("open", "a.txt", "--wait")
        #expect(FileManager.default.fileExists(atPath: sandbox.root.appending(path: "org.example.data/record.json").path))
    }

    /// A plug-in (or a role nobody defines) claims what it reads, and has a
    /// program, yet never opens a document: not by rank, not as the user's
    /// default, not when such a default was stored before docbrowser
    /// refused it.
    @Test("a plug-in's claim never opens, even as the user's default", arguments: ["QLGenerator", "MDImporter", "Thumbnailer"])
    func pluginRolesNeverOpen(_ role: String) async throws {
        let sandbox = try Sandbox()
        let script = try sandbox.write(Self.recorder, to: "ql/record.py")
        try await sandbox.shell("chmod +x '\(script.path)'")
        let plugin = try sandbox.write(
            #"{"CFBundleIdentifier": "org.example.ql", "CFBundleExecutable": "record.py", "CFBundleDocumentTypes": [{"CFBundleTypeRole": "\#(role)", "LSItemContentTypes": ["public.png"]}]}"#,
            to: "ql/org.example.ql.json"
        )
        #expect(try await sandbox.run("handlers", "register", plugin.path).status == 0)
        let viewer = try await Self.writeHandler(sandbox, dir: "viewer", identifier: "org.example.viewer", types: [("public.image", "Alternate")])
        #expect(try await sandbox.run("handlers", "register", viewer.path).status == 0)
        // Typed by its extension; text, which the recorder can read back.
        _ = try sandbox.write("not really a PNG", to: "home/Documents/a.png")

        let refused = try await sandbox.run("handlers", "default", "public.png", "org.example.ql")
        #expect(refused.status == 5, "\(refused)")
        #expect(refused.standardError.contains("org.example.ql: cannot open documents:"), "\(refused)")
        #expect(!refused.standardOutput.contains("now opens"), "\(refused)")
        #expect(try await sandbox.run("handlers", "default", "public.png", "--json").json()["handler"] is NSNull)

        // A default stored before this refusal, or by hand, is ignored.
        _ = try sandbox.write(#"{"public.png": "org.example.ql"}"#, to: "home/Library/handler-defaults.json")
        let listed = try #require(try await sandbox.run("handlers", "public.png", "--json").json()["candidates"] as? [[String: Any]])
        #expect(listed.map { $0["identifier"] as? String } == ["org.example.viewer", "org.example.ql"])
        #expect(listed.allSatisfy { $0["isUserDefault"] as? Bool == false })
        #expect(listed.last?["opens"] as? Bool == false)
        let opened = try await sandbox.run("open", "a.png", "--wait")
        #expect(opened.status == 0, "\(opened)")
        #expect(FileManager.default.fileExists(atPath: sandbox.root.appending(path: "viewer/record.json").path))
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appending(path: "ql/record.json").path))
        // Nor does naming it launch it.
        let with = try await sandbox.run("open", "a.png", "--with", "org.example.ql", "--wait")
        #expect(with.status == 5, "\(with)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appending(path: "ql/record.json").path))
    }

    @Test func unusableKeysAreWarnedAboutAndStrictRefusesThem() async throws {
        let sandbox = try Sandbox()
        let bad = try sandbox.write(#"{"CFBundleIdentifier": "org.example.bad", "CFBundleDocumentTypes": [{"LSHandlerRank": "Supreme"}]}"#, to: "bad.json")
        let strict = try await sandbox.run("handlers", "register", "--strict", bad.path)
        #expect(strict.status == 6, "\(strict)")
        #expect(strict.standardError.contains("\(bad.path): CFBundleDocumentTypes[0].LSHandlerRank: 'Supreme' is not a rank"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.appending(path: "Handlers/org.example.bad.json").path))

        let result = try await sandbox.run("handlers", "register", bad.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.contains("docbrowser: warning: \(bad.path): CFBundleDocumentTypes[0].LSHandlerRank: 'Supreme' is not a rank"))
        #expect(FileManager.default.fileExists(atPath: sandbox.home.appending(path: "Handlers/org.example.bad.json").path))

        let missing = try await sandbox.run("handlers", "register", sandbox.root.appending(path: "gone.json").path)
        #expect(missing.status == 3, "\(missing)")
        #expect(missing.standardError == "docbrowser: \(sandbox.root.appending(path: "gone.json").path): no such file or directory\n")
    }

    @Test func registeredTypesAreKnownAndGoAwayWithTheHandler() async throws {
        let sandbox = try Sandbox()
        let info = try sandbox.write(Fixtures.appInfoPlist, to: "Sketchbook.app/Contents/Info.plist")
        try Fixtures.convertToBinaryPropertyList(info)
        let registered = try await sandbox.run("handlers", "register", info.path)
        #expect(registered.status == 0, "\(registered)")
        #expect(registered.standardError.contains("types only"))
        let lookup = try await sandbox.run("types", "lookup", "--ext", "sketchbook", "--json")
        #expect((try lookup.json()["declaration"] as? [String: Any])?["identifier"] as? String == "com.example.sketchbook.drawing")
        let removed = try await sandbox.run("handlers", "unregister", "com.example.sketchbook")
        #expect(removed.status == 0, "\(removed)")
        let after = try await sandbox.run("types", "lookup", "--ext", "sketchbook", "--json")
        #expect(((try after.json()["declaration"] as? [String: Any])?["identifier"] as? String)?.hasPrefix("dyn.") == true)
        let again = try await sandbox.run("handlers", "unregister", "com.example.sketchbook")
        #expect(again.status == 3, "\(again)")
    }

    @Test func openInDeliversAPackageCopyAndTheInboxAcceptsIt() async throws {
        let sandbox = try Sandbox()
        // A bundle: copied whole at registration, so the original may go.
        _ = try sandbox.write(Self.recorder, to: "Recorder.handler/record.py")
        try await sandbox.shell("chmod +x Recorder.handler/record.py")
        _ = try sandbox.write(Self.manifest("org.example.bundle", executable: "record.py", types: [("com.apple.rtfd", "Owner")]), to: "Recorder.handler/Info.plist")
        let registered = try await sandbox.run("handlers", "register", sandbox.root.appending(path: "Recorder.handler").path)
        #expect(registered.status == 0, "\(registered)")
        try FileManager.default.removeItem(at: sandbox.root.appending(path: "Recorder.handler"))

        _ = try sandbox.write("{\\rtf1 hi}", to: "home/Documents/Notes.rtfd/TXT.rtf")
        _ = try sandbox.write("img", to: "home/Documents/Notes.rtfd/Pictures/a.png")
        try await sandbox.shell("ln -s TXT.rtf home/Documents/Notes.rtfd/link && chmod 600 home/Documents/Notes.rtfd/TXT.rtf")
        let before = try await sandbox.run("info", "Notes.rtfd", "--json")

        let first = try await sandbox.run("open-in", "Notes.rtfd", "--to", "org.example.bundle", "--wait", "--json")
        #expect(first.status == 0, "\(first)")
        let inbox = sandbox.home.appending(path: "Containers/org.example.bundle/Documents/Inbox")
        #expect(try first.json()["copy"] as? String == inbox.appending(path: "Notes.rtfd").path)
        let record = try await Self.record(sandbox.home.appending(path: "Handlers/org.example.bundle.handler"))
        let environment = try #require(record["env"] as? [String: String])
        #expect(environment["DOCBROWSER_SOURCE_APP"] == "org.docbrowser.launcher")
        #expect(environment["DOCBROWSER_DOCUMENT"] == inbox.appending(path: "Notes.rtfd").path)
        #expect((record["argv"] as? [String])?.last == inbox.appending(path: "Notes.rtfd").path)
        let received = try #require(record["received"] as? [String: Any])
        let entries = try #require(received["entries"] as? [String: Any])
        #expect(Set(entries.keys) == ["TXT.rtf", "Pictures", "link"])
        #expect((entries["TXT.rtf"] as? [String: Any])?["text"] as? String == "{\\rtf1 hi}")
        #expect((entries["TXT.rtf"] as? [String: Any])?["mode"] as? String == "0o600")
        #expect((entries["link"] as? [String: Any])?["link"] as? String == "TXT.rtf")
        #expect((((entries["Pictures"] as? [String: Any])?["entries"] as? [String: Any])?["a.png"] as? [String: Any])?["text"] as? String == "img")

        let second = try await sandbox.run("open-in", "Notes.rtfd", "--to", "org.example.bundle", "--wait", "--json")
        #expect(try second.json()["copy"] as? String == inbox.appending(path: "Notes 2.rtfd").path)
        let after = try await sandbox.run("info", "Notes.rtfd", "--json")
        #expect(after.standardOutput == before.standardOutput, "the source is untouched")

        let listed = try await sandbox.run("inbox", "--app", "org.example.bundle", "--json")
        #expect(try listed.jsonArray().map { $0["name"] as? String } == ["Notes 2.rtfd", "Notes.rtfd"])
        _ = try sandbox.write("old", to: "home/Containers/org.example.bundle/Documents/Notes.rtfd/TXT.rtf")
        let accepted = try await sandbox.run("inbox", "--app", "org.example.bundle", "--accept", "--json")
        #expect(accepted.status == 0, "\(accepted)")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: sandbox.home.appending(path: "Containers/org.example.bundle/Documents").path))
        #expect(names == ["Inbox", "Notes.rtfd", "Notes 2.rtfd", "Notes 3.rtfd"])
        #expect(try String(contentsOf: sandbox.home.appending(path: "Containers/org.example.bundle/Documents/Notes.rtfd/TXT.rtf"), encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.path).isEmpty)

        // Unregistered, the app keeps its Inbox; a name with neither is a typo.
        _ = try await sandbox.run("open-in", "Notes.rtfd", "--to", "org.example.bundle", "--wait")
        #expect(try await sandbox.run("handlers", "unregister", "org.example.bundle").status == 0)
        let kept = try await sandbox.run("inbox", "--app", "org.example.bundle", "--json")
        #expect(try kept.jsonArray().map { $0["name"] as? String } == ["Notes.rtfd"])
        let typo = try await sandbox.run("inbox", "--app", "org.example.bundel")
        #expect(typo.status == 3, "\(typo)")
        #expect(typo.standardError == "docbrowser: org.example.bundel: no such handler is registered (see 'handlers')\n")
    }

    @Test func launcherInboxAcceptsIntoLocalDocumentsAndClears() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("mine", to: "home/Documents/report.txt")
        _ = try sandbox.write("theirs", to: "home/Documents/Inbox/report.txt")
        let listed = try await sandbox.run("list", "--json")
        #expect(try listed.jsonArray().map { $0["name"] as? String } == ["report.txt"], "the Inbox is no document")
        let accepted = try await sandbox.run("inbox", "--accept")
        #expect(accepted.status == 0, "\(accepted)")
        #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "report 2.txt"), encoding: .utf8) == "theirs")
        #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "report.txt"), encoding: .utf8) == "mine")

        _ = try sandbox.write("a", to: "home/Documents/Inbox/one.txt")
        _ = try sandbox.write("b", to: "home/Documents/Inbox/Pkg.rtfd/TXT.rtf")
        let cleared = try await sandbox.run("inbox", "--clear", "--json")
        #expect(cleared.status == 0, "\(cleared)")
        #expect(try cleared.jsonArray().count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.localDocuments.appending(path: "Inbox").path).isEmpty)
        let empty = try await sandbox.run("inbox", "--json")
        #expect(try empty.jsonArray().isEmpty)
    }

    @Test func desktopEntryGetsItsExpandedExecLine() async throws {
        let sandbox = try Sandbox()
        let script = try sandbox.write(Self.recorder, to: "desk/record.py")
        try await sandbox.shell("chmod +x desk/record.py")
        let entry = try sandbox.write("""
        [Desktop Entry]
        Type=Application
        Name=Desk Recorder
        Exec="\(script.path)" --title %c "--literal \\\\$HOME" %f
        MimeType=text/plain;
        """, to: "org.example.Desk.desktop")
        let registered = try await sandbox.run("handlers", "register", entry.path)
        #expect(registered.status == 0, "\(registered)")
        let notes = try sandbox.write("x", to: "home/Documents/notes.txt")
        let handlers = try await sandbox.run("handlers", "notes.txt", "--json")
        #expect((try handlers.json()["candidates"] as? [[String: Any]])?.first?["identifier"] as? String == "org.example.Desk")
        let opened = try await sandbox.run("open", "notes.txt", "--wait")
        #expect(opened.status == 0, "\(opened)")
        let argv = try #require(try await Self.record(sandbox.root.appending(path: "desk"))["argv"] as? [String])
        #expect(Array(argv.dropFirst().dropLast()) == ["--title", "Desk Recorder", "--literal $HOME"])
        #expect(argv.last.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } == notes.resolvingSymlinksInPath().path)

        let bad = try sandbox.write("[Desktop Entry]\nType=Application\nExec=x %q\n", to: "org.example.Bad.desktop")
        let refused = try await sandbox.run("handlers", "register", bad.path)
        #expect(refused.status == 6, "\(refused)")
        #expect(refused.standardError.contains("Desktop Entry.Exec: %q is not a field code"))
    }

    /// A `Terminal=true` entry, as vim's and less's are: the recorder,
    /// which notes whether it got a terminal.
    static func registerTerminalHandler(_ sandbox: Sandbox) async throws {
        let script = try sandbox.write(recorder, to: "term/record.py")
        try await sandbox.shell("chmod +x term/record.py")
        let entry = try sandbox.write("""
        [Desktop Entry]
        Type=Application
        Name=Terminal Recorder
        Exec="\(script.path)" %F
        Terminal=true
        MimeType=text/plain;
        """, to: "org.example.Term.desktop")
        let registered = try await sandbox.run("handlers", "register", entry.path)
        #expect(registered.status == 0, "\(registered)")
        let listed = try await sandbox.run("handlers", "--json").jsonArray().first { $0["identifier"] as? String == "org.example.Term" }
        #expect(listed?["runsInTerminal"] as? Bool == true)
    }

    @Test func aTerminalHandlerRunsInDocbrowsersTerminalAndIsWaitedFor() async throws {
        let sandbox = try Sandbox()
        try await Self.registerTerminalHandler(sandbox)
        let notes = try sandbox.write("x", to: "home/Documents/notes.txt")
        _ = try sandbox.write("7", to: "term/exit-status")
        // No --wait: a program that needs the terminal is a foreground job.
        let opened = try await sandbox.run(["open", "notes.txt"], inTerminal: true)
        #expect(opened.status == 7, "\(opened)")
        let record = try await Self.record(sandbox.root.appending(path: "term"))
        #expect(record["terminal"] as? Bool == true)
        let argv = try #require(record["argv"] as? [String])
        #expect(argv.dropFirst().map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } == [notes.resolvingSymlinksInPath().path])
    }

    @Test func aTerminalHandlerWithoutATerminalIsRefusedBeforeAnythingIsDone() async throws {
        let sandbox = try Sandbox()
        try await Self.registerTerminalHandler(sandbox)
        _ = try sandbox.write("x", to: "home/Documents/notes.txt")
        for command in [["open", "notes.txt"], ["open", "notes.txt", "--wait"], ["open-in", "notes.txt", "--to", "org.example.Term"]] {
            let refused = try await sandbox.run(command)
            #expect(refused.status == 5, "\(refused)")
            #expect(refused.standardError == "docbrowser: org.example.Term: runs in a terminal (Terminal=true), and docbrowser's standard input and output are not one; run it from a terminal, or choose another handler with --with\n")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appending(path: "term/record.json").path), "the handler never ran")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.appending(path: "Containers/org.example.Term").path), "nothing was copied")
    }
}
