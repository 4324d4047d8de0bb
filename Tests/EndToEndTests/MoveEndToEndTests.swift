import Foundation
import Subprocess
import Testing

@Suite("move and storage, run as a user would")
struct MoveEndToEndTests {
    /// A package with what a careless copy loses: a symbolic link, an
    /// executable, a folder with unusual permissions, old times.
    static let packageScript = """
        mkdir -p "$1/Letter.rtfd/Attachments/Deep"
        printf '{\\\\rtf1 hello}' > "$1/Letter.rtfd/TXT.rtf"
        head -c 300000 /dev/urandom > "$1/Letter.rtfd/Attachments/photo.jpg"
        printf '#!/bin/sh\\necho hi\\n' > "$1/Letter.rtfd/Attachments/run.sh"
        chmod 755 "$1/Letter.rtfd/Attachments/run.sh"
        ln -s ../TXT.rtf "$1/Letter.rtfd/Attachments/link-to-text"
        ln -s /nonexistent/target "$1/Letter.rtfd/dangling"
        chmod 750 "$1/Letter.rtfd/Attachments/Deep"
        touch -h -d '2021-03-04 05:06:07.123456789' "$1/Letter.rtfd/Attachments/link-to-text"
        touch -d '2020-01-02 03:04:05.987654321' "$1/Letter.rtfd/TXT.rtf" "$1/Letter.rtfd/Attachments/photo.jpg" "$1/Letter.rtfd/Attachments/Deep"
        touch -d '2019-05-06 07:08:09' "$1/Letter.rtfd/Attachments" "$1/Letter.rtfd"
        """

    private func sandboxWithCloudElsewhere() async throws -> (Sandbox, OtherFileSystemDirectory, URL) {
        let sandbox = try Sandbox()
        let other = try OtherFileSystemDirectory()
        let set = try await sandbox.run("config", "set", "cloud.container", other.url.path)
        #expect(set.status == 0, "\(set)")
        return (sandbox, other, other.url.appending(path: "Documents", directoryHint: .isDirectory))
    }

    private func events(_ result: Sandbox.Result) throws -> [[String: Any]] {
        try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func packageRoundTripsAcrossFileSystemsByteIdentical() async throws {
        let (sandbox, other, cloud) = try await sandboxWithCloudElsewhere()
        try await sandbox.shell("mkdir -p home/Documents && set -- home/Documents && \(Self.packageScript)")
        let before = try #require(try await TreeDigest.entries(of: [sandbox.localDocuments])[sandbox.localDocuments]?["Letter.rtfd"])

        let there = try await sandbox.run("move", "Letter.rtfd", "--to", "cloud", "--json")
        #expect(there.status == 0, "\(there)")
        let thereEvents = try events(there)
        let moved = try #require(thereEvents.last)
        #expect(moved["event"] as? String == "moved")
        #expect(moved["crossedFileSystems"] as? Bool == true)
        #expect(moved["to"] as? String == "cloud")
        let progress = thereEvents.filter { $0["event"] as? String == "progress" }
        #expect(!progress.isEmpty)
        #expect(progress.last?["bytesCopied"] as? Int == progress.last?["totalBytes"] as? Int)
        let inCloud = try await TreeDigest.entries(of: [cloud, sandbox.localDocuments])
        #expect(inCloud[cloud]?["Letter.rtfd"] == before)
        #expect(inCloud[sandbox.localDocuments]?.isEmpty == true, "nothing, not even a temporary, is left behind")

        let back = try await sandbox.run("move", "cloud:Letter.rtfd", "--to", "local")
        #expect(back.status == 0, "\(back)")
        #expect(back.standardOutput == "Moved cloud:Letter.rtfd to local:Letter.rtfd\n")
        let home = try await TreeDigest.entries(of: [cloud, sandbox.localDocuments])
        #expect(home[sandbox.localDocuments] == ["Letter.rtfd": before])
        #expect(home[cloud]?.isEmpty == true)
        _ = other
    }

    @Test func moveWithinOneFileSystemIsARenameOfTheSameInode() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("draft", to: "home/Documents/Draft.txt")
        let inode = try FileManager.default.attributesOfItem(atPath: sandbox.localDocuments.appending(path: "Draft.txt").path)[.systemFileNumber] as? Int
        let result = try await sandbox.run("move", "Draft.txt", "--to", "cloud", "--json")
        #expect(result.status == 0, "\(result)")
        #expect(try events(result).first?["crossedFileSystems"] as? Bool == false)
        let moved = sandbox.cloudDocuments.appending(path: "Draft.txt")
        #expect(try FileManager.default.attributesOfItem(atPath: moved.path)[.systemFileNumber] as? Int == inode)
        #expect(!FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Draft.txt").path))
    }

