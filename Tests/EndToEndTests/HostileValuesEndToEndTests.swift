import Foundation
import Testing

/// Numbers and dates from outside (a synced file's mtime, an archive entry's
/// time, a manifest's time limit) that once trapped the launcher. None may
/// crash a command, and none may leave a home in which later commands crash.
@Suite("hostile values never crash the launcher")
struct HostileValuesEndToEndTests {
    /// A Swift runtime trap exits through SIGILL or SIGTRAP and prints a
    /// backtrace; a refusal is one line.
    static func expectNoCrash(_ result: Sandbox.Result, _ comment: String) {
        #expect(result.status < 128, "\(comment) crashed: \(result)")
        #expect(!result.standardError.contains("Fatal error"), "\(comment): \(result.standardError)")
        #expect(!result.standardError.contains("Backtrace"), "\(comment): \(result.standardError)")
    }

    @Test("a document dated after 2262 is listed, shown and moved")
    func farFutureModificationTime() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        try await sandbox.shell("printf far > home/Cloud/Documents/Future.txt && touch -d 2300-01-01 home/Cloud/Documents/Future.txt")
        for command in [["list"], ["list", "--json"], ["info", "Future.txt"], ["preview", "Future.txt"]] {
            let result = try await sandbox.run(command)
            Self.expectNoCrash(result, command.joined(separator: " "))
            #expect(result.status == 0, "\(command): \(result)")
        }
        let listed = try await sandbox.run("list", "--json")
        #expect(listed.standardOutput.contains("Future.txt"))
        let moved = try await sandbox.run("move", "Future.txt", "--to", "local")
        #expect(moved.status == 0, "\(moved)")
        let contents = try String(contentsOf: sandbox.localDocuments.appending(path: "Future.txt"), encoding: .utf8)
        #expect(contents == "far")
    }

    @Test("an archive entry dated 2286 imports, and the home stays usable")
    func farFutureArchiveEntry() async throws {
        let sandbox = try Sandbox()
        let archive = sandbox.root.appending(path: "future.tar").path
        try await sandbox.shell("""
        python3 -c "
        import tarfile, io
        t = tarfile.open('\(archive)', 'w', format=tarfile.PAX_FORMAT)
        i = tarfile.TarInfo('Future.txt'); i.size = 2; i.mtime = 10**10; t.addfile(i, io.BytesIO(b'hi'))
        t.close()"
        """)
        let imported = try await sandbox.run("import", archive)
        Self.expectNoCrash(imported, "import")
        #expect(imported.status == 0, "\(imported)")
        let listed = try await sandbox.run("list")
        Self.expectNoCrash(listed, "list after import")
        #expect(listed.standardOutput.contains("Future.txt"), "\(listed)")
    }

    @Test("a staged temporary dated after 2262 does not stop recovery")
    func farFutureStagedTemporary() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        // An unjournaled temporary, as an interrupted write leaves one: the
        // sweep looks at its age.
        try await sandbox.shell("mkdir -p home/tmp && printf x > home/tmp/.docbrowser-tmp-stray && touch -d 2300-01-01 home/tmp/.docbrowser-tmp-stray")
        try await sandbox.shell("printf x > home/Documents/.docbrowser-tmp-stray2 && touch -d 1600-01-01 home/Documents/.docbrowser-tmp-stray2")
        for command in [["list"], ["info", "nothing"], ["delete", "nothing"], ["storage"]] {
            Self.expectNoCrash(try await sandbox.run(command), command.joined(separator: " "))
        }
    }

    @Test("a manifest's absurd time limit is left out (refused with --strict) naming the key, and never crashes a later command")
    func hugeServiceTimeLimit() async throws {
        let sandbox = try Sandbox()
        for (name, limit) in [("json", "1e300"), ("huge", "9223372036854775808")] {
            let manifest = try sandbox.write("""
            {"CFBundleIdentifier": "org.example.\(name)", "DBServices": [{"DBServiceKind": "export", "DBServiceTypes": ["public.zip-archive"], "DBServiceTimeLimit": \(limit)}]}
            """, to: "\(name).json")
            let strict = try await sandbox.run("handlers", "register", "--strict", manifest.path)
            Self.expectNoCrash(strict, "register --strict \(limit)")
            #expect(strict.status == 6, "\(strict)")
            #expect(strict.standardError.contains("DBServices[0].DBServiceTimeLimit"), "\(strict)")
            #expect(strict.standardError.split(separator: "\n").count == 1, "\(strict)")
            // Without --strict the service is left out, with one warning, and
            // the handler registers without it.
            let registered = try await sandbox.run("handlers", "register", manifest.path, "--json")
            Self.expectNoCrash(registered, "register \(limit)")
            #expect(registered.status == 0, "\(registered)")
            let warnings = registered.standardError.split(separator: "\n").filter { $0.hasPrefix("docbrowser: warning: ") }
            #expect(warnings.count == 1 && warnings[0].contains("DBServices[0].DBServiceTimeLimit"), "\(registered)")
            #expect((try registered.json()["services"] as? [Any])?.isEmpty == true, "\(registered)")
        }
        let xml = try sandbox.write("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>org.example.xml</string>
        <key>DBServices</key><array><dict><key>DBServiceKind</key><string>preview</string>
        <key>DBServiceTypes</key><array><string>public.plain-text</string></array>
        <key>DBServiceTimeLimit</key><real>1e300</real></dict></array></dict></plist>
        """, to: "home/Handlers/xml.plist")
        #expect(FileManager.default.fileExists(atPath: xml.path))
        try await sandbox.shell("mkdir -p home/Documents && printf hello > home/Documents/Note.txt")
        for command in [["handlers"], ["preview", "Note.txt"], ["list"]] {
            let result = try await sandbox.run(command)
            Self.expectNoCrash(result, command.joined(separator: " "))
        }
        let preview = try await sandbox.run("preview", "Note.txt")
        #expect(preview.standardOutput.contains("hello"), "\(preview)")
    }

    /// `{"a": set{"a"}}` as a binary property list. Foundation on Linux
    /// parses the set (marker 0xC1) and then crashes bridging it.
    static let binaryPropertyListWithSet = Data([
        0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, // bplist00
        0xD1, 0x01, 0x02, // object 0: a dictionary, key object 1, value object 2
        0x51, 0x61, // object 1: "a"
        0xC1, 0x01, // object 2: a set holding object 1
        0x08, 0x0B, 0x0D, // the offsets of objects 0, 1 and 2
        0, 0, 0, 0, 0, 0, 1, 1, // trailer: offsets and references are one byte
        0, 0, 0, 0, 0, 0, 0, 3, // three objects
        0, 0, 0, 0, 0, 0, 0, 0, // the root is object 0
        0, 0, 0, 0, 0, 0, 0, 15, // the offset table starts at byte 15
    ])

    @Test("a binary property list holding a set is refused as a manifest, previewed as a file, and ignored as a placeholder")
    func binaryPropertyListWithSet() async throws {
        let sandbox = try Sandbox()
        let manifest = sandbox.root.appending(path: "set.plist")
        try Self.binaryPropertyListWithSet.write(to: manifest)
        let registered = try await sandbox.run("handlers", "register", manifest.path)
        Self.expectNoCrash(registered, "handlers register")
        #expect(registered.status == 6, "\(registered)")
        #expect(registered.standardError.split(separator: "\n").count == 1, "\(registered)")
        #expect(registered.standardError.contains("set.plist") && registered.standardError.contains("type 0xC1"), "\(registered)")

        _ = try await sandbox.run("list")
        try Self.binaryPropertyListWithSet.write(to: sandbox.cloudDocuments.appending(path: "Settings.plist"))
        try Self.binaryPropertyListWithSet.write(to: sandbox.cloudDocuments.appending(path: ".Holiday.mov.icloud"))
        let preview = try await sandbox.run("preview", "Settings.plist")
        Self.expectNoCrash(preview, "preview")
        #expect(preview.status == 0, "\(preview)")
        #expect(preview.standardOutput.contains("type 0xC1"), "\(preview)")
        let listed = try await sandbox.run("list")
        Self.expectNoCrash(listed, "list")
        #expect(listed.status == 0 && listed.standardOutput.contains("Holiday.mov"), "\(listed)")
    }

    @Test("a shared-mime-info package that is not UTF-8 is skipped with a warning naming it, not a crash")
    func sharedMimeInfoPackageNotUTF8() async throws {
        let sandbox = try Sandbox()
        let packages = sandbox.userHome.appending(path: ".local/share/mime/packages", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
        // libxml2 recovers from these bytes, and XMLParser crashes on what it hands over.
        try Data([0x3C, 0xC6, 0x3C, 0x3C, 0x3C]).write(to: packages.appending(path: "hostile.xml"))
        let result = try await sandbox.run("types", "lookup", "--ext", "txt")
        Self.expectNoCrash(result, "types lookup")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.contains("hostile.xml") && result.standardError.contains("not UTF-8"), "\(result)")
    }

    /// Found by `make fuzz`: XMLParser dereferences a processing
    /// instruction's missing data.
    @Test("a shared-mime-info package with a processing instruction is skipped with a warning naming it, not a crash", arguments: [
        "<mime-info><?pi?></mime-info>", "<?xml?><mime-info/>",
    ])
    func sharedMimeInfoProcessingInstruction(text: String) async throws {
        let sandbox = try Sandbox()
        let packages = sandbox.userHome.appending(path: ".local/share/mime/packages", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: packages.appending(path: "hostile.xml"))
        let result = try await sandbox.run("types", "lookup", "--ext", "txt")
        Self.expectNoCrash(result, "types lookup")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.contains("hostile.xml") && result.standardError.contains("processing instruction"), "\(result)")
    }

    @Test("garbage and absurd journals neither crash recovery nor stay to haunt later commands")
    func hostileJournals() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("keep", to: "home/Documents/Keep.txt")
        try await sandbox.shell("""
        mkdir -p home/Library/Journal && head -c 3000 /dev/urandom > home/Library/Journal/AAAA.journal
        printf '{"step":"begin","operation":"move","inode":99999999999999999999999,"pid":-1,"source":"/etc/passwd"}\\n' > home/Library/Journal/BBBB.journal
        printf '{"step":"staged","operation":"delete","inode":1e300}\\n{"step"' > home/Library/Journal/CCCC.journal
        """)
        for _ in 0..<2 {
            let listed = try await sandbox.run("list")
            Self.expectNoCrash(listed, "list with hostile journals")
            #expect(listed.status == 0 && listed.standardOutput.contains("Keep.txt"), "\(listed)")
        }
        #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")).isEmpty)
        #expect(FileManager.default.fileExists(atPath: "/etc/passwd"))
    }

    static let crasherCorpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "../../../shared/corpus/crashers").standardizedFileURL

    /// Inputs found crashing the launcher, kept beside the project by the
    /// team; a fresh clone has no ../shared, and this is skipped, saying why.
    @Test("the shared crasher corpus no longer crashes the launcher",
          .enabled(if: FileManager.default.fileExists(atPath: crasherCorpus.path), "../shared/corpus/crashers is absent: a fresh clone has no ../shared"))
    func sharedCrashers() async throws {
        let corpus = Self.crasherCorpus
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        #expect(!names.isEmpty, "\(corpus.path) holds no inputs")
        for name in names.sorted() {
            let sandbox = try Sandbox()
            let file = corpus.appending(path: name).path
            let result = name.hasPrefix("register-")
                ? try await sandbox.run("handlers", "register", file)
                : try await sandbox.run("import", file)
            Self.expectNoCrash(result, name)
            Self.expectNoCrash(try await sandbox.run("list"), "list after \(name)")
        }
    }
}
