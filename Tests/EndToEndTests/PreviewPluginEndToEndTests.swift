import Foundation
import Testing

@Suite("preview of archives through the archiver, and of documents through preview plugins")
struct PreviewPluginEndToEndTests {
    /// A zip and a tar.gz as Python writes them, each with a non-ASCII name
    /// and an entry that climbs out with `..`.
    private func makeArchives(_ sandbox: Sandbox) async throws {
        try await sandbox.shell(#"""
            mkdir -p home/Documents
            python3 - <<'PY'
            import io, tarfile, zipfile
            d = 'home/Documents/'
            with zipfile.ZipFile(d + 'Holiday.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('Holiday/', '')
                z.writestr('Holiday/Café menu.txt', 'Soupe du jour\n' * 200)
                z.writestr('Holiday/notes.md', '# notes\n' * 50)
                z.writestr('../x', 'escape')
            with tarfile.open(d + 'Backup.tar.gz', 'w:gz') as t:
                def add(name, data=b'', kind=tarfile.REGTYPE, link=''):
                    info = tarfile.TarInfo(name)
                    info.type, info.linkname, info.size = kind, link, len(data)
                    t.addfile(info, io.BytesIO(data))
                add('Backup/', kind=tarfile.DIRTYPE)
                add('Backup/Ünïcode résumé.txt', b'r' * 4000)
                add('../x', b'escape')
                add('Backup/up', kind=tarfile.SYMTYPE, link='../../etc')
            PY
            """#)
    }

    @Test func aZipAndATarGzAreListedWithSizesRatioAndUnsafeEntriesFlagged() async throws {
        let sandbox = try Sandbox()
        try await makeArchives(sandbox)
        let result = try await sandbox.run("preview", "Holiday.zip", "Backup.tar.gz")
        #expect(result.status == 0, "\(result)")
        let output = result.standardOutput
        #expect(output.contains("==> Holiday.zip <==\n  type:    public.zip-archive (Zip archive)\n"))
        #expect(output.contains("  format:  ZIP 2.0 (deflation)\n"))
        #expect(output.contains("  entries: 4 (3 files, 1 directory)\n"))
        #expect(output.contains("  content: 3206 bytes\n"))
        #expect(output.contains("  unsafe:  1 entry that import would refuse (parent-component)\n"))
        #expect(output.contains("Holiday/Café menu.txt\n"))
        #expect(output.contains("../x  [unsafe: parent-component]\n"))
        #expect(output.contains("==> Backup.tar.gz <==\n  type:    org.gnu.gnu-zip-tar-archive (gzip tar archive)\n"))
        #expect(output.contains("  entries: 4 (2 files, 1 directory, 1 symbolic link)\n"))
        #expect(output.contains("Backup/Ünïcode résumé.txt\n"))
        #expect(output.contains("Backup/up -> ../../etc  [unsafe: symlink-escapes]\n"))
        #expect(result.standardError.isEmpty, "\(result)")
        // Nothing was extracted anywhere.
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.localDocuments.path).sorted() == ["Backup.tar.gz", "Holiday.zip"])
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.appending(path: "x").path))
    }

    @Test func jsonGivesTheEntriesAndTheTotals() async throws {
        let sandbox = try Sandbox()
        try await makeArchives(sandbox)
        let result = try await sandbox.run("preview", "Holiday.zip", "--json")
        #expect(result.status == 0, "\(result)")
        let preview = try #require(try result.jsonArray().first)
        #expect(preview["presentation"] as? String == "archive")
        #expect(preview["previewer"] as? String == "org.docbrowser.archiver")
        let entries = try #require(preview["entries"] as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["Holiday", "Holiday/Café menu.txt", "Holiday/notes.md", "../x"])
        #expect(entries[1]["size"] as? Int == 2800)
        #expect(entries[1]["kind"] as? String == "file")
        #expect((entries[1]["compressedSize"] as? Int).map { $0 > 0 && $0 < 2800 } == true)
        #expect(entries[3]["refused"] as? String == "parent-component")
        #expect(entries[0]["refused"] == nil)
        let fields = try #require(preview["fields"] as? [[String: Any]])
        let ratio = try #require(fields.first { $0["label"] as? String == "ratio" }?["value"] as? String)
        let archiveBytes = try FileManager.default.attributesOfItem(atPath: sandbox.localDocuments.appending(path: "Holiday.zip").path)[.size] as? Int
        #expect(ratio.hasSuffix("(\(archiveBytes ?? -1) archive bytes for 3206 bytes of content)"))
    }

    @Test func aListingCutAtTheLineLimitSaysSo() async throws {
        let sandbox = try Sandbox()
        try await makeArchives(sandbox)
        let result = try await sandbox.run("preview", "Backup.tar.gz", "--lines", "2", "--json")
        #expect(result.status == 0, "\(result)")
        let preview = try #require(try result.jsonArray().first)
        #expect((preview["entries"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Backup", "Backup/Ünïcode résumé.txt"])
        #expect(preview["notes"] as? [String] == ["the archive has more than 2 entries; only the first 2 are listed"])
    }

    @Test func aDamagedArchiveFallsBackToTheGenericPreviewNamingThePlugin() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("mkdir -p home/Documents && printf 'PK\\003\\004 not really a zip' > home/Documents/Broken.zip")
        let result = try await sandbox.run("preview", "Broken.zip", "--json")
        #expect(result.status == 0, "\(result)")
        let preview = try #require(try result.jsonArray().first)
        #expect(preview["presentation"] as? String == "generic")
        let note = try #require((preview["notes"] as? [String])?.first)
        #expect(note.hasPrefix("the preview plugin org.docbrowser.archiver failed: "), "\(note)")
        #expect(note.hasSuffix("; showing the generic preview"), "\(note)")
    }

    // MARK: third-party preview plugins

    /// A preview plugin in Python, as docs/PLUGIN-PROTOCOL.md describes one:
    /// it shouts the first lines of a plain-text file.
    static let shout = #"""
    #!/usr/bin/env python3
    import argparse, json, sys
    parser = argparse.ArgumentParser()
    parser.add_argument("verb", choices=["preview"])
    parser.add_argument("--lines", type=int, required=True)
    parser.add_argument("--width", type=int, required=True)
    parser.add_argument("file")
    args = parser.parse_args()
    mode = open(__file__ + ".mode").read().strip() if __import__("os").path.exists(__file__ + ".mode") else "ok"
    if mode == "hang":
        __import__("time").sleep(600)
    if mode == "crash":
        __import__("os").abort()
    if mode == "garbage":
        print("Loading fonts...", flush=True)
    with open(args.file, encoding="utf-8") as f:
        lines = f.read().splitlines()
    print(json.dumps({"event": "result", "kind": "text",
                      "fields": [{"label": "lines", "value": str(len(lines))}, {"label": "asked", "value": f"{args.lines} lines of {args.width}"}],
                      "text": [line.upper() for line in lines[:args.lines]]}))
    """#

    private func registerShout(_ sandbox: Sandbox, mode: String, timeLimit: Int = 10) async throws {
        _ = try sandbox.write(Self.shout, to: "plugins/shout.py")
        if mode != "ok" { _ = try sandbox.write(mode, to: "plugins/shout.py.mode") }
        try await sandbox.shell("chmod +x plugins/shout.py")
        let manifest = try sandbox.write("""
            {"CFBundleIdentifier": "org.example.shout", "CFBundleExecutable": "shout.py",
             "DBServices": [{"DBServiceKind": "preview", "DBServiceTypes": ["public.plain-text"], "DBServiceTimeLimit": \(timeLimit)}]}
            """, to: "plugins/shout.json")
        let registered = try await sandbox.run("handlers", "register", manifest.path)
        #expect(registered.status == 0, "\(registered)")
        _ = try sandbox.write("first line\nsecond line\nthird line\n", to: "home/Documents/Notes.txt")
        _ = try sandbox.write(#"{"a": 1}"#, to: "home/Documents/Data.json")
    }

    @Test func aRegisteredPreviewPluginIsUsedForItsType() async throws {
        let sandbox = try Sandbox()
        try await registerShout(sandbox, mode: "ok")
        let result = try await sandbox.run("preview", "Notes.txt", "Data.json", "--lines", "2")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("==> Notes.txt <==\n  type:  public.plain-text (plain text)\n"))
        #expect(result.standardOutput.contains("  lines: 3\n  asked: 2 lines of "))
        #expect(result.standardOutput.contains("\n\n  FIRST LINE\n  SECOND LINE\n"))
        #expect(!result.standardOutput.contains("THIRD LINE"))
        // JSON conforms to public.text, not to public.plain-text: the built-in preview.
        #expect(result.standardOutput.contains("\"a\": 1"))

        let json = try await sandbox.run("preview", "Notes.txt", "--json")
        let preview = try #require(try json.jsonArray().first)
        #expect(preview["previewer"] as? String == "org.example.shout")
        #expect(preview["presentation"] as? String == "text")
        #expect(preview["text"] as? [String] == ["FIRST LINE", "SECOND LINE", "THIRD LINE"])
    }

    @Test(arguments: [
        ("hang", "did not finish within its time limit of 1 s and was stopped"),
        ("crash", "crashed (signal 6)"),
        ("garbage", "broke the plugin protocol: not a JSON event: Loading fonts..."),
    ])
    func aFailingPluginGivesWayToTheBuiltInPreviewWithANote(mode: String, reason: String) async throws {
        let sandbox = try Sandbox()
        // Only the hang waits for its limit; a slow start must not pass for one.
        try await registerShout(sandbox, mode: mode, timeLimit: mode == "hang" ? 1 : 120)
        let note = "the preview plugin org.example.shout \(reason); showing the text preview"
        let result = try await sandbox.run("preview", "Notes.txt")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("  first line\n  second line\n  third line\n"))
        #expect(result.standardOutput.contains("  note: \(note)\n"), "\(result)")

        let json = try await sandbox.run("preview", "Notes.txt", "--json")
        let preview = try #require(try json.jsonArray().first)
        #expect(preview["previewer"] as? String == "text")
        #expect(preview["notes"] as? [String] == [note])
    }

    @Test func aPreviewPluginSilentPastTheStallLimitGivesWayWithANote() async throws {
        let sandbox = try Sandbox()
        try await registerShout(sandbox, mode: "hang", timeLimit: 120)
        let set = try await sandbox.run("config", "set", "plugins.stall-seconds", "1")
        #expect(set.status == 0, "\(set)")
        let result = try await sandbox.run("preview", "Notes.txt")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("  note: the preview plugin org.example.shout made no progress for 1 s and was stopped; showing the text preview\n"),
                "\(result)")
    }
}
