import Foundation
import Testing

/// Documents a sync engine is still writing, simulated on one device with
/// the engines' own temporaries (the two-device tests use real Syncthing):
/// listed as incomplete, and never moved, deleted, renamed, exported or
/// handed over half-written.
@Suite("incomplete documents on one device")
struct IncompleteDocumentsEndToEndTests {
    /// A package arriving file by file, a file being replaced, and a file
    /// that so far exists only as Syncthing's temporary, in the cloud.
    static func arriving(_ sandbox: Sandbox) async throws {
        _ = try await sandbox.run("list")
        try await sandbox.shell("""
            cd home/Cloud/Documents
            mkdir -p Deck.key/Data
            printf index > Deck.key/Index.zip
            head -c 4096 /dev/zero > Deck.key/Data/.syncthing.slide-2.png.tmp
            printf old > Notes.txt
            printf new > .syncthing.Notes.txt.tmp
            head -c 8192 /dev/zero > .syncthing.Big.bin.tmp
            printf whole > Whole.txt
            """)
    }

    @Test("the listing shows which documents are incomplete, in tables and JSON")
    func listed() async throws {
        let sandbox = try Sandbox()
        try await Self.arriving(sandbox)
        let listed = try await sandbox.run("list", "--json")
        #expect(listed.status == 0, "\(listed)")
        var states: [String: [String]] = [:]
        for document in try listed.jsonArray() {
            states[document["name"] as? String ?? "?"] = document["states"] as? [String]
        }
        #expect(states == ["Deck.key": ["incomplete"], "Notes.txt": ["incomplete"], "Big.bin": ["incomplete"], "Whole.txt": ["normal"]])
        let table = try await sandbox.run("list")
        #expect(table.standardOutput.split(separator: "\n").filter { $0.contains("(incomplete)") }.count == 3, "\(table)")
        let info = try await sandbox.run("info", "Deck.key")
        #expect(info.standardOutput.contains("incomplete"), "\(info)")
    }

    @Test("every command that would carry or change a document refuses an incomplete one, naming the engine's file", arguments: [
        (["move", "Deck.key", "--to", "local"], "Deck.key/Data/.syncthing.slide-2.png.tmp"),
        (["move", "Notes.txt", "--to", "local"], ".syncthing.Notes.txt.tmp"),
        (["move", "Big.bin", "--to", "local"], ".syncthing.Big.bin.tmp"),
        (["delete", "Deck.key"], "Deck.key/Data/.syncthing.slide-2.png.tmp"),
        (["delete", "Big.bin", "--permanent"], ".syncthing.Big.bin.tmp"),
        (["rename", "Notes.txt", "Letters"], ".syncthing.Notes.txt.tmp"),
        (["export", "Deck.key", "--output", "OUT/deck.zip"], "Deck.key/Data/.syncthing.slide-2.png.tmp"),
        (["move", "Deck.key", "--to", "local", "--dry-run"], "Deck.key/Data/.syncthing.slide-2.png.tmp"),
    ])
    func refused(arguments: [String], temporary: String) async throws {
        let sandbox = try Sandbox()
        try await Self.arriving(sandbox)
        let before = try await TreeDigest.entries(of: [sandbox.cloudDocuments, sandbox.localDocuments])
        let result = try await sandbox.run(arguments.map { $0.replacingOccurrences(of: "OUT", with: sandbox.root.path) })
        #expect(result.status == 5, "\(result)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result)")
        #expect(result.standardError.contains("incomplete") && result.standardError.contains(temporary), "\(result)")
        #expect(result.standardError.contains("wait for it with --wait, or use --force"), "\(result)")
        #expect(try await TreeDigest.entries(of: [sandbox.cloudDocuments, sandbox.localDocuments]) == before, "nothing changed")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appending(path: "deck.zip").path))
    }

    @Test("storage moves the complete documents and names each incomplete one it leaves")
    func storage() async throws {
        let sandbox = try Sandbox()
        try await Self.arriving(sandbox)
        let result = try await sandbox.run("storage", "local")
        #expect(result.status == 5, "\(result)")
        for name in ["Deck.key", "Notes.txt", "Big.bin"] {
            #expect(result.standardError.contains("cloud:\(name): incomplete"), "\(name): \(result)")
        }
        #expect(sandbox.names(in: sandbox.localDocuments) == ["Whole.txt"])
        #expect(sandbox.names(in: sandbox.cloudDocuments.appending(path: "Deck.key/Data")) == [".syncthing.slide-2.png.tmp"])
    }

