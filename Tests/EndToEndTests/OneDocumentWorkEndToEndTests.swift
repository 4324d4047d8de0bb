import Foundation
import Testing

/// Work done, not time taken: a command about one document examines that
/// document, not every document beside it. Counted as the `lstat`s a
/// command makes in a home of 3,000 documents against one of 30, for the
/// same command on the same document; the difference must not grow with
/// the 2,970 extra documents (before, every move listed its location
/// twice, one `lstat` per document each time).
@Suite("a command about one document does not examine its neighbours")
struct OneDocumentWorkEndToEndTests {
    @Test(Strace.installed)
    func examinesOnlyTheDocumentItNames() async throws {
        let few = try await Self.home(documents: 30)
        let many = try await Self.home(documents: 3_000)
        let commands: [[String]] = [
            ["info", "Note 000002.pdf"],
            ["info", "Note 000003"],
            ["move", "Note 000002.pdf", "--to", "cloud"],
            ["move", "cloud:Note 000002.pdf", "--to", "local"],
            ["rename", "Note 000004.jpg", "Renamed"],
            ["new", "Draft.txt"],
            ["delete", "Draft.txt", "--dry-run"],
        ]
        for command in commands {
            let inFew = try await Self.statCalls(of: command, in: few)
            let inMany = try await Self.statCalls(of: command, in: many)
            #expect(inMany - inFew < 100, "\(command.joined(separator: " ")): \(inFew) stat calls beside 30 documents, \(inMany) beside 3,000")
        }
        // The control: a listing does examine every document (one was
        // renamed above). Counted by name, since the listing's other calls
        // vary by one or two with the order its two threads run in.
        let listed = try await Self.statCalls(of: ["list"], in: many, naming: "\"Note 0")
        #expect(listed >= 2_999, "list: \(listed) stat calls naming a note beside 3,000 documents")
    }

    @Test(Strace.installed)
    func readsAnUnchangedFolderOnlyToFindTheDocument() async throws {
        let sandbox = try await Self.home(documents: 30)
        let command = ["info", "Note 000002.pdf"]
        // The listings above found the folder without temporaries, long
        // enough ago: the sweep for orphans does not read it again.
        #expect(try await sandbox.folderReads(of: command, folder: sandbox.localDocuments) == 1, "info reads the folder to find the document, and only then")
        // The control: a temporary a killed command left changes the
        // folder, which is then read for the sweep too, and swept.
        let orphan = sandbox.localDocuments.appending(path: ".docbrowser-tmp-0c6b1e1c-killed")
        try await sandbox.shell("printf half > '\(orphan.path)' && touch -d '2 hours ago' '\(orphan.path)'")
        #expect(try await sandbox.folderReads(of: command, folder: sandbox.localDocuments) == 2)
        #expect(!FileManager.default.fileExists(atPath: orphan.path))
    }

    @Test(Strace.installed)
    func aMoveReadsItsDestinationFolderOnce() async throws {
        let sandbox = try await Self.home(documents: 30)
        let letter = sandbox.cloudDocuments.appending(path: "Letter.txt")
        try FileManager.default.createDirectory(at: sandbox.cloudDocuments, withIntermediateDirectories: true)
        try Data("dear\n".utf8).write(to: letter)
        // The local folder is unchanged since it was found clean, so the
        // sweep leaves it; the move reads it once, under its lock, for a
        // name taken in another case or normalization, and finds the
        // document where it put it among those names. Before the lock,
        // only the very name is looked for.
        #expect(try await sandbox.folderReads(of: ["move", "cloud:Letter.txt", "--to", "local"], folder: sandbox.localDocuments) == 1)
        #expect(FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Letter.txt").path))
    }

