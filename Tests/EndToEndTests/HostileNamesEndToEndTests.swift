import Foundation
import Testing

/// Names that come from strangers (archive entries, files a sync engine
/// drops into the cloud folder) are carried as the bytes they are. The
/// `\xHH` escape form is for names a user types, so a name that merely
/// looks like an escape is never decoded into a path.
@Suite("hostile names stay inside the Documents folder, byte for byte")
struct HostileNamesEndToEndTests {
    static let escapingName = #"\x2F..\x2F..\x2Fcanary\x2Fnew.txt"#

    /// Writes a tar (pax) or zip (via bsdtar) with one entry per name,
    /// each holding `contents`.
    static func makeArchive(_ sandbox: Sandbox, format: String, names: [String], contents: String = "evil") async throws -> String {
        let archive = sandbox.root.appending(path: "hostile.\(format)").path
        let script = """
        import io, sys, tarfile
        names = sys.argv[2:]
        t = tarfile.open(sys.argv[1], 'w', format=tarfile.PAX_FORMAT)
        for n in names:
            data = \(String(reflecting: contents)).encode()
            i = tarfile.TarInfo(n); i.size = len(data); t.addfile(i, io.BytesIO(data))
        t.close()
        """
        let tar = format == "tar" ? archive : archive + ".tar"
        try await sandbox.tool("python3", ["-c", script, tar] + names, in: sandbox.root)
        if format != "tar" {
            try await sandbox.tool("bsdtar", ["-a", "-cf", archive, "@" + tar], in: sandbox.root)
        }
        return archive
    }

    @Test("an entry named like an escaped path imports under its literal name", arguments: ["tar", "zip", "7z", "cpio"], ["local", "cloud"])
    func escapedSlashesAreNotDecoded(format: String, location: String) async throws {
        let sandbox = try Sandbox()
        let canary = try sandbox.directory("canary")
        let archive = try await Self.makeArchive(sandbox, format: format, names: [Self.escapingName])
        let imported = try await sandbox.run("import", archive, "--to", location)
        #expect(sandbox.names(in: canary).isEmpty, "nothing written outside the home: \(sandbox.names(in: canary))")
        if format == "zip", imported.status == 5 {
            // libarchive reads a zip's backslashes as Windows separators,
            // which makes this name absolute: refused, which is safe too.
            #expect(imported.standardError.contains("absolute-path"), "\(imported)")
            return
        }
        #expect(imported.status == 0, "\(imported)")
        let documents = location == "local" ? sandbox.localDocuments : sandbox.cloudDocuments
        #expect(sandbox.names(in: documents).contains(Self.escapingName), "\(sandbox.names(in: documents))")
        let listed = try await sandbox.run("list", "--json")
        let names = try listed.jsonArray().compactMap { $0["name"] as? String }
        #expect(names == [Self.escapingName], "\(listed)")
    }

    @Test("replacing through an escaped name never reaches a file outside the home")
    func replaceCannotReachOutside() async throws {
        let sandbox = try Sandbox()
        let canary = try sandbox.directory("canary")
        let target = canary.appending(path: "new.txt")
        try Data("precious".utf8).write(to: target)
        let archive = try await Self.makeArchive(sandbox, format: "tar", names: [Self.escapingName])
        let imported = try await sandbox.run("import", archive, "--on-conflict", "replace")
        #expect(imported.status == 0, "\(imported)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious")
        #expect(sandbox.names(in: sandbox.userHome.appending(path: ".local/share/Trash/files")).isEmpty, "nothing outside was trashed")
    }

    @Test("escape-like and NUL-like names keep every byte")
    func literalBackslashNames() async throws {
        let sandbox = try Sandbox()
        let names = [#"lit\x41.txt"#, #"name\x00.txt.evil"#, #"back\\slash.txt"#]
        let archive = try await Self.makeArchive(sandbox, format: "tar", names: names)
        let imported = try await sandbox.run("import", archive)
        #expect(imported.status == 0, "\(imported)")
        #expect(Set(sandbox.names(in: sandbox.localDocuments)) == Set(names))
        // Each is addressable by the name list shows.
        let info = try await sandbox.run("info", #"lit\x41.txt"#, "--json")
        #expect(info.status == 0, "\(info)")
        #expect(((try info.json()["listing"] as? [String: Any])?["name"] as? String) == #"lit\x41.txt"#, "\(info)")
        let renamed = try await sandbox.run("rename", #"lit\x41.txt"#, "plain")
        #expect(renamed.status == 0, "\(renamed)")
        #expect(Set(sandbox.names(in: sandbox.localDocuments)) == ["plain.txt", #"name\x00.txt.evil"#, #"back\\slash.txt"#])
        #expect(!imported.standardOutput.unicodeScalars.contains("\u{0}"))
    }

    @Test("a synced file named like an escaped path moves within the home, by move and by storage")
    func syncedEscapingNameStaysInside() async throws {
        let sandbox = try Sandbox()
        let canary = try sandbox.directory("canary")
        _ = try await sandbox.run("list")
        let moved = #"\x2F..\x2F..\x2Fcanary\x2Fmoved.txt"#
        let storage = #"\x2F..\x2F..\x2Fcanary\x2Fstorage.txt"#
        for name in [moved, storage] {
            try Data("synced".utf8).write(to: sandbox.cloudDocuments.appending(path: name))
        }
        let move = try await sandbox.run("move", moved, "--to", "local")
        #expect(move.status == 0, "\(move)")
        let switched = try await sandbox.run("storage", "local")
        #expect(switched.status == 0, "\(switched)")
        #expect(sandbox.names(in: canary).isEmpty, "\(sandbox.names(in: canary))")
        #expect(Set(sandbox.names(in: sandbox.localDocuments)) == [moved, storage])
        #expect(sandbox.names(in: sandbox.cloudDocuments).isEmpty)
    }

    @Test("open-in delivers an escape-like name under its literal name")
    func handOffKeepsLiteralName() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        let name = #"\x2E\x2E\x2Fup.txt"#
        try Data("x".utf8).write(to: sandbox.localDocuments.appending(path: name))
        let manifest = try sandbox.write("""
        {"CFBundleIdentifier": "org.example.true", "CFBundleExecutable": "/bin/true",
         "CFBundleDocumentTypes": [{"LSItemContentTypes": ["public.plain-text"], "CFBundleTypeRole": "Viewer"}]}
        """, to: "true.json")
        let registered = try await sandbox.run("handlers", "register", manifest.path)
        #expect(registered.status == 0, "\(registered)")
        let delivered = try await sandbox.run("open-in", name, "--to", "org.example.true", "--wait")
        #expect(delivered.status == 0, "\(delivered)")
        let inbox = sandbox.home.appending(path: "Containers/org.example.true/Documents/Inbox")
        #expect(sandbox.names(in: inbox) == [name], "\(delivered)")
        #expect(sandbox.names(in: sandbox.home.appending(path: "Containers/org.example.true")) == ["Documents"])
    }
}