    @Test("--force moves an incomplete document as it is")
    func forced() async throws {
        let sandbox = try Sandbox()
        try await Self.arriving(sandbox)
        let moved = try await sandbox.run("move", "Notes.txt", "--to", "local", "--force")
        #expect(moved.status == 0, "\(moved)")
        #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "Notes.txt"), encoding: .utf8) == "old")
    }

    @Test("a document only its iCloud placeholder stands for is not exported, alone or with --all")
    func placeholdersAreNotExported() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        try await sandbox.shell("""
            cd home/Cloud/Documents && printf whole > Whole.txt
            python3 -c "import plistlib,sys; sys.stdout.buffer.write(plistlib.dumps({'NSURLNameKey':'Holiday.mov','NSURLFileSizeKey':160000000}, fmt=plistlib.FMT_BINARY))" > .Holiday.mov.icloud
            """)
        for arguments in [["export", "Holiday.mov", "--output", "\(sandbox.root.path)/one.zip"], ["export", "--all", "--output", "\(sandbox.root.path)/all.zip"]] {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 5, "\(arguments): \(result)")
            #expect(result.standardError.contains("cloud:Holiday.mov: not downloaded"), "\(arguments): \(result)")
        }
        #expect(sandbox.names(in: sandbox.root).filter { $0.hasSuffix(".zip") }.isEmpty)
    }

    @Test("a file written in place while it is copied to another file system (as rclone writes) is not moved: the copy is checked against the source, and undone")
    func writtenWhileCopied() async throws {
        let sandbox = try Sandbox()
        let other = try OtherFileSystemDirectory()
        #expect(try await sandbox.run("config", "set", "cloud.container", other.url.path).status == 0)
        try await sandbox.shell("mkdir -p home/Documents && head -c 150000000 /dev/zero > home/Documents/Big.bin")
        // The writer appends for as long as the move may take; --force
        // skips the check before the move, not the one after the copy.
        try await sandbox.shell("(for i in $(seq 1 400); do printf x >> home/Documents/Big.bin; sleep 0.01; done) > /dev/null 2>&1 & echo $! > writer.pid")
        let moved = try await sandbox.run("move", "Big.bin", "--to", "cloud", "--force")
        try await sandbox.shell("kill $(cat writer.pid) 2>/dev/null; true")
        #expect(moved.status == 5, "\(moved)")
        #expect(moved.standardError.contains("changed while it was being copied") && moved.standardError.contains("the move was undone"), "\(moved)")
        #expect(FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Big.bin").path), "the source stays")
        #expect(sandbox.names(in: other.url.appending(path: "Documents")).isEmpty, "no copy, whole or partial, and no temporary")
        #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")).isEmpty)
    }

    @Test("open-in refuses an incomplete document, and hands over a copy with --force")
    func openIn() async throws {
        let sandbox = try Sandbox()
        try await Self.arriving(sandbox)
        let manifest = try sandbox.write(#"{"CFBundleIdentifier": "org.example.sink", "CFBundleExecutable": "/bin/true"}"#, to: "sink.json")
        #expect(try await sandbox.run("handlers", "register", manifest.path).status == 0)
        let inbox = sandbox.home.appending(path: "Containers/org.example.sink/Documents/Inbox")
        let refused = try await sandbox.run("open-in", "Notes.txt", "--to", "org.example.sink")
        #expect(refused.status == 5, "\(refused)")
        #expect(refused.standardError.contains(".syncthing.Notes.txt.tmp"), "\(refused)")
        // open-in's --wait waits for the app: the hint names the option that waits for the engine.
        #expect(refused.standardError.contains("wait for it with --wait-complete, or use --force"), "\(refused)")
        #expect(sandbox.names(in: inbox).isEmpty, "no copy was made")
        let json = try await sandbox.run("open-in", "Notes.txt", "--to", "org.example.sink", "--json")
        #expect(json.standardError.contains("wait for it with --wait-complete, or use --force"), "\(json)")
        let forced = try await sandbox.run("open-in", "Notes.txt", "--to", "org.example.sink", "--force", "--wait")
        #expect(forced.status == 0, "\(forced)")
        #expect(sandbox.names(in: inbox) == ["Notes.txt"])
    }

    /// The engine finishes what ``arriving(_:)`` left half-done, a moment
    /// later, in the background.
    static func finishLater(_ sandbox: Sandbox) async throws {
        try await sandbox.shell("""
            (sleep 1.5; cd home/Cloud/Documents
             head -c 4096 /dev/urandom > Deck.key/Data/.syncthing.slide-2.png.tmp
             mv Deck.key/Data/.syncthing.slide-2.png.tmp Deck.key/Data/slide-2.png
             mv .syncthing.Notes.txt.tmp Notes.txt
             mv .syncthing.Big.bin.tmp Big.bin) > /dev/null 2>&1 &
            """)
    }

    @Test("move --wait waits until the engine is done, then moves each document whole")
    func moveWaits() async throws {
        let sandbox = try Sandbox()
        try await Self.arriving(sandbox)
        try await Self.finishLater(sandbox)
        let moved = try await sandbox.run("move", "--wait", "Deck.key", "Notes.txt", "Big.bin", "--to", "local")
        #expect(moved.status == 0, "\(moved)")
        #expect(sandbox.names(in: sandbox.localDocuments) == ["Big.bin", "Deck.key", "Notes.txt"])
        #expect(sandbox.names(in: sandbox.localDocuments.appending(path: "Deck.key/Data")) == ["slide-2.png"])
        #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "Notes.txt"), encoding: .utf8) == "new")
        let big = try FileManager.default.attributesOfItem(atPath: sandbox.localDocuments.appending(path: "Big.bin").path)
        #expect(big[.size] as? Int == 8192)
        #expect(sandbox.names(in: sandbox.cloudDocuments) == ["Whole.txt"])
    }

    @Test("every other command that refuses an incomplete document waits for it with --wait", arguments: [
        ["delete", "Deck.key", "--wait"],
        ["rename", "Notes.txt", "Letters", "--wait=60"],
        ["export", "Deck.key", "--output", "OUT/deck.zip", "--wait"],
        ["storage", "local", "--wait"],
        ["open-in", "Notes.txt", "--to", "org.example.sink", "--wait-complete"],
    ])
    func othersWait(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        try await Self.arriving(sandbox)
        let manifest = try sandbox.write(#"{"CFBundleIdentifier": "org.example.sink", "CFBundleExecutable": "/bin/true"}"#, to: "sink.json")
        #expect(try await sandbox.run("handlers", "register", manifest.path).status == 0)
        try await Self.finishLater(sandbox)
        let result = try await sandbox.run(arguments.map { $0.replacingOccurrences(of: "OUT", with: sandbox.root.path) })
        #expect(result.status == 0, "\(result)")
        let cloud = try await TreeDigest.entries(of: [sandbox.cloudDocuments])[sandbox.cloudDocuments] ?? [:]
        #expect(!cloud.keys.contains { $0.contains(".syncthing.") }, "the engine was done before the command acted: \(cloud.keys)")
        if arguments[0] == "export" {
            try await sandbox.shell("unzip -l deck.zip | grep -q 'Deck.key/Data/slide-2.png'")
        }
    }

    @Test("--wait=SECONDS gives up after SECONDS, and changes nothing")
    func waitGivesUp() async throws {
        let sandbox = try Sandbox()
        try await Self.arriving(sandbox)
        let before = try await TreeDigest.entries(of: [sandbox.cloudDocuments, sandbox.localDocuments])
        let result = try await sandbox.run("move", "Big.bin", "--to", "local", "--wait=0.5")
        #expect(result.status == 5, "\(result)")
        #expect(result.standardError.split(separator: "\n").last?.contains("cloud:Big.bin: still incomplete after waiting 0.5 s: Syncthing is still writing it") == true, "\(result)")
        #expect(try await TreeDigest.entries(of: [sandbox.cloudDocuments, sandbox.localDocuments]) == before, "nothing changed")
        let negative = try await sandbox.run("move", "Big.bin", "--to", "local", "--wait=-1")
        #expect(negative.status == 2, "\(negative)")
    }
}
