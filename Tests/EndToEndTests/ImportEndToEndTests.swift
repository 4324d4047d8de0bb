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
}
