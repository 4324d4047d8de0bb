import Foundation
import Testing

/// Top-level items an archive may hold that once broke the launcher's side
/// of an import: names it hides, names as long as a name can be, and more
/// items than a process could once lock.
@Suite("import: hidden, long and many top-level names")
struct ImportLimitsEndToEndTests {
    @Test("a top-level item named like the Inbox or a sync temporary is refused, naming the archive and the item", arguments: ["Inbox", "draft.part", "~syncthing~x.tmp"])
    func hiddenTopLevelName(name: String) async throws {
        let sandbox = try Sandbox()
        let archive = try await HostileNamesEndToEndTests.makeArchive(sandbox, format: "tar", names: ["\(name)/inside.txt", "Visible.txt"])
        let refused = try await sandbox.run("import", archive)
        #expect(refused.status == 6, "\(refused)")
        #expect(refused.standardError.split(separator: "\n").count == 1, "\(refused)")
        #expect(refused.standardError.contains(archive) && refused.standardError.contains("'\(name)'"), "\(refused)")
        #expect(sandbox.names(in: sandbox.localDocuments).filter { !$0.hasPrefix(".") }.isEmpty, "all or nothing")
        let listed = try await sandbox.run("list")
        #expect(listed.status == 0)
    }

    @Test("a top-level name of 255 bytes imports")
    func longestName() async throws {
        let sandbox = try Sandbox()
        let name = String(repeating: "n", count: 251) + ".txt"
        let archive = try await HostileNamesEndToEndTests.makeArchive(sandbox, format: "tar", names: [name])
        let imported = try await sandbox.run("import", archive)
        #expect(imported.status == 0, "\(imported)")
        #expect(sandbox.names(in: sandbox.localDocuments) == [name])
        let moved = try await sandbox.run("move", name, "--to", "cloud")
        #expect(moved.status == 0, "\(moved)")
    }

    @Test("an archive of 1,100 top-level items imports them all under the usual soft limit of 1,024 descriptors")
    func manyTopLevelItems() async throws {
        let sandbox = try Sandbox()
        let names = (1...1_100).map { "Item \($0).txt" }
        let archive = try await HostileNamesEndToEndTests.makeArchive(sandbox, format: "tar", names: names)
        // The test runner may have raised its own limit; a user's shell has
        // the default soft limit, which prlimit sets here.
        let imported = try await sandbox.tool("prlimit", ["--nofile=1024:", Sandbox.binary.path, "--home", sandbox.home.path, "import", archive], expectSuccess: false)
        #expect(imported.status == 0, "\(imported.output)")
        #expect(sandbox.names(in: sandbox.localDocuments).count == 1_100)
    }

    @Test("a 255-byte name that is taken cannot be numbered under rename: one line naming the archive")
    func longestNameTakenUnderRename() async throws {
        let sandbox = try Sandbox()
        let name = String(repeating: "n", count: 251) + ".txt"
        let archive = try await HostileNamesEndToEndTests.makeArchive(sandbox, format: "tar", names: [name])
        #expect(try await sandbox.run("import", archive).status == 0)
        let refused = try await sandbox.run("import", archive, "--on-conflict", "rename")
        #expect(refused.status == 4, "\(refused)")
        let numbered = String(repeating: "n", count: 251) + " 2.txt"
        #expect(refused.standardError == "docbrowser: \(archive): the item '\(name)' is taken, and '\(numbered)' would be longer than 255 bytes; rename the document it clashes with\n")
        #expect(sandbox.names(in: sandbox.localDocuments) == [name])
    }

    /// A hard limit of 1,024 descriptors (some containers and services set
    /// one) leaves 960 for locks: the rest are locked and placed in batches.
    @Test("an archive of 3,000 top-level items imports them all when no more than 1,024 descriptors can be had")
    func thousandsOfTopLevelItemsUnderAHardLimit() async throws {
        let sandbox = try Sandbox()
        let names = (1...3_000).map { "Item \($0).txt" }
        let archive = try await HostileNamesEndToEndTests.makeArchive(sandbox, format: "tar", names: names)
        let arguments = ["--nofile=1024:1024", Sandbox.binary.path, "--home", sandbox.home.path, "import", archive]
        let imported = try await sandbox.tool("prlimit", arguments, expectSuccess: false)
        #expect(imported.status == 0, "\(imported.output)")
        #expect(Set(sandbox.names(in: sandbox.localDocuments)) == Set(names))
        #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")).isEmpty)

        // All or nothing still: only the last name is taken, in the last
        // batch, and no item of the earlier ones appears.
        for name in names.dropLast() {
            try FileManager.default.removeItem(at: sandbox.localDocuments.appending(path: name))
        }
        let again = try await sandbox.tool("prlimit", arguments, expectSuccess: false)
        #expect(again.status == 4, "\(again.output)")
        #expect(sandbox.names(in: sandbox.localDocuments) == ["Item 3000.txt"])
        let renamed = try await sandbox.tool("prlimit", arguments + ["--on-conflict", "rename"], expectSuccess: false)
        #expect(renamed.status == 0, "\(renamed.output)")
        #expect(sandbox.names(in: sandbox.localDocuments).count == 3_001)
        #expect(sandbox.names(in: sandbox.localDocuments).contains("Item 3000 2.txt"))
    }

