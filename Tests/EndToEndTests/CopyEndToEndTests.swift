import Foundation
import Testing

/// `copy` and `duplicate` with the built binary: packages whole, Finder's
/// names, the conflict policies, copies out of docbrowser, and kills.
@Suite("copy and duplicate")
struct CopyEndToEndTests {
    static func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test("duplicate names copies as the Finder does: before a compound extension, numbered after the first, a newline shown as list shows it")
    func duplicates() async throws {
        let sandbox = try Sandbox()
        let documents = sandbox.home.appending(path: "Documents")
        _ = try sandbox.write("n", to: "home/Documents/Notes.txt")
        _ = try sandbox.write("s", to: "home/Documents/Deck.key/Data/slide.png")
        _ = try sandbox.write("t", to: "home/Documents/data.tar.gz")
        _ = try sandbox.write("o", to: "home/Documents/Two\nlines.txt")
        try FileManager.default.createSymbolicLink(atPath: documents.appending(path: "Deck.key/current").path, withDestinationPath: "Data/slide.png")
        let first = try await sandbox.run("duplicate", "Notes.txt", "Deck.key", "data.tar.gz", "Two\nlines.txt")
        #expect(first.status == 0, "\(first)")
        #expect(first.standardOutput == """
            Copied local:Notes.txt to local:Notes copy.txt
            Copied local:Deck.key to local:Deck copy.key
            Copied local:data.tar.gz to local:data copy.tar.gz
            Copied local:Two␊lines.txt to local:Two␊lines copy.txt

            """, "\(first)")
        let second = try await sandbox.run("duplicate", "Notes.txt")
        #expect(second.standardOutput == "Copied local:Notes.txt to local:Notes copy 2.txt\n", "\(second)")
        #expect(try Self.contents(documents.appending(path: "Deck copy.key/Data/slide.png")) == "s")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: documents.appending(path: "Deck copy.key/current").path) == "Data/slide.png")
        #expect(sandbox.names(in: documents).filter { $0.hasPrefix(".") } == [])
    }

    @Test("copy into the other location fails on a taken name, renames or replaces on request; the replaced one goes to the Trash")
    func intoALocation() async throws {
        let sandbox = try Sandbox()
        let other = try OtherFileSystemDirectory()
        #expect(try await sandbox.run("config", "set", "cloud.container", other.url.path).status == 0)
        let cloud = other.url.appending(path: "Documents")
        _ = try sandbox.write("mine", to: "home/Documents/Notes.txt")
        try FileManager.default.createDirectory(at: cloud, withIntermediateDirectories: true)
        try "theirs".write(to: cloud.appending(path: "Notes.txt"), atomically: false, encoding: .utf8)

        let taken = try await sandbox.run("copy", "local:Notes.txt", "--to", "cloud")
        #expect(taken.status == 4, "\(taken)")
        #expect(taken.standardError == "docbrowser: \(cloud.path)/Notes.txt: already exists; use --on-conflict rename or replace\n")
        let renamed = try await sandbox.run("copy", "local:Notes.txt", "--to", "cloud", "--on-conflict", "rename")
        #expect(renamed.standardOutput == "Copied local:Notes.txt to cloud:Notes 2.txt\n", "\(renamed)")
        let replaced = try await sandbox.run("copy", "local:Notes.txt", "--to", "cloud", "--on-conflict", "replace", "--json")
        #expect(replaced.status == 0, "\(replaced)")
        let event = try replaced.json()
        #expect(event["copy"] as? String == "cloud:Notes.txt")
        #expect(event["trashName"] as? String == "Notes.txt")
        #expect(try Self.contents(cloud.appending(path: "Notes.txt")) == "mine")
        #expect(try Self.contents(sandbox.home.appending(path: "Documents/Notes.txt")) == "mine")
        #expect(try await TrashList.run(sandbox, under: [sandbox.root, other.url]) == ["\(cloud.path)/Notes.txt"])
        #expect(sandbox.names(in: cloud).filter { $0.hasPrefix(".") } == [])
    }

    @Test("copy out to a folder keeps a package whole with its modes and times; a missing folder is one line")
    func outOfDocbrowser() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("#!/bin/sh\n", to: "home/Documents/Tool.app/run")
        try await sandbox.shell("chmod 750 home/Documents/Tool.app/run && touch -d @1600000000 home/Documents/Tool.app/run && mkdir out")
        let out = sandbox.root.appending(path: "out")
        let copied = try await sandbox.run("copy", "Tool.app", "--to", out.path)
        #expect(copied.standardOutput == "Copied local:Tool.app to \(out.path)/Tool.app\n", "\(copied)")
        let attributes = try FileManager.default.attributesOfItem(atPath: out.appending(path: "Tool.app/run").path)
        #expect(attributes[.posixPermissions] as? Int == 0o750)
        #expect((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 == 1_600_000_000)

        let missing = try await sandbox.run("copy", "Tool.app", "--to", sandbox.root.appending(path: "nowhere").path)
        #expect(missing.status == 3, "\(missing)")
        #expect(missing.standardError == "docbrowser: \(sandbox.root.path)/nowhere/Tool.app: cannot go back to \(sandbox.root.path)/nowhere, which no longer exists; choose another with --to\n")
    }

    @Test("a copy within a file system is made by the kernel, not read and written by docbrowser", Strace.installed)
    func copiedInKernel() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("mkdir -p home/Documents && head -c 3000000 /dev/urandom > home/Documents/Big.bin")
        let trace = sandbox.root.appending(path: "trace")
        let result = try await sandbox.run(["duplicate", "Big.bin"], tracedBy: [Strace.path!, "-f", "-qq", "-e", "trace=copy_file_range,ioctl", "-o", trace.path])
        #expect(result.status == 0, "\(result)")
        let calls = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        let kernelCopied = calls.filter { $0.contains("copy_file_range(") }.compactMap { $0.split(separator: "= ").last.flatMap { Int($0) } }.reduce(0, +)
        let cloned = calls.contains { $0.contains("FICLONE") && $0.hasSuffix("= 0") }
        #expect(cloned || kernelCopied == 3_000_000, "\(calls)")
        let original = try await Sandbox.contentDigest(of: sandbox.home.appending(path: "Documents/Big.bin"))
        #expect(try await Sandbox.contentDigest(of: sandbox.home.appending(path: "Documents/Big copy.bin")) == original)
    }

    @Test("tags travel with a duplicate, a package's inner files' too, and with a move across file systems")
    func tagsTravel() async throws {
        let sandbox = try Sandbox()
        let other = try OtherFileSystemDirectory()
        #expect(try await sandbox.run("config", "set", "cloud.container", other.url.path).status == 0)
        _ = try sandbox.write("n", to: "home/Documents/Notes.txt")
        _ = try sandbox.write("s", to: "home/Documents/Deck.key/Data/slide.png")
        try await sandbox.shell("setfattr -n user.xdg.tags -v inner home/Documents/Deck.key/Data/slide.png")
        #expect(try await sandbox.run("tag", "Notes.txt", "Deck.key", "+work", "+red").status == 0)
        #expect(try await sandbox.run("duplicate", "Notes.txt", "Deck.key").status == 0)
        let copies = try await sandbox.run("tag", "Notes copy.txt", "Deck copy.key")
        #expect(copies.standardOutput == "local:Notes copy.txt: work, red\nlocal:Deck copy.key: work, red\n", "\(copies)")
        let inner = try await sandbox.tool("getfattr", ["--absolute-names", "--only-values", "-n", "user.xdg.tags", sandbox.home.appending(path: "Documents/Deck copy.key/Data/slide.png").path])
        #expect(inner.output == "inner")
        #expect(try await sandbox.run("move", "Notes.txt", "--to", "cloud").status == 0)
        let moved = try await sandbox.run("tag", "cloud:Notes.txt")
        #expect(moved.standardOutput == "cloud:Notes.txt: work, red\n", "\(moved)")
    }

    @Test("a document a sync engine is still writing is not copied")
    func incomplete() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("part", to: "home/Documents/Deck.key/Data/.syncthing.slide.png.tmp")
        let refused = try await sandbox.run("duplicate", "Deck.key")
        #expect(refused.status == 5, "\(refused)")
        #expect(refused.standardError.hasPrefix("docbrowser: local:Deck.key: "), "\(refused)")
        #expect(sandbox.names(in: sandbox.home.appending(path: "Documents")) == ["Deck.key"])
    }

    @Test("a copy killed after copying, or a replace killed mid-exchange, leaves no litter and loses nothing")
    func killed() async throws {
        let sandbox = try Sandbox()
        let documents = sandbox.home.appending(path: "Documents")
        _ = try sandbox.write("deck", to: "home/Documents/Deck.key/Data/slide.png")
        let killed = try await sandbox.run(["duplicate", "Deck.key"], environment: ["DOCBROWSER_TEST_CRASH_AT": "copied"])
        #expect(killed.status == 137, "\(killed)")
        #expect(try await sandbox.run("list").status == 0)
        #expect(sandbox.names(in: documents) == ["Deck.key"])
        #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")) == [])

        _ = try sandbox.write("old", to: "home/Documents/Other/Deck.key/Data/slide.png")
        let other = sandbox.root.appending(path: "home/Documents/Other")
        let replace = try await sandbox.run(["copy", "Deck.key", "--to", other.path, "--on-conflict", "replace"], environment: ["DOCBROWSER_TEST_CRASH_AT": "exchanged"])
        #expect(replace.status == 137, "\(replace)")
        #expect(try await sandbox.run("list").status == 0)
        #expect(try Self.contents(other.appending(path: "Deck.key/Data/slide.png")) == "deck")
        #expect(sandbox.names(in: other) == ["Deck.key"])
        let trashed = sandbox.userHome.appending(path: ".local/share/Trash/files/Deck.key/Data/slide.png")
        #expect(try Self.contents(trashed) == "old", "the replaced package is in the Trash")
        #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")) == [])
    }
}