    @Test func conflictsFailByDefaultThenRenameOrReplaceIntoTheTrash() async throws {
        let (sandbox, other, cloud) = try await sandboxWithCloudElsewhere()
        _ = try sandbox.write("new words", to: "home/Documents/Notes.txt")
        try FileManager.default.createDirectory(at: cloud, withIntermediateDirectories: true)
        try Data("old words".utf8).write(to: cloud.appending(path: "Notes.txt"))

        let refused = try await sandbox.run("move", "local:Notes.txt", "--to", "cloud")
        #expect(refused.status == 4, "\(refused)")
        #expect(refused.standardError == "docbrowser: cloud:Notes.txt: already exists; use --on-conflict rename or replace\n")
        #expect(try String(contentsOf: cloud.appending(path: "Notes.txt"), encoding: .utf8) == "old words")

        let dryRun = try await sandbox.run("move", "local:Notes.txt", "--to", "cloud", "--on-conflict", "rename", "--dry-run")
        #expect(dryRun.standardOutput == "would move local:Notes.txt to cloud:Notes 2.txt\n")
        #expect(FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Notes.txt").path))

        let renamed = try await sandbox.run("move", "local:Notes.txt", "--to", "cloud", "--on-conflict", "rename")
        #expect(renamed.standardOutput == "Moved local:Notes.txt to cloud:Notes 2.txt\n", "\(renamed)")
        #expect(try String(contentsOf: cloud.appending(path: "Notes 2.txt"), encoding: .utf8) == "new words")

        _ = try sandbox.write("newest words", to: "home/Documents/Notes.txt")
        let replaced = try await sandbox.run("move", "local:Notes.txt", "--to", "cloud", "--on-conflict", "replace", "--json")
        #expect(replaced.status == 0, "\(replaced)")
        #expect(try events(replaced).last?["replaced"] as? Bool == true)
        #expect(try String(contentsOf: cloud.appending(path: "Notes.txt"), encoding: .utf8) == "newest words")
        let trash = sandbox.userHome.appending(path: ".local/share/Trash")
        #expect(try String(contentsOf: trash.appending(path: "files/Notes.txt"), encoding: .utf8) == "old words")
        let listed = try await TrashList.run(sandbox, under: [sandbox.root, other.url])
        #expect(listed == [cloud.appending(path: "Notes.txt").path])
        _ = other
    }