    @Test("kill -9 after the first item of a batched import is placed: the next command places the other 2,999")
    func batchedImportKilledMidwayIsFinished() async throws {
        let sandbox = try Sandbox()
        let names = (1...3_000).map { "Item \($0).txt" }
        let archive = try await HostileNamesEndToEndTests.makeArchive(sandbox, format: "tar", names: names)
        let killed = try await sandbox.tool("prlimit", ["--nofile=1024:1024", "env", "DOCBROWSER_TEST_CRASH_AT=import-placed",
                                                        Sandbox.binary.path, "--home", sandbox.home.path, "import", archive], expectSuccess: false)
        #expect(killed.status == 137, "\(killed.output)")
        #expect(sandbox.names(in: sandbox.localDocuments).count == 1)
        let listed = try await sandbox.run("list")
        #expect(listed.status == 0, "\(listed)")
        #expect(Set(sandbox.names(in: sandbox.localDocuments)) == Set(names))
        #expect(sandbox.names(in: sandbox.home.appending(path: "tmp")).isEmpty)
    }

    @Test("a folder deeper than PATH_MAX is deleted permanently, leaving no remnant, journal or warning")
    func deepFolderDeletedPermanently() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        let documents = sandbox.localDocuments.path
        try await sandbox.tool("python3", ["-c", """
        import os, sys
        fd = os.open(sys.argv[1], os.O_RDONLY)
        os.mkdir('Deep', dir_fd=fd)
        for level in range(900):
            nxt = os.open('Deep' if level == 0 else 'level', os.O_RDONLY, dir_fd=fd)
            os.close(fd); fd = nxt
            os.mkdir('level', dir_fd=fd)
            open(os.open('file', os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd), 'w').close()
        """, documents])
        let deleted = try await sandbox.run("delete", "Deep", "--permanent")
        #expect(deleted.status == 0, "\(deleted)")
        #expect(sandbox.names(in: sandbox.localDocuments).isEmpty, "\(sandbox.names(in: sandbox.localDocuments))")
        #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")).isEmpty)
        let listed = try await sandbox.run("list")
        #expect(!listed.standardError.contains("warning") && !listed.standardError.contains("interrupted"), "\(listed)")
    }

    /// How many levels of `name` folders lie under `root`, and whether the
    /// deepest holds `file`: walked through descriptors, as no path reaches.
    static let depthScript = """
        import os, sys
        fd = os.open(sys.argv[1], os.O_RDONLY)
        depth = 0
        while True:
            try:
                nxt = os.open(sys.argv[2], os.O_RDONLY, dir_fd=fd)
            except FileNotFoundError:
                break
            os.close(fd); fd = nxt; depth += 1
        print(depth, os.path.exists('/proc/self/fd/%d/%s' % (fd, sys.argv[3])))
        """

    @Test("a document whose paths pass PATH_MAX imports to, and moves between, two file systems whole, leaving nothing behind")
    func deepDocumentAcrossFileSystems() async throws {
        let sandbox = try Sandbox()
        let other = try OtherFileSystemDirectory()
        defer { _ = try? FileManager.default.removeItem(at: other.url) }
        #expect(try await sandbox.run("config", "set", "cloud.container", other.url.path).status == 0)
        let component = String(repeating: "d", count: 50)
        // 100 levels of 51 bytes: 5,100 bytes of path below the document.
        let name = "Deep/" + Array(repeating: component, count: 100).joined(separator: "/") + "/bottom.txt"
        let archive = try await HostileNamesEndToEndTests.makeArchive(sandbox, format: "tar", names: [name])
        let imported = try await sandbox.run("import", archive, "--to", "cloud")
        #expect(imported.status == 0, "\(imported)")
        let cloudDeep = other.url.appending(path: "Documents/Deep").path
        let inCloud = try await sandbox.tool("python3", ["-c", Self.depthScript, cloudDeep, component, "bottom.txt"])
        #expect(inCloud.output.trimmingCharacters(in: .whitespacesAndNewlines) == "100 True", "\(inCloud.output)")

        let moved = try await sandbox.run("move", "Deep", "--to", "local")
        #expect(moved.status == 0, "\(moved)")
        let inLocal = try await sandbox.tool("python3", ["-c", Self.depthScript, sandbox.localDocuments.appending(path: "Deep").path, component, "bottom.txt"])
        #expect(inLocal.output.trimmingCharacters(in: .whitespacesAndNewlines) == "100 True", "\(inLocal.output)")
        #expect(sandbox.names(in: other.url.appending(path: "Documents")).isEmpty, "the cloud copy is gone")
        #expect(sandbox.names(in: sandbox.home.appending(path: "tmp")).isEmpty, "no staging tree is left")
        #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")).isEmpty)

        let deleted = try await sandbox.run("delete", "Deep", "--permanent")
        #expect(deleted.status == 0, "\(deleted)")
        let listed = try await sandbox.run("list")
        #expect(listed.status == 0, "\(listed)")
        #expect(!listed.standardError.contains("warning") && !listed.standardError.contains("interrupted"), "\(listed)")
    }
}
