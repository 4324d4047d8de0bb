import Foundation
import Testing

/// Every command that changes a document takes the same locks and honours
/// the same open-records, `--dry-run` predicts the real run's refusals and
/// exit status, and a configured folder that is missing is never created.
@Suite("every mutation coordinates, and dry runs tell the truth")
struct CoordinationEndToEndTests {
    /// Opens `Held.txt` with `--wait` through a handler that holds it until
    /// released, and waits until `list` shows it open.
    static func holdOpen(_ sandbox: Sandbox, at relativePath: String = "Held.txt") async throws -> (release: () throws -> Void, opened: Task<Sandbox.Result, any Error>) {
        let manifest = try await HandlersEndToEndTests.writeHandler(sandbox, dir: "rec", identifier: "org.example.recorder", types: [("public.plain-text", "Owner")])
        #expect(try await sandbox.run("handlers", "register", manifest.path).status == 0)
        _ = try sandbox.write("keep me", to: "home/Documents/\(relativePath)")
        _ = try sandbox.write("", to: "rec/hold")
        let opened = Task { try await sandbox.run("open", relativePath, "--wait") }
        var states: [String] = []
        // Only a hang is detected here, never a slow machine.
        for _ in 0..<1200 {
            states = try await sandbox.run("list", "--recursive", "--json").jsonArray().first { $0["relativePath"] as? String == relativePath }?["states"] as? [String] ?? []
            if states == ["open"] { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(states == ["open"])
        return ({ _ = try sandbox.write("", to: "rec/go") }, opened)
    }

    @Test("move, delete, rename, storage and import --on-conflict replace all refuse a document a handler has open, dry or not")
    func everyMutationRefusesAnOpenDocument() async throws {
        let sandbox = try Sandbox()
        let (release, opened) = try await Self.holdOpen(sandbox)
        let replacement = sandbox.root.appending(path: "incoming/Held.txt")
        _ = try sandbox.write("replacement", to: "incoming/Held.txt")
        let mutations: [[String]] = [
            ["delete", "Held.txt"], ["delete", "Held.txt", "--dry-run"], ["delete", "Held.txt", "--permanent"],
            ["move", "Held.txt", "--to", "cloud"], ["move", "Held.txt", "--to", "cloud", "--dry-run"],
            ["rename", "Held.txt", "Renamed"],
            ["import", replacement.path, "--on-conflict", "replace"],
            // Last: the switch makes cloud preferred before it moves anything.
            ["storage", "cloud", "--dry-run"], ["storage", "cloud"],
        ]
        for arguments in mutations {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 5, "\(arguments.joined(separator: " ")): \(result)")
            #expect(result.standardError.contains("local:Held.txt: open in org.example.recorder (pid "), "\(arguments): \(result)")
            #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "Held.txt"), encoding: .utf8) == "keep me", "\(arguments)")
        }
        #expect(sandbox.names(in: sandbox.localDocuments) == ["Held.txt"])
        try release()
        #expect(try await opened.value.status == 0)
        let renamed = try await sandbox.run("rename", "Held.txt", "Renamed")
        #expect(renamed.status == 0, "\(renamed)")
        #expect(sandbox.names(in: sandbox.localDocuments) == ["Renamed.txt"])
    }

    @Test("move, delete and rename refuse a folder holding a document a handler has open, naming that document")
    func folderHoldingAnOpenDocument() async throws {
        let sandbox = try Sandbox()
        let (release, opened) = try await Self.holdOpen(sandbox, at: "Work/Drafts/Held.txt")
        for arguments in [["delete", "Work"], ["move", "Work", "--to", "cloud"], ["move", "Work", "--to", "cloud", "--dry-run"], ["rename", "Work", "Play"]] {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 5, "\(arguments): \(result)")
            #expect(result.standardError.hasPrefix("docbrowser: local:Work/Drafts/Held.txt: open in org.example.recorder (pid "), "\(arguments): \(result)")
        }
        #expect(sandbox.names(in: sandbox.localDocuments.appending(path: "Work/Drafts")) == ["Held.txt"])
        try release()
        #expect(try await opened.value.status == 0)
        let moved = try await sandbox.run("move", "Work", "--to", "cloud")
        #expect(moved.status == 0, "\(moved)")
    }

