import Foundation
import Testing

/// `trash`, `trash restore` and `trash empty` against the real freedesktop
/// Trash that GNOME's gio and trash-cli share: what one trashes, the others
/// list and put back, and after each, all of them agree on what is left.
@Suite("the Trash, both ways")
struct TrashEndToEndTests {
    static func listed(_ sandbox: Sandbox) async throws -> [[String: Any]] {
        let result = try await sandbox.run("trash", "--json")
        #expect(result.status == 0, "\(result)")
        return try result.jsonArray()
    }

    static func fields(_ item: [String: Any]) -> [String] {
        ["name", "originalPath", "kind"].map { "\($0)=\(item[$0] as? String ?? "-")" } + ["size=\(item["size"] as? Int ?? -1)"]
    }

    @Test("what docbrowser deletes is listed by it, by trash-list and by gio, and trash-restore puts it back")
    func deletedByDocbrowserRestoredByTrashCli() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("four", to: "home/Documents/Notes.txt")
        #expect(try await sandbox.run("delete", "Notes.txt").status == 0)
        let original = sandbox.home.appending(path: "Documents/Notes.txt").path
        let items = try await Self.listed(sandbox)
        #expect(items.map(Self.fields) == [["name=Notes.txt", "originalPath=\(original)", "kind=file", "size=4"]])
        #expect(try await TrashList.run(sandbox) == [original])
        #expect(Array(try await GioTrash.list(sandbox).values) == [original])

