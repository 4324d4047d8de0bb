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
}