    @Test("a cloud folder with a package arriving deep inside is refused, naming what changed, until it is quiet")
    func folderHoldingAnArrivingPackage() async throws {
        let sandbox = try Sandbox(quietSeconds: "600")
        try await sandbox.shell("mkdir -p home/Cloud/Documents/Work/Decks")
        _ = try await sandbox.run("list", "--recursive")
        try await sandbox.shell("mkdir -p home/Cloud/Documents/Work/Decks/Deck.key/Data && printf one > home/Cloud/Documents/Work/Decks/Deck.key/Data/slide-1.png")
        for arguments in [["delete", "cloud:Work"], ["move", "cloud:Work", "--to", "local"], ["rename", "cloud:Work", "Play"], ["copy", "cloud:Work", "--to", "local"]] {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 5, "\(arguments): \(result)")
            #expect(QuietPeriodEndToEndTests.withoutMilliseconds(result.standardError).hasPrefix("docbrowser: cloud:Work/Decks/Deck.key/Data/slide-1.png: incomplete: changed N ms ago;"), "\(arguments): \(result)")
        }
        #expect(sandbox.names(in: sandbox.cloudDocuments) == ["Work"])
        #expect(sandbox.names(in: sandbox.localDocuments) == [])
    }

    @Test("a folder holding a document in conflict is refused, naming it, unless forced")
    func folderHoldingAConflict() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("""
            mkdir -p home/Cloud/Documents/Work/Notes
            printf mine > home/Cloud/Documents/Work/Notes/Plan.txt
            printf theirs > home/Cloud/Documents/Work/Notes/Plan.sync-conflict-20261122-120303-AAAAAAA.txt
            """)
        for arguments in [["delete", "cloud:Work"], ["move", "cloud:Work", "--to", "local"], ["rename", "cloud:Work", "Play"]] {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 5, "\(arguments): \(result)")
            #expect(result.standardError.hasPrefix("docbrowser: cloud:Work/Notes/Plan.txt: "), "\(arguments): \(result)")
        }
        #expect(sandbox.names(in: sandbox.cloudDocuments.appending(path: "Work/Notes")).count == 2)
        let forced = try await sandbox.run("move", "cloud:Work", "--to", "local", "--force")
        #expect(forced.status == 0, "\(forced)")
    }

    @Test("rename --force renames a document a handler has open")
    func renameForce() async throws {
        let sandbox = try Sandbox()
        let (release, opened) = try await Self.holdOpen(sandbox)
        let renamed = try await sandbox.run("rename", "Held.txt", "Renamed", "--force")
        #expect(renamed.status == 0, "\(renamed)")
        try release()
        _ = try await opened.value
        #expect(sandbox.names(in: sandbox.localDocuments) == ["Renamed.txt"])
    }

    @Test("a dry run of a conflicting move or storage switch exits as the real run does, and changes nothing")
    func dryRunPredictsConflicts() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("local", to: "home/Documents/Same.txt")
        _ = try sandbox.write("cloud", to: "home/Cloud/Documents/Same.txt")
        _ = try sandbox.write("other", to: "home/Documents/Other.txt")
        for arguments in [["move", "local:Same.txt", "--to", "cloud"], ["storage", "cloud"]] {
            let dry = try await sandbox.run(arguments + ["--dry-run"])
            let before = (sandbox.names(in: sandbox.localDocuments), sandbox.names(in: sandbox.cloudDocuments))
            #expect(dry.status == 4, "\(arguments) --dry-run: \(dry)")
            let real = try await sandbox.run(arguments)
            #expect(real.status == dry.status, "\(arguments): dry \(dry.status), real \(real)")
            #expect(sandbox.names(in: sandbox.localDocuments) == before.0 && sandbox.names(in: sandbox.cloudDocuments) == before.1)
        }
        let renamingDry = try await sandbox.run("storage", "cloud", "--on-conflict", "rename", "--dry-run", "--json")
        #expect(renamingDry.status == 0, "\(renamingDry)")
        let predicted = renamingDry.standardOutput.split(separator: "\n").count
        let renaming = try await sandbox.run("storage", "cloud", "--on-conflict", "rename", "--json")
        #expect(renaming.status == 0, "\(renaming)")
        #expect(predicted == 2, "\(renamingDry)")
        #expect(Set(sandbox.names(in: sandbox.cloudDocuments)) == ["Same.txt", "Same 2.txt", "Other.txt"])
    }

    @Test("a configured cloud container that is missing is not available, and nothing is created there")
    func missingConfiguredContainer() async throws {
        let sandbox = try Sandbox()
        let mountPoint = sandbox.root.appending(path: "mnt/rclone")
        let set = try await sandbox.run("config", "set", "cloud.container", mountPoint.path)
        #expect(set.status == 0, "\(set)")
        _ = try sandbox.write("x", to: "home/Documents/Note.txt")
        _ = try sandbox.write("y", to: "incoming/Imported.txt")
        let attempts: [[String]] = [
            ["move", "Note.txt", "--to", "cloud"], ["new", "Fresh.txt", "--cloud"],
            ["import", sandbox.root.appending(path: "incoming/Imported.txt").path, "--to", "cloud"],
            ["storage", "cloud"], ["list", "--cloud"],
        ]
        for arguments in attempts {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 3, "\(arguments): \(result)")
            #expect(result.standardError.contains("\(mountPoint.path): the configured cloud container is not available"), "\(arguments): \(result)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.root.appending(path: "mnt").path), "\(arguments) created the mount point")
        }
        #expect(sandbox.names(in: sandbox.localDocuments) == ["Note.txt"])
        let local = try await sandbox.run("list", "--local")
        #expect(local.status == 0 && local.standardOutput.contains("Note.txt"), "\(local)")
        // Once it is there (mounted), its Documents folder is made as usual.
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let moved = try await sandbox.run("move", "Note.txt", "--to", "cloud")
        #expect(moved.status == 0, "\(moved)")
        #expect(FileManager.default.fileExists(atPath: mountPoint.appending(path: "Documents/Note.txt").path))
    }
}