    @Test func replaceWithinOneFileSystemExchangesAndKeepsTheOldOneInTheTrash() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("mine", to: "home/Documents/Plan.txt")
        _ = try sandbox.write("theirs", to: "home/Cloud/Documents/Plan.txt")
        let replaced = try await sandbox.run("move", "local:Plan.txt", "--to", "cloud", "--on-conflict", "replace")
        #expect(replaced.status == 0, "\(replaced)")
        #expect(replaced.standardOutput == "Moved local:Plan.txt to cloud:Plan.txt (the one it replaced is in the Trash as Plan.txt)\n")
        #expect(try String(contentsOf: sandbox.cloudDocuments.appending(path: "Plan.txt"), encoding: .utf8) == "mine")
        #expect(!FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Plan.txt").path))
        #expect(try await TrashList.run(sandbox) == [sandbox.cloudDocuments.appending(path: "Plan.txt").path])
    }

    @Test func movingToWhereItIsIsANoOpWithANote() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("x", to: "home/Documents/Here.txt")
        let result = try await sandbox.run("move", "Here.txt", "--to", "local")
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "docbrowser: local:Here.txt is already in local; nothing to do\n")
    }

    @Test func oneBadArgumentMovesNothing() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("x", to: "home/Documents/Real.txt")
        let result = try await sandbox.run("move", "Real.txt", "Imaginary.txt", "--to", "cloud")
        #expect(result.status == 3, "\(result)")
        #expect(result.standardError.contains("Imaginary.txt: no such document"))
        #expect(FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Real.txt").path))
    }

    @Test func placeholdersOfFilesNotDownloadedAreRefused() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("mkdir -p home/Cloud/Documents && python3 -c \"import plistlib,sys; sys.stdout.buffer.write(plistlib.dumps({'NSURLNameKey':'Far.pdf','NSURLFileSizeKey':10}, fmt=plistlib.FMT_BINARY))\" > home/Cloud/Documents/.Far.pdf.icloud")
        let result = try await sandbox.run("move", "Far.pdf", "--to", "local")
        #expect(result.status == 5, "\(result)")
        #expect(result.standardError.contains("not downloaded"))
    }

    @Test func storageSwitchMovesEverythingOrNothing() async throws {
        let (sandbox, other, cloud) = try await sandboxWithCloudElsewhere()
        try await sandbox.shell("""
            mkdir -p home/Documents/Folder && set -- home/Documents && \(Self.packageScript)
            printf one > home/Documents/One.txt && printf two > home/Documents/Folder/Two.txt
            """)
        try FileManager.default.createDirectory(at: cloud, withIntermediateDirectories: true)
        try Data("cloud".utf8).write(to: cloud.appending(path: "One.txt"))
        let before = try await TreeDigest.entries(of: [sandbox.localDocuments])[sandbox.localDocuments] ?? [:]

        let refused = try await sandbox.run("storage", "cloud")
        #expect(refused.status == 4, "\(refused)")
        #expect(refused.standardError.contains("cloud:One.txt: already exists; nothing was moved"))
        #expect(try await sandbox.run("storage").standardOutput == "local\n")
        #expect(try await TreeDigest.entries(of: [sandbox.localDocuments])[sandbox.localDocuments] == before)

        let plan = try await sandbox.run("storage", "cloud", "--on-conflict", "rename", "--dry-run")
        #expect(Set(plan.standardOutput.split(separator: "\n")) == [
            "would move local:Folder to cloud:Folder",
            "would move local:Letter.rtfd to cloud:Letter.rtfd",
            "would move local:One.txt to cloud:One 2.txt",
        ])

        let switched = try await sandbox.run("storage", "cloud", "--on-conflict", "rename")
        #expect(switched.status == 0, "\(switched)")
        #expect(switched.standardError.contains("the preferred location is cloud; 3 documents moved"))
        let after = try await TreeDigest.entries(of: [sandbox.localDocuments, cloud])
        #expect(after[sandbox.localDocuments]?.isEmpty == true)
        #expect(after[cloud]?["Letter.rtfd"] == before["Letter.rtfd"])
        #expect(after[cloud]?["Folder"] == before["Folder"])
        #expect(after[cloud]?["One 2.txt"] == before["One.txt"])
        let status = try await sandbox.run("storage", "--json").json()
        #expect(status["preferred"] as? String == "cloud")
        #expect(status["remainingElsewhere"] as? Int == 0)
        _ = other
    }

    @Test func storageShowsWhatAnInterruptedSwitchLeftBehind() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("a", to: "home/Documents/A.txt")
        _ = try sandbox.write("b", to: "home/Documents/B.txt")
        #expect(try await sandbox.run("config", "set", "storage.preferred", "cloud").status == 0)
        let shown = try await sandbox.run("storage")
        #expect(shown.standardOutput == "cloud\n")
        #expect(shown.standardError == "docbrowser: 2 documents are still only on this device (local); 'docbrowser storage cloud' moves them to the cloud\n")
        let finished = try await sandbox.run("storage", "cloud")
        #expect(finished.status == 0, "\(finished)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: sandbox.cloudDocuments.path)) == ["A.txt", "B.txt"])
    }
}