    @Test
    func findsDocumentsInsideFoldersByTheNameListShows() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("a", to: "home/Documents/Receipts/2026/March.txt")
        _ = try sandbox.write("b", to: "home/Documents/Receipts/2026/April.txt")
        _ = try sandbox.write("c", to: "home/Documents/Letter.rtfd/TXT.rtf")
        #expect(try await sandbox.run("info", "Receipts/2026/March").standardOutput.contains("March.txt"))
        #expect(try await sandbox.run("move", "Receipts/2026/April.txt", "--to", "cloud").status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.cloudDocuments.appending(path: "Receipts/2026/April.txt").path))
        // A package's inside is no folder of documents.
        #expect(try await sandbox.run("info", "Letter.rtfd/TXT.rtf").status == 3)
        #expect(try await sandbox.run("info", "local:Receipts/2026").standardOutput.contains("Folder"))
        #expect(try await sandbox.run("info", "Nowhere/March.txt").status == 3)
    }

    @Test(Strace.installed)
    func readsNoContentRulesWhenNamesSayEnough() async throws {
        let sandbox = try await Self.home(documents: 10)
        for command in [["info", "Note 000002.pdf"], ["move", "Note 000002.pdf", "--to", "cloud"], ["list"]] {
            let opened = try await Self.openedFiles(of: command, in: sandbox)
            #expect(!opened.contains { $0.hasSuffix("mime/magic") }, "\(command.joined(separator: " ")) read shared-mime-info's magic")
        }
        // The control: a file whose name says nothing is typed by its content.
        let unnamed = try sandbox.write("%PDF-1.7\n", to: "unnamed")
        let opened = try await Self.openedFiles(of: ["types", "lookup", unnamed.path], in: sandbox)
        #expect(opened.contains { $0.hasSuffix("mime/magic") }, "types lookup of a file without an extension reads the magic")
    }

    private static func home(documents count: Int) async throws -> Sandbox {
        let sandbox = try Sandbox()
        let folder = sandbox.localDocuments
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kinds = ["txt", "png", "pdf", "md", "jpg"]
        for index in 0..<count {
            let name = String(format: "Note %06d.%@", index, kinds[index % kinds.count])
            try Data("note \(index)\n".utf8).write(to: folder.appending(path: name))
        }
        // The first listing builds the registry and the catalog; past the
        // racy window, the catalog trusts what it saw.
        #expect(try await sandbox.run("list").status == 0)
        try await Task.sleep(for: .seconds(2.5))
        #expect(try await sandbox.run("list").status == 0)
        return sandbox
    }

    /// The stat calls `command` makes, those whose line holds `fragment`
    /// when one is given.
    private static func statCalls(of command: [String], in sandbox: Sandbox, naming fragment: String? = nil) async throws -> Int {
        let trace = sandbox.root.appending(path: "trace-\(UUID().uuidString)")
        let result = try await sandbox.run(command, tracedBy: [Strace.path!, "-f", "-qq", "-e", "trace=%stat,%lstat,%fstat", "-o", trace.path])
        #expect(result.status == 0, "\(command): \(result)")
        // A call another thread interrupts is written as two lines, its
        // start and its "<... resumed>" end: counted once, at its start.
        return try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            .filter { !$0.contains("resumed>") && fragment.map($0.contains) ?? true }.count
    }

    /// How many times `command` read the names of the local Documents
    /// folder to their end: strace's `-y` names each descriptor's file,
    /// and a read ends with a `getdents64` that returns 0.
    /// The files the command opened, as strace saw them.
    private static func openedFiles(of command: [String], in sandbox: Sandbox) async throws -> [String] {
        let trace = sandbox.root.appending(path: "trace-\(UUID().uuidString)")
        let result = try await sandbox.run(command, tracedBy: [Strace.path!, "-f", "-qq", "-e", "trace=openat,open", "-o", trace.path])
        #expect(result.status == 0, "\(command): \(result)")
        return try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").compactMap { line in
            line.split(separator: "\"", maxSplits: 2, omittingEmptySubsequences: false).dropFirst().first.map(String.init)
        }
    }
}
