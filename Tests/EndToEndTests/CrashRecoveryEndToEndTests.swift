import Foundation
import Subprocess
import SystemPackage
import Testing

/// SPEC §3: a `kill -9` at any instant of move, delete or storage leaves
/// every document complete in at least one place, and the next run leaves
/// it in exactly one, with no temporaries. Documents are followed by
/// content (tree digests), whatever name they end up under.
@Suite("kill -9 during move, delete and storage loses nothing", .serialized)
struct CrashRecoveryEndToEndTests {
    final class World: Sendable {
        let sandbox: Sandbox
        let other: OtherFileSystemDirectory
        var local: URL { sandbox.localDocuments }
        var cloud: URL { other.url.appending(path: "Documents", directoryHint: .isDirectory) }
        var trash: URL { sandbox.userHome.appending(path: ".local/share/Trash", directoryHint: .isDirectory) }
        var trashFiles: URL { trash.appending(path: "files", directoryHint: .isDirectory) }
        /// Where what is deleted from the cloud goes: its file system's own Trash.
        var volumeTrash: URL { other.trash }
        var volumeTrashFiles: URL { volumeTrash.appending(path: "files", directoryHint: .isDirectory) }

        init() async throws {
            sandbox = try Sandbox()
            other = try OtherFileSystemDirectory()
            #expect(try await sandbox.run("config", "set", "cloud.container", other.url.path).status == 0)
            try await sandbox.shell("""
                mkdir -p home/Documents '\(cloud.path)' && set -- home/Documents && \(MoveEndToEndTests.packageScript)
                for i in $(seq 1 150); do head -c 20000 /dev/urandom > "home/Documents/Letter.rtfd/Attachments/Deep/part-$i"; done
                head -c 24000000 /dev/urandom > home/Documents/Big.bin
                """)
        }

        /// Every visible entry of both locations and the Trash, by digest.
        func visibleDigests() async throws -> [String] {
            let entries = try await TreeDigest.entries(of: [local, cloud, trashFiles, volumeTrashFiles])
            return entries.values.flatMap { $0.filter { !$0.key.hasPrefix(".") }.values }
        }

        /// The hidden temporaries of journaled operations, by digest: where
        /// a replaced document waits for the Trash between two steps.
        func temporaryDigests() async throws -> [String] {
            let entries = try await TreeDigest.entries(of: [local, cloud, trash, volumeTrash])
            return entries.values.flatMap { $0.filter { $0.key.hasPrefix(".docbrowser-tmp-") }.values }
        }

        func hiddenLeftovers() throws -> [String] {
            let manager = FileManager.default
            var leftovers: [String] = []
            for directory in [local, cloud, trash, trashFiles, volumeTrash, volumeTrashFiles] {
                let names = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
                leftovers += names.filter { $0.hasPrefix(".docbrowser-tmp-") }.map { "\(directory.path)/\($0)" }
            }
            let journal = sandbox.home.appending(path: "Library/Journal").path
            leftovers += ((try? manager.contentsOfDirectory(atPath: journal)) ?? []).map { "\(journal)/\($0)" }
            return leftovers
        }

        /// Runs docbrowser, killed with SIGKILL after `seconds` if still running.
        func runKilled(after seconds: Double, _ arguments: [String]) async throws -> Int32 {
            try await sandbox.runKilled(after: seconds, arguments)
        }
    }

    /// Before recovery: each document is whole somewhere — in view, or in a
    /// journaled hidden temporary — and nothing partial is in view. After
    /// the next run: exactly once in view, and nothing hidden is left.
    /// `optional` documents were being deleted permanently: if in view
    /// they must be whole, and afterwards they are there once or not at all.
    private func check(_ world: World, expected: [String: Int], optional: Set<String> = [], _ context: String) async throws {
        let visible = try await world.visibleDigests()
        for digest in visible {
            #expect(expected[digest] != nil || optional.contains(digest), "\(context): a partial or unknown document is in view")
        }
        let whole = try await visible + world.temporaryDigests()
        for digest in expected.keys {
            #expect(whole.contains(digest), "\(context): a document is whole nowhere")
        }
        let next = try await world.sandbox.run("list", "--json")
        #expect(next.status == 0, "\(context): \(next)")
        let after = try await world.visibleDigests()
        for (digest, count) in expected {
            #expect(after.filter { $0 == digest }.count == count, "\(context): a document is not in exactly one place after recovery")
        }
        for digest in optional {
            #expect(after.filter { $0 == digest }.count <= 1, "\(context): a document removed permanently was duplicated")
        }
        let leftovers = try world.hiddenLeftovers()
        #expect(leftovers.isEmpty, "\(context): \(leftovers)")
        let listed = try next.jsonArray().map { $0["name"] as? String ?? "" }.sorted()
        let onDisk = try await TreeDigest.entries(of: [world.local, world.cloud])
        #expect(listed == onDisk.values.flatMap(\.keys).filter { !$0.hasPrefix(".") }.sorted(), "\(context): the catalog does not match the disk")
    }