        try await TrashRestoreCommand.run(sandbox, original)
        #expect(try String(contentsOfFile: original, encoding: .utf8) == "four")
        #expect(try await Self.listed(sandbox).isEmpty)
        let empty = try await sandbox.run("trash")
        #expect(empty.standardOutput == "The Trash is empty\n", "\(empty)")
    }

    @Test("what gio trashes docbrowser restores, a package whole and a name with a newline, and gio agrees after")
    func trashedByGioRestoredByDocbrowser() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("slide", to: "home/Documents/Deck.key/Data/slide1.png")
        _ = try sandbox.write("index", to: "home/Documents/Deck.key/Index.zip")
        _ = try sandbox.write("odd", to: "home/Documents/Two\nlines.txt")
        let documents = sandbox.home.appending(path: "Documents")
        // gio makes the Trash, but not the home it lies in.
        try FileManager.default.createDirectory(at: sandbox.userHome, withIntermediateDirectories: true)
        try await GioTrash.run(sandbox, documents.appending(path: "Deck.key").path, documents.appending(path: "Two\nlines.txt").path)
        #expect(sandbox.names(in: documents) == [])
        let items = try await Self.listed(sandbox)
        #expect(items.map(Self.fields).sorted { $0[0] < $1[0] } == [
            ["name=Deck.key", "originalPath=\(documents.path)/Deck.key", "kind=folder", "size=10"],
            ["name=Two\nlines.txt", "originalPath=\(documents.path)/Two\nlines.txt", "kind=file", "size=3"],
        ])

        let restored = try await sandbox.run("trash", "restore", "Deck.key", "Two\nlines.txt")
        #expect(restored.status == 0, "\(restored)")
        #expect(restored.standardOutput == "Restored \(documents.path)/Deck.key\nRestored \(documents.path)/Two␊lines.txt\n")
        #expect(try String(contentsOf: documents.appending(path: "Deck.key/Data/slide1.png"), encoding: .utf8) == "slide")
        #expect(try String(contentsOf: documents.appending(path: "Two\nlines.txt"), encoding: .utf8) == "odd")
        #expect(try await GioTrash.list(sandbox).isEmpty)
        #expect(try await TrashList.run(sandbox).isEmpty)
        #expect(sandbox.names(in: sandbox.userHome.appending(path: ".local/share/Trash/info")) == [])
    }

    @Test("a taken name fails with the conflict status, or is renamed or replaced; a missing folder needs --to")
    func conflictsAndMissingFolders() async throws {
        let sandbox = try Sandbox()
        let documents = sandbox.home.appending(path: "Documents")
        _ = try sandbox.write("old", to: "home/Documents/Notes.txt")
        #expect(try await sandbox.run("delete", "Notes.txt").status == 0)
        _ = try sandbox.write("new", to: "home/Documents/Notes.txt")

        let taken = try await sandbox.run("trash", "restore", "Notes.txt")
        #expect(taken.status == 4, "\(taken)")
        #expect(taken.standardError == "docbrowser: \(documents.path)/Notes.txt: already exists; use --on-conflict rename or replace\n")
        let renamed = try await sandbox.run("trash", "restore", "Notes.txt", "--on-conflict", "rename")
        #expect(renamed.standardOutput == "Restored \(documents.path)/Notes 2.txt\n", "\(renamed)")
        #expect(try String(contentsOf: documents.appending(path: "Notes 2.txt"), encoding: .utf8) == "old")

        #expect(try await sandbox.run("delete", "Notes 2.txt").status == 0)
        let replaced = try await sandbox.run("trash", "restore", "\(documents.path)/Notes 2.txt", "--to", documents.path, "--on-conflict", "replace")
        #expect(replaced.status == 0, "\(replaced)")
        // Restored under the name it had; nothing was there, so nothing was displaced.
        #expect(try String(contentsOf: documents.appending(path: "Notes 2.txt"), encoding: .utf8) == "old")

        let folder = sandbox.root.appending(path: "Gone")
        _ = try sandbox.write("x", to: "Gone/Memo.txt")
        try await GioTrash.run(sandbox, folder.appending(path: "Memo.txt").path)
        try FileManager.default.removeItem(at: folder)
        let missing = try await sandbox.run("trash", "restore", "Memo.txt")
        #expect(missing.status == 3, "\(missing)")
        #expect(missing.standardError == "docbrowser: \(folder.path)/Memo.txt: cannot go back to \(folder.path), which no longer exists; choose another with --to\n")
        let elsewhere = try await sandbox.run("trash", "restore", "Memo.txt", "--to", documents.path)
        #expect(elsewhere.standardOutput == "Restored \(documents.path)/Memo.txt\n", "\(elsewhere)")

        let unknown = try await sandbox.run("trash", "restore", "Nothing.txt")
        #expect(unknown.status == 3)
        #expect(unknown.standardError == "docbrowser: Nothing.txt: not in the Trash (see 'docbrowser trash')\n")
    }

    @Test("two items that had one path are named by their names in the Trash")
    func ambiguousNames() async throws {
        let sandbox = try Sandbox()
        for text in ["first", "second"] {
            _ = try sandbox.write(text, to: "home/Documents/Notes.txt")
            #expect(try await sandbox.run("delete", "Notes.txt").status == 0)
        }
        let ambiguous = try await sandbox.run("trash", "restore", "\(sandbox.home.path)/Documents/Notes.txt")
        #expect(ambiguous.status == 4, "\(ambiguous)")
        #expect(ambiguous.standardError.hasSuffix("2 items in the Trash had this name (Notes 2.txt, Notes.txt); name one by its name in the Trash\n")
                || ambiguous.standardError.hasSuffix("2 items in the Trash had this name (Notes.txt, Notes 2.txt); name one by its name in the Trash\n"), "\(ambiguous)")
        #expect(try await sandbox.run("trash", "restore", "Notes 2.txt").status == 0)
        #expect(try String(contentsOf: sandbox.home.appending(path: "Documents/Notes.txt"), encoding: .utf8) == "second")
    }

    @Test("empty removes everything, or only what is older; trash-list, gio and directorysizes agree")
    func empty() async throws {
        let sandbox = try Sandbox()
        let trash = sandbox.userHome.appending(path: ".local/share/Trash")
        _ = try sandbox.write("a", to: "home/Documents/Old.txt")
        _ = try sandbox.write("b", to: "home/Documents/Folder/inside.txt")
        #expect(try await sandbox.run("delete", "Old.txt").status == 0)
        try await GioTrash.run(sandbox, sandbox.home.appending(path: "Documents/Folder").path)
        // Old.txt was trashed two days ago; the folder just now.
        let info = trash.appending(path: "info/Old.txt.trashinfo")
        let text = try String(contentsOf: info, encoding: .utf8)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let dated = text.split(separator: "\n").map { $0.hasPrefix("DeletionDate=") ? "DeletionDate=\(formatter.string(from: Date(timeIntervalSinceNow: -2 * 86_400)))" : String($0) }
        try (dated.joined(separator: "\n") + "\n").write(to: info, atomically: true, encoding: .utf8)
        try "4 1600000000 Folder\n9 1600000000 Other\n".write(to: trash.appending(path: "directorysizes"), atomically: true, encoding: .utf8)

        let older = try await sandbox.run("trash", "empty", "--older-than", "1d")
        #expect(older.standardOutput == "Removed 1 item (1 B) from the Trash\n", "\(older)")
        #expect(try await TrashList.run(sandbox) == ["\(sandbox.home.path)/Documents/Folder"])

        let all = try await sandbox.run("trash", "empty", "--json")
        #expect(all.status == 0, "\(all)")
        #expect(try all.json()["size"] as? Int == 1)
        #expect(try await TrashList.run(sandbox).isEmpty)
        #expect(try await GioTrash.list(sandbox).isEmpty)
        #expect(sandbox.names(in: trash.appending(path: "files")) == [])
        #expect(try String(contentsOf: trash.appending(path: "directorysizes"), encoding: .utf8) == "9 1600000000 Other\n")

        let bad = try await sandbox.run("trash", "empty", "--older-than", "soon")
        #expect(bad.status == 2, "\(bad)")
    }

    @Test("a restore killed at each step is whole in one place after the next command, within a file system and across")
    func killedRestores() async throws {
        let sandbox = try Sandbox()
        let other = try OtherFileSystemDirectory()
        let documents = sandbox.home.appending(path: "Documents")
        let trashInfo = sandbox.userHome.appending(path: ".local/share/Trash/info")
        for (point, folder) in [("journaled", documents), ("restored", documents), ("copied", other.url), ("placed", other.url), ("restored", other.url)] {
            _ = try sandbox.write(point, to: "home/Documents/Deck.key/Data/\(point).txt")
            #expect(try await sandbox.run("delete", "Deck.key").status == 0)
            let killed = try await sandbox.run(["trash", "restore", "Deck.key", "--to", folder.path], environment: ["DOCBROWSER_TEST_CRASH_AT": point])
            #expect(killed.status == 137, "restore killed at \(point): \(killed)")
            #expect(try await sandbox.run("list").status == 0)

            let restored = FileManager.default.fileExists(atPath: folder.appending(path: "Deck.key/Data/\(point).txt").path)
            let inTrash = try await Self.listed(sandbox).map { $0["name"] as? String }
            #expect(restored != (inTrash == ["Deck.key"]), "killed at \(point) into \(folder.path): restored \(restored), Trash \(inTrash)")
            #expect(sandbox.names(in: trashInfo) == (restored ? [] : ["Deck.key.trashinfo"]), "killed at \(point)")
            #expect(sandbox.names(in: folder).filter { $0.hasPrefix(".") } == [], "killed at \(point): litter")
            #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")) == [], "killed at \(point): journal left")
            if !restored {
                let again = try await sandbox.run("trash", "restore", "Deck.key", "--to", folder.path)
                #expect(again.status == 0, "\(again)")
            }
            #expect(try String(contentsOf: folder.appending(path: "Deck.key/Data/\(point).txt"), encoding: .utf8) == point)
            try FileManager.default.removeItem(at: folder.appending(path: "Deck.key"))
        }
    }
}
