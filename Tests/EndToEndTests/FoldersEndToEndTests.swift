import Foundation
import Testing

/// `new --folder`, as the Files app's "New Folder": nested paths in either
/// location, never a package, never over anything.
@Suite("folders")
struct FoldersEndToEndTests {
    @Test("a nested folder is made with the folders above it, in either location; one that exists is not made again")
    func nested() async throws {
        let sandbox = try Sandbox()
        let made = try await sandbox.run("new", "--folder", "Projects/2026")
        #expect(made.status == 0, "\(made)")
        #expect(made.standardOutput == "Created local:Projects/2026\n")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: sandbox.home.appending(path: "Documents/Projects/2026").path, isDirectory: &isDirectory) && isDirectory.boolValue)
        let deeper = try await sandbox.run("new", "--folder", "Projects/2026/Q1", "--json")
        #expect(try deeper.json()["relativePath"] as? String == "Projects/2026/Q1", "\(deeper)")
        let again = try await sandbox.run("new", "--folder", "Projects/2026")
        #expect(again.status == 4, "\(again)")
        #expect(again.standardError == "docbrowser: local:Projects/2026: a document with this name already exists\n")
        let cloud = try await sandbox.run("new", "--folder", "Shared", "--cloud")
        #expect(cloud.standardOutput == "Created cloud:Shared\n", "\(cloud)")
        let listed = try await sandbox.run("list")
        let rows = listed.standardOutput.split(separator: "\n").dropFirst()
        let names: [String] = rows.map { row in String(row.split(separator: " ").first ?? "") }
        #expect(names == ["Projects/", "Shared/"], "\(listed)")
    }