    private func digests(_ world: World) async throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try await world.visibleDigests().map { ($0, 1) })
    }

    @Test func killedAtEveryStepOfAMoveAcrossFileSystems() async throws {
        let world = try await World()
        // A folder moves whole, as a package does: one inside it, a package and a file.
        try await world.sandbox.shell("""
            mkdir -p home/Documents/Work/Drafts && cp -R home/Documents/Letter.rtfd home/Documents/Work/Drafts/
            head -c 3000000 /dev/urandom > home/Documents/Work/Drafts/Draft.bin && printf note > home/Documents/Work/Note.txt
            """)
        let expected = try await digests(world)
        var location = "cloud"
        for point in ["journaled", "copied", "placed", "retired"] {
            for document in ["Big.bin", "Letter.rtfd", "Work"] {
                let killed = try await world.sandbox.run(["move", document, "--to", location], environment: ["DOCBROWSER_TEST_CRASH_AT": point])
                #expect(killed.status == 137, "move \(document) killed at \(point): \(killed)")
                try await check(world, expected: expected, "move \(document) killed at \(point)")
            }
            // Whatever recovery decided, carry on from where things are.
            for document in ["Big.bin", "Letter.rtfd", "Work"] {
                let moved = try await world.sandbox.run("move", document, "--to", location)
                #expect(moved.status == 0, "\(moved)")
            }
            location = location == "cloud" ? "local" : "cloud"
        }
    }

    @Test func killedAtEveryStepOfAReplaceAndOfADeletion() async throws {
        let world = try await World()
        let points = ["journaled", "copied", "exchanged", "trash-reserved", "trash-copied", "trash-placed", "placed", "retired"]
        for (index, point) in points.enumerated() {
            try await world.sandbox.shell("printf 'mine \(index)' > home/Documents/Clash.txt && printf 'theirs \(index)' > '\(world.cloud.path)/Clash.txt'")
            let expected = try await digests(world)
            let killed = try await world.sandbox.run(["move", "local:Clash.txt", "--to", "cloud", "--on-conflict", "replace"], environment: ["DOCBROWSER_TEST_CRASH_AT": point])
            #expect(killed.status == 137 || killed.status == 0, "\(killed)")
            try await check(world, expected: expected, "replace killed at \(point)")
            try await world.sandbox.shell("rm -f home/Documents/Clash.txt '\(world.cloud.path)/Clash.txt'; printf 'gone \(index)' > '\(world.cloud.path)/Gone \(index).txt'; printf 'erased \(index)' > 'home/Documents/Erased \(index).txt'")
            let withDoomed = try await digests(world)
            let trashKilled = try await world.sandbox.run(["delete", "Gone \(index).txt"], environment: ["DOCBROWSER_TEST_CRASH_AT": point])
            #expect(trashKilled.status == 137 || trashKilled.status == 0, "\(trashKilled)")
            try await check(world, expected: withDoomed, "delete killed at \(point)")
            var permanent = try await digests(world)
            let erased = try #require(try await TreeDigest.entries(of: [world.local])[world.local]?["Erased \(index).txt"])
            let removeKilled = try await world.sandbox.run(["delete", "--permanent", "Erased \(index).txt"], environment: ["DOCBROWSER_TEST_CRASH_AT": point])
            #expect(removeKilled.status == 137 || removeKilled.status == 0, "\(removeKilled)")
            permanent[erased] = nil
            try await check(world, expected: permanent, optional: [erased], "delete --permanent killed at \(point)")
            try await world.sandbox.shell("rm -f 'home/Documents/Erased \(index).txt'")
        }
    }

    @Test func killedAtRandomInstantsFiftyTimes() async throws {
        let world = try await World()
        var expected = try await digests(world)
        var optional: Set<String> = []
        var instants = KillInstants<Int>(startingAt: 0.6)
        var trial = 0
        while trial < 56 || (instants.landed < 20 && trial < 120) {
            defer { trial += 1 }
            let kind = trial % 4
            let delay = instants.next(for: kind)
            let arguments: [String]
            switch kind {
            case 0: arguments = ["move", "Big.bin", "Letter.rtfd", "--to", trial % 8 == 0 ? "cloud" : "local"]
            case 1: arguments = ["storage", trial % 8 == 1 ? "cloud" : "local"]
            case 2:
                try await world.sandbox.shell("head -c 3000000 /dev/urandom > '\(world.cloud.path)/Doomed \(trial).bin'")
                expected = try await digests(world)
                arguments = ["delete", "Doomed \(trial).bin"]
            default:
                try await world.sandbox.shell("head -c 3000000 /dev/urandom > 'home/Documents/Erased \(trial).bin'")
                let erased = try #require(try await TreeDigest.entries(of: [world.local])[world.local]?["Erased \(trial).bin"])
                optional.insert(erased)
                arguments = ["delete", "--permanent", "Erased \(trial).bin"]
            }
            let status = try await world.runKilled(after: delay, arguments)
            instants.record(status, of: kind, killedAfter: delay)
            #expect(status == 0 || status == 137, "trial \(trial) \(arguments): exit \(status)")
            try await check(world, expected: expected, optional: optional, "trial \(trial) \(arguments) killed after \(delay) s")
        }
        // Kills that all landed after the work was done would prove nothing.
        #expect(instants.landed >= 20, "only \(instants.landed) of \(trial) runs were interrupted")
    }
}
