import Foundation
import Testing

/// `import` as a user runs it: archives' top-level items become documents,
/// other files are copied in, and nothing appears unless everything can.
@Suite("import command, run as a user would")
struct ImportEndToEndTests {
    /// Issue 6's "Done when": export, then import, gives back the same
    /// trees — contents, modes, modification times and symbolic links.
    @Test(arguments: ["zip", "tar.gz", "tar.xz", "7z"])
    func exportedDocumentsComeBackByteIdentical(format: String) async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.makeMixedDocuments(in: "home/Documents")
        let archive = sandbox.root.appending(path: "mixed.\(format)")
        let exported = try await sandbox.run("export", "--all", "-o", archive.path)
        #expect(exported.status == 0, "\(exported)")
        let imported = try await sandbox.run("import", archive.path, "--to", "cloud", "--json")
        #expect(imported.status == 0, "\(imported)")
        let items = try #require(try imported.json()["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["document"] as? String }.sorted() == ["cloud:Café – ünïcödé.txt", "cloud:Empty Folder", "cloud:Report.pages"])
        #expect(try sandbox.snapshot(sandbox.cloudDocuments) == sandbox.snapshot(sandbox.localDocuments))
        #expect(try await TreeDigest.entries(of: [sandbox.cloudDocuments])[sandbox.cloudDocuments]
            == TreeDigest.entries(of: [sandbox.localDocuments])[sandbox.localDocuments])
        #expect(sandbox.names(in: sandbox.home.appending(path: "tmp")).isEmpty, "staging removed")
        #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")).isEmpty)
        #expect(FileManager.default.fileExists(atPath: archive.path), "the archive stays")
    }

    @Test func archivesFromInfoZipPythonAndBsdtarImportWithTheirNamesAndEmptyFolders() async throws {
        let sandbox = try Sandbox()
        let source = try sandbox.directory("source")
        try await sandbox.tool("sh", ["-c", """
            set -e
            mkdir -p 'Notes/Empty' 'Notes/Sub'
            printf 'na\\303\\257ve\\n' > 'Notes/Sub/Résumé – 日本.txt'
            ln -s 'Sub/Résumé – 日本.txt' Notes/alias
            touch -d '2018-02-03 04:05:06' 'Notes/Sub/Résumé – 日本.txt'
            touch -d '2017-01-02 03:04:05' Notes/Empty Notes/Sub Notes
            """], in: source)
        try await sandbox.tool("zip", ["-q", "-r", "-y", "../infozip.zip", "Notes"], in: source)
        try await sandbox.tool("bsdtar", ["-c", "-f", "../bsdtar.tar.xz", "-J", "Notes"], in: source)
        try await sandbox.tool("python3", ["-c", """
            import os, zipfile
            with zipfile.ZipFile('../python.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                for base, dirs, files in sorted(os.walk('Notes')):
                    z.write(base)
                    for name in files: z.write(os.path.join(base, name))
            """], in: source)
        let expected = try sandbox.snapshot(source.appending(path: "Notes"), linkTimes: false)
        for (archive, location) in [("infozip.zip", "local"), ("bsdtar.tar.xz", "cloud")] {
            let result = try await sandbox.run("import", sandbox.root.appending(path: archive).path, "--to", location)
            #expect(result.status == 0, "\(archive): \(result)")
            #expect(result.standardOutput == "Imported \(location):Notes\n", "\(result)")
            let documents = location == "local" ? sandbox.localDocuments : sandbox.cloudDocuments
            #expect(try sandbox.snapshot(documents.appending(path: "Notes"), linkTimes: false) == expected, "\(archive)")
        }
        // Python's zipfile follows the link (storing the file it points
        // to) and keeps times to the even second only.
        let python = try await sandbox.run("import", sandbox.root.appending(path: "python.zip").path, "--on-conflict", "rename")
        #expect(python.status == 0, "\(python)")
        #expect(python.standardOutput == "Imported local:Notes 2 (renamed)\n", "\(python)")
        var fromPython = try sandbox.snapshot(sandbox.localDocuments.appending(path: "Notes 2"), times: false)
        let alias = fromPython.removeValue(forKey: "alias")
        #expect(fromPython == (try sandbox.snapshot(source.appending(path: "Notes"), times: false, symlinks: false)))
        #expect(alias == fromPython["Sub/Résumé – 日本.txt"])
    }

    /// Archive Utility shows no `.DS_Store` or AppleDouble `._Name` at any
    /// depth; a folder given whole is the user's own, and keeps them.
    @Test func macOSMetadataInsideAnArchivesFoldersIsDroppedAndNamed() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            z = zipfile.ZipFile('trip.zip', 'w')
            for name in ['Trip/Day 1/photo.jpg', 'Trip/Day 1/._photo.jpg', 'Trip/Day 1/.DS_Store', 'Trip/.DS_Store',
                         'Trip/.notes', 'Trip/._folder/inside.txt', '__MACOSX/Trip/._Day 1']:
                z.writestr(name, name)
            z.close()
            os.makedirs('Folder'); open('Folder/.DS_Store', 'w').write('x'); open('Folder/._a', 'w').write('x')
            """)
        let result = try await sandbox.run("import", sandbox.root.appending(path: "trip.zip").path, sandbox.root.appending(path: "Folder").path)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == """
            Imported local:Trip
            Imported local:Folder
            Skipped 4 hidden items: trip.zip/Trip/.DS_Store, trip.zip/Trip/Day 1/.DS_Store, trip.zip/Trip/Day 1/._photo.jpg, trip.zip/__MACOSX

            """, "\(result)")
        #expect(try sandbox.snapshot(sandbox.localDocuments.appending(path: "Trip"), modes: false, times: false).keys.sorted()
            == ["._folder", "._folder/inside.txt", ".notes", "Day 1", "Day 1/photo.jpg"])
        #expect(sandbox.names(in: sandbox.localDocuments.appending(path: "Folder")) == [".DS_Store", "._a"])
        let json = try await sandbox.run("import", sandbox.root.appending(path: "trip.zip").path, "--on-conflict", "rename", "--json")
        #expect(try json.json()["skipped"] as? [String]
            == ["trip.zip/Trip/.DS_Store", "trip.zip/Trip/Day 1/.DS_Store", "trip.zip/Trip/Day 1/._photo.jpg", "trip.zip/__MACOSX"])
    }
}

/// What must never happen: a hostile or failing import leaving anything in
/// a Documents folder, in the home's tmp, or outside the sandbox.
@Suite("import refuses and changes nothing")
struct ImportRefusalEndToEndTests {
    /// Both Documents folders with a document each, so that "unchanged"
    /// means something.
    private func sandboxWithDocuments() async throws -> Sandbox {
        let sandbox = try Sandbox()
        _ = try sandbox.write("mine", to: "home/Documents/Mine.txt")
        _ = try sandbox.write("theirs", to: "home/Cloud/Documents/Theirs.txt")
        return sandbox
    }

    private func expectUnchanged(_ sandbox: Sandbox, _ context: String) throws {
        #expect(sandbox.names(in: sandbox.localDocuments) == ["Mine.txt"], "\(context)")
        #expect(sandbox.names(in: sandbox.cloudDocuments) == ["Theirs.txt"], "\(context)")
        #expect(sandbox.names(in: sandbox.home.appending(path: "tmp")).isEmpty, "\(context): staging removed")
        #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")).isEmpty, "\(context)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/docbrowser-absolute-test"), "\(context)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appending(path: "x").path), "\(context)")
    }

    @Test(arguments: ArchiverHostileInputTests.cases)
    func aHostileArchiveIsRefusedWithOneLineNamingTheEntryAndTheRule(_ hostile: ArchiverHostileInputTests.Case) async throws {
        let sandbox = try await sandboxWithDocuments()
        try await sandbox.python(hostile.script)
        let archive = sandbox.root.appending(path: hostile.archive)
        let result = try await sandbox.run(["import", archive.path] + hostile.extraArguments)
        #expect(result.status == hostile.status, "\(result)")
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(result.standardError)")
        #expect(lines.first?.hasPrefix("docbrowser: ") == true)
        if let entry = hostile.entry { #expect(result.standardError.contains(entry), "\(result)") }
        #expect(result.standardError.contains(hostile.archive), "the archive is named: \(result)")
        try expectUnchanged(sandbox, hostile.name)
    }

    @Test func oneRefusedArchiveKeepsTheOthersOut() async throws {
        let sandbox = try await sandboxWithDocuments()
        try await sandbox.python("""
            zipfile.ZipFile('good.zip', 'w').writestr('Good.txt', 'fine')
            zipfile.ZipFile('slip.zip', 'w').writestr('../x', 'evil')
            open('Plain.txt', 'w').write('plain')
            """)
        let result = try await sandbox.run("import", sandbox.root.appending(path: "good.zip").path,
                                           sandbox.root.appending(path: "Plain.txt").path, sandbox.root.appending(path: "slip.zip").path)
        #expect(result.status == 5, "\(result)")
        try expectUnchanged(sandbox, "good, plain and hostile together")
    }

    /// The cloud ignores case, so one archive's `NOTES.txt` and
    /// `Notes.txt` want one name there; the line says so, not "both X.zip
    /// and X.zip".
    @Test func twoItemsOfOneArchiveWantingOneNameAreNamedAsSuch() async throws {
        let sandbox = try await sandboxWithDocuments()
        try await sandbox.python("z = zipfile.ZipFile('notes.zip', 'w'); z.writestr('Notes.txt', 'a'); z.writestr('NOTES.txt', 'b'); z.close()")
        let archive = sandbox.root.appending(path: "notes.zip").path
        let refused = try await sandbox.run("import", archive, "--to", "cloud")
        #expect(refused.status == 4, "\(refused)")
        #expect(refused.standardError
            == "docbrowser: cloud:Notes.txt: \(archive) holds two items, 'NOTES.txt' and 'Notes.txt', that would both take this name; use --on-conflict rename\n")
        try expectUnchanged(sandbox, "one archive's two items")
        let twice = try await sandbox.run("import", archive, archive)
        #expect(twice.status == 4, "\(twice)")
        #expect(twice.standardError == "docbrowser: local:NOTES.txt: \(archive) is given twice, and each time brings an item of this name; use --on-conflict rename\n")
        try expectUnchanged(sandbox, "one archive given twice")
        let renamed = try await sandbox.run("import", archive, "--to", "cloud", "--on-conflict", "rename")
        #expect(renamed.standardOutput == "Imported cloud:NOTES.txt\nImported cloud:Notes 2.txt (renamed)\n", "\(renamed)")
    }

    @Test func aTakenNameFailsTheWholeImportUnlessRenamingOrReplacing() async throws {
        let sandbox = try await sandboxWithDocuments()
        try await sandbox.python("""
            z = zipfile.ZipFile('two.zip', 'w'); z.writestr('New.txt', 'new'); z.writestr('Mine.txt', 'imported'); z.close()
            """)
        let archive = sandbox.root.appending(path: "two.zip").path
        let refused = try await sandbox.run("import", archive)
        #expect(refused.status == 4, "\(refused)")
        #expect(refused.standardError == "docbrowser: local:Mine.txt: already exists; use --on-conflict rename or replace\n")
        try expectUnchanged(sandbox, "conflict")

        let renamed = try await sandbox.run("import", archive, "--on-conflict", "rename")
        #expect(renamed.status == 0, "\(renamed)")
        #expect(renamed.standardOutput == "Imported local:Mine 2.txt (renamed)\nImported local:New.txt\n")
        #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "Mine.txt"), encoding: .utf8) == "mine")

        let replaced = try await sandbox.run("import", archive, "--on-conflict", "replace", "--json")
        #expect(replaced.status == 0, "\(replaced)")
        #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "Mine.txt"), encoding: .utf8) == "imported")
        let items = try #require(try replaced.json()["items"] as? [[String: Any]])
        let mine = try #require(items.first { $0["document"] as? String == "local:Mine.txt" })
        #expect(mine["replaced"] as? Bool == true)
        let trashName = try #require(mine["trashName"] as? String)
        let trashed = sandbox.userHome.appending(path: ".local/share/Trash/files/\(trashName)")
        #expect(try String(contentsOf: trashed, encoding: .utf8) == "mine", "the replaced document is in the Trash")
    }

    @Test func twoArchivesBringingTheSameNameConflictUnlessRenaming() async throws {
        let sandbox = try await sandboxWithDocuments()
        try await sandbox.python("""
            zipfile.ZipFile('a.zip', 'w').writestr('Same.txt', 'from a')
            zipfile.ZipFile('b.zip', 'w').writestr('Same.txt', 'from b')
            """)
        let arguments = ["import", sandbox.root.appending(path: "a.zip").path, sandbox.root.appending(path: "b.zip").path]
        let refused = try await sandbox.run(arguments)
        #expect(refused.status == 4, "\(refused)")
        #expect(refused.standardError.contains("a.zip") && refused.standardError.contains("b.zip"), "\(refused)")
        try expectUnchanged(sandbox, "same name twice")
        let renamed = try await sandbox.run(arguments + ["--on-conflict", "rename"])
        #expect(renamed.status == 0, "\(renamed)")
        #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "Same.txt"), encoding: .utf8) == "from a")
        #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "Same 2.txt"), encoding: .utf8) == "from b")
    }

    @Test func plainFilesAndPackagesAreCopiedInAndStayWhereTheyWere() async throws {
        let sandbox = try await sandboxWithDocuments()
        try await sandbox.shell("""
            mkdir -p outside/Letter.rtfd && printf 'rtf' > outside/Letter.rtfd/TXT.rtf && printf 'notes' > outside/notes.md
            ln -s notes.md outside/shortcut.md && touch -d '2020-01-02 03:04:05' outside/notes.md outside/Letter.rtfd/TXT.rtf outside/Letter.rtfd
            """)
        let outside = sandbox.root.appending(path: "outside")
        let result = try await sandbox.run("import", outside.appending(path: "Letter.rtfd").path, outside.appending(path: "notes.md").path,
                                           outside.appending(path: "shortcut.md").path, "--to", "cloud")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Imported cloud:Letter.rtfd\nImported cloud:notes.md\nImported cloud:shortcut.md\n")
        #expect(try sandbox.snapshot(sandbox.cloudDocuments.appending(path: "Letter.rtfd")) == sandbox.snapshot(outside.appending(path: "Letter.rtfd")))
        let copied = try sandbox.snapshot(sandbox.cloudDocuments)
        #expect(copied["notes.md"] == copied["shortcut.md"], "a link given by the user is imported as what it points to")
        #expect(copied["notes.md"]?.contains("mtime 1577934245") == true, "\(copied)")
        #expect(sandbox.names(in: outside) == ["Letter.rtfd", "notes.md", "shortcut.md"])
    }

    @Test func aMissingFileOrADeviceIsRefusedBeforeAnythingIsStaged() async throws {
        let sandbox = try await sandboxWithDocuments()
        let missing = try await sandbox.run("import", sandbox.root.appending(path: "nothing.zip").path)
        #expect(missing.status == 3, "\(missing)")
        #expect(missing.standardError.contains("nothing.zip"))
        let device = try await sandbox.run("import", "/dev/null")
        #expect(device.status == 6, "\(device)")
        #expect(device.standardError == "docbrowser: /dev/null: not a file, package or folder\n")
        try expectUnchanged(sandbox, "missing and device")
    }

    @Test func macOSMetadataAndHiddenItemsAreSkippedAndNamed() async throws {
        let sandbox = try await sandboxWithDocuments()
        try await sandbox.python("""
            z = zipfile.ZipFile('mac.zip', 'w'); z.writestr('Report.txt', 'r'); z.writestr('__MACOSX/._Report.txt', 'x')
            z.writestr('.DS_Store', 'x'); z.close()
            zipfile.ZipFile('only.zip', 'w').writestr('.hidden', 'x')
            """)
        let result = try await sandbox.run("import", sandbox.root.appending(path: "mac.zip").path)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Imported local:Report.txt\nSkipped 2 hidden items: mac.zip/.DS_Store, mac.zip/__MACOSX\n")
        #expect(sandbox.names(in: sandbox.localDocuments) == ["Mine.txt", "Report.txt"])
        let empty = try await sandbox.run("import", sandbox.root.appending(path: "only.zip").path)
        #expect(empty.status == 6, "\(empty)")
        #expect(empty.standardError.contains("only.zip: contains nothing to import"), "\(empty)")
    }
}

/// Import plugins that misbehave: each failure is reported as what it is,
/// and whatever the plugin wrote into staging is gone.
@Suite("import through a plugin that crashes, hangs or babbles")
struct ImportPluginFailureEndToEndTests {
    enum Behaviour: String, CaseIterable, Sendable {
        case crashes, hangs, babbles, fails, succeedsAfterWriting
    }

    /// A cpio importer that first writes a file into its staging folder,
    /// then does what `behaviour` says.
    private func register(_ behaviour: Behaviour, in sandbox: Sandbox) async throws {
        let bundle = try sandbox.directory("plugins/\(behaviour).handler")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>org.example.\(behaviour)</string>
            <key>CFBundleExecutable</key><string>importer.py</string>
            <key>DBServices</key><array><dict>
            <key>DBServiceKind</key><string>import</string>
            <key>DBServiceTypes</key><array><string>public.cpio-archive</string></array>
            <key>DBServiceTimeLimit</key><real>1.5</real>
            </dict></array>
            </dict></plist>
            """.write(to: bundle.appending(path: "Info.plist"), atomically: true, encoding: .utf8)
        let script = bundle.appending(path: "importer.py")
        try """
            #!/usr/bin/env python3
            import json, os, signal, sys, time
            staging = sys.argv[sys.argv.index('--staging') + 1]
            open(os.path.join(staging, 'Partial.txt'), 'w').write('half')
            behaviour = '\(behaviour)'
            if behaviour == 'crashes': os.kill(os.getpid(), signal.SIGSEGV)
            if behaviour == 'hangs': time.sleep(120)
            if behaviour == 'babbles': print('hello, I am not JSON', flush=True); time.sleep(1)
            if behaviour == 'fails':
                print('cannot read the cpio header', file=sys.stderr); sys.exit(1)
            print(json.dumps({'event': 'result', 'entries': 1, 'bytes': 4}), flush=True)
            """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let registered = try await sandbox.run("handlers", "register", bundle.path)
        #expect(registered.status == 0, "\(registered)")
    }

    @Test(arguments: Behaviour.allCases)
    func aFailureIsReportedAsWhatItIsAndNothingAppears(_ behaviour: Behaviour) async throws {
        let sandbox = try Sandbox()
        try await register(behaviour, in: sandbox)
        let archive = try sandbox.write("070707…", to: "old.cpio")
        let result = try await sandbox.run("import", archive.path)
        let expected: [Behaviour: (Int32, String)] = [
            .crashes: (1, "org.example.crashes crashed (signal 11)"),
            .hangs: (1, "org.example.hangs did not finish within its time limit"),
            .babbles: (1, "org.example.babbles broke the plugin protocol: not a JSON event: hello, I am not JSON"),
            .fails: (1, "org.example.fails failed with exit status 1: cannot read the cpio header"),
            .succeedsAfterWriting: (0, "Imported local:Partial.txt"),
        ]
        let (status, message) = try #require(expected[behaviour])
        #expect(result.status == status, "\(result)")
        if status == 0 {
            #expect(result.standardOutput == message + "\n")
            #expect(sandbox.names(in: sandbox.localDocuments) == ["Partial.txt"])
        } else {
            #expect(result.standardError.hasPrefix("docbrowser: \(archive.path): \(message)"), "\(result)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result)")
            #expect(sandbox.names(in: sandbox.localDocuments).isEmpty)
        }
        #expect(sandbox.names(in: sandbox.home.appending(path: "tmp")).isEmpty, "staging removed")
        #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")).isEmpty)
    }
}