    @Test("a name that would make a package, hide the folder or climb out is refused, and so is a file in the way", arguments: [
        ("Slides.key", "docbrowser: Slides.key: not a valid document name: a folder with this extension would be a Keynote document, not a folder\n"),
        ("Projects/../Escape", "docbrowser: ..: not a valid document name: it names a directory\n"),
        (".hidden", "docbrowser: .hidden: not a valid document name: a leading '.' would hide it\n"),
        ("Notes.txt/Inside", "docbrowser: local:Notes.txt: a document with this name already exists\n"),
        ("Inbox", "docbrowser: Inbox: not a valid document name: the top-level Inbox is where other apps deliver documents, and is never listed\n"),
        ("Work (conflicted copy 2026-01-02 030405)", "docbrowser: Work (conflicted copy 2026-01-02 030405): not a valid document name: it is a sync engine's conflict copy name\n"),
    ])
    func refused(name: String, line: String) async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("x", to: "home/Documents/Notes.txt")
        let refused = try await sandbox.run("new", "--folder", name)
        #expect(refused.standardError == line, "\(refused)")
        #expect(refused.status != 0)
        #expect(sandbox.names(in: sandbox.home.appending(path: "Documents")) == ["Notes.txt"])
    }

    @Test("a folder name is shown as list shows names; --folder takes no --type and needs a name")
    func escapesAndUsage() async throws {
        let sandbox = try Sandbox()
        let made = try await sandbox.run("new", "--folder", "Two\nlines")
        #expect(made.standardOutput == "Created local:Two␊lines\n", "\(made)")
        #expect(try await sandbox.run("new", "--folder").status == 2)
        #expect(try await sandbox.run("new", "--folder", "X", "--type", "public.folder").status == 2)
    }

    /// The relative paths `list --recursive --json` shows, as `location:path`.
    static func listed(_ sandbox: Sandbox) async throws -> [String] {
        let listed = try await sandbox.run("list", "--recursive", "--json")
        #expect(listed.status == 0, "\(listed)")
        return try listed.jsonArray().map { "\($0["location"] as? String ?? "?"):\($0["relativePath"] as? String ?? "?")" }.sorted()
    }

    @Test("move and copy --to LOCATION:FOLDER/ put a document, a package or a folder into a folder of either location, and cloud: at the top")
    func intoFolders() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("""
            mkdir -p home/Documents/Deck.key/Data home/Documents/Work/Sub 'home/Documents/Two\nlines'
            printf one > home/Documents/Deck.key/Data/slide-1.png
            printf notes > home/Documents/Notes.txt
            printf inner > home/Documents/Work/Sub/inner.txt
            """)
        #expect(try await sandbox.run("new", "--folder", "Archive/2026", "--cloud").status == 0)
        let steps: [([String], String)] = [
            (["move", "Notes.txt", "--to", "local:Work/Sub/"], "Moved local:Notes.txt to local:Work/Sub/Notes.txt\n"),
            (["move", "Deck.key", "--to", "cloud:Archive/2026"], "Moved local:Deck.key to cloud:Archive/2026/Deck.key\n"),
            (["move", "Work", "--to", "cloud:Archive/"], "Moved local:Work to cloud:Archive/Work\n"),
            (["move", "cloud:Archive/Work/Sub/Notes.txt", "--to", "local:"], "Moved cloud:Archive/Work/Sub/Notes.txt to local:Notes.txt\n"),
            (["copy", "Notes.txt", "--to", "local:Two\\x0alines/"], "Copied local:Notes.txt to local:Two␊lines/Notes.txt\n"),
            (["copy", "cloud:Archive/2026/Deck.key", "--to", "local:"], "Copied cloud:Archive/2026/Deck.key to local:Deck.key\n"),
        ]
        for (arguments, output) in steps {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 0 && result.standardOutput == output && result.standardError == "", "\(arguments): \(result)")
        }
        let listed = try await Self.listed(sandbox)
        #expect(listed == [
            "cloud:Archive", "cloud:Archive/2026", "cloud:Archive/2026/Deck.key", "cloud:Archive/Work", "cloud:Archive/Work/Sub",
            "cloud:Archive/Work/Sub/inner.txt", "local:Deck.key", "local:Notes.txt", "local:Two\nlines", "local:Two\nlines/Notes.txt",
        ], "\(listed)")
        #expect(sandbox.names(in: sandbox.cloudDocuments.appending(path: "Archive/2026/Deck.key/Data")) == ["slide-1.png"])
    }

    @Test("a folder is not moved or copied into itself, nothing goes into a file or a package, a folder that is not there is named", arguments: [
        (["move", "Work", "--to", "local:Work/Sub/"], 5, "docbrowser: local:Work: cannot go into local:Work/Sub/, which is inside it\n"),
        (["copy", "Work", "--to", "local:Work/"], 5, "docbrowser: local:Work: cannot go into local:Work/, which is inside it\n"),
        (["move", "Work", "--to", "cloud:Nowhere/"], 3, "docbrowser: cloud:Nowhere/: no such folder; make it with 'docbrowser new --folder'\n"),
        (["move", "Work/Sub", "--to", "local:Sub.txt/"], 3, "docbrowser: local:Sub.txt/: no such folder; make it with 'docbrowser new --folder'\n"),
        (["move", "Sub.txt", "--to", "local:Deck.key/"], 3, "docbrowser: local:Deck.key/: no such folder; make it with 'docbrowser new --folder'\n"),
    ])
    func refusedDestinations(arguments: [String], status: Int32, line: String) async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("mkdir -p home/Documents/Work/Sub home/Documents/Deck.key && printf x > home/Documents/Sub.txt")
        let before = try await TreeDigest.entries(of: [sandbox.localDocuments])
        let refused = try await sandbox.run(arguments)
        #expect(refused.status == status && refused.standardError == line, "\(refused)")
        #expect(try await TreeDigest.entries(of: [sandbox.localDocuments]) == before)
    }

    @Test("move --to that names no location is a usage error")
    func badDestination() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("x", to: "home/Documents/Notes.txt")
        let refused = try await sandbox.run("move", "Notes.txt", "--to", "elsewhere")
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.standardError.hasPrefix("Error: --to must be local, cloud, or a folder of either such as cloud:Work/, not 'elsewhere'.\n"), "\(refused)")
    }

    @Test("a folder inside a folder, holding a package and a name with a newline, is renamed, exported, deleted and put back whole, in either location",
          arguments: ["local", "cloud"])
    func wholeFolders(location: String) async throws {
        let sandbox = try Sandbox()
        let documents = location == "local" ? sandbox.localDocuments : sandbox.cloudDocuments
        #expect(try await sandbox.run("new", "--folder", "Work/Drafts", "--\(location)").status == 0)
        try await sandbox.shell("""
            cd '\(documents.path)/Work/Drafts'
            mkdir -p Deck.key/Data && printf one > Deck.key/Data/slide-1.png
            printf odd > "$(printf 'Two\\nlines.txt')"
            """)
        let before = try await Sandbox.contentDigest(of: documents.appending(path: "Work/Drafts"))
        let steps: [([String], String)] = [
            (["rename", "\(location):Work/Drafts", "Plans"], "Renamed \(location):Work/Drafts to Plans\n"),
            (["delete", "\(location):Work/Plans"], "Moved \(location):Work/Plans to the Trash\n"),
            (["trash", "restore", "Plans"], "Restored \(documents.path)/Work/Plans\n"),
        ]
        for (arguments, output) in steps {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 0 && result.standardOutput == output, "\(arguments): \(result)")
        }
        #expect(try await Sandbox.contentDigest(of: documents.appending(path: "Work/Plans")) == before)
        let archive = sandbox.root.appending(path: "Plans.zip")
        let exported = try await sandbox.run("export", "\(location):Work/Plans", "-o", archive.path)
        #expect(exported.status == 0, "\(exported)")
        // bsdtar, since unzip drops the newline from the name.
        let unzipped = sandbox.root.appending(path: "unzipped")
        try await sandbox.shell("mkdir unzipped && bsdtar -xf '\(archive.path)' -C unzipped")
        #expect(try await Sandbox.contentDigest(of: unzipped.appending(path: "Plans")) == before)
    }
}
