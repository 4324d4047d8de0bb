import Foundation
import Testing

/// SPEC §3 for `import`: a `kill -9` at any instant, then the next run's
/// recovery, leaves either every imported document whole or none of them,
/// and no staging folder, journal or temporary behind.
@Suite("kill -9 during import: all or nothing")
struct ImportCrashRecoveryEndToEndTests {
    final class World: Sendable {
        let sandbox: Sandbox
        let other: OtherFileSystemDirectory
        let archive: URL
        /// The archive's top-level items, by name, as tree digests.
        let expected: [String: String]

        func documents(_ location: String) -> URL {
            location == "local" ? sandbox.localDocuments : other.url.appending(path: "Documents", directoryHint: .isDirectory)
        }

        init() async throws {
            sandbox = try Sandbox()
            other = try OtherFileSystemDirectory()
            #expect(try await sandbox.run("config", "set", "cloud.container", other.url.path).status == 0)
            archive = sandbox.root.appending(path: "incoming.tar")
            try await sandbox.shell("""
                mkdir -p home/Documents '\(other.url.path)/Documents' source/Album.rtfd/Pictures && cd source
                for i in $(seq 1 60); do head -c 30000 /dev/urandom > "Album.rtfd/Pictures/p$i.bin"; done
                printf 'rtf' > Album.rtfd/TXT.rtf && ln -s TXT.rtf Album.rtfd/current
                head -c 12000000 /dev/urandom > Big.bin && printf 'small' > 'Café.txt'
                # tar keeps whole seconds: so must the reference.
                find . -exec touch -h -d @1600000000 {} +
                bsdtar -cf ../incoming.tar Album.rtfd Big.bin 'Café.txt'
                """)
            let source = sandbox.root.appending(path: "source")
            expected = try #require(try await TreeDigest.entries(of: [source])[source])
        }

        /// Recovery runs first in any command that reads the catalog.
        func recover() async throws {
            let listed = try await sandbox.run("list")
            #expect(listed.status == 0, "\(listed)")
        }

        /// Everything imported is there and whole, or nothing is; and the
        /// import left nothing hidden. Returns whether it is all there.
        @discardableResult
        func check(_ location: String, _ context: String) async throws -> Bool {
            let directory = documents(location)
            let found = try await TreeDigest.entries(of: [directory])[directory] ?? [:]
            let imported = found.filter { expected.keys.contains($0.key) }
            #expect(imported.isEmpty || imported == expected, "\(context): a partial import is in view: \(imported.keys.sorted())")
            #expect(found.keys.filter { $0.hasPrefix(".") }.isEmpty, "\(context): temporaries left: \(found.keys.sorted())")
            #expect(sandbox.names(in: sandbox.home.appending(path: "tmp")).isEmpty, "\(context): staging left")
            #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")).isEmpty, "\(context): journal left")
            return imported == expected
        }

        func removeImported(_ location: String) throws {
            for name in expected.keys {
                try? FileManager.default.removeItem(at: documents(location).appending(path: name))
            }
        }
    }

    @Test func killedAtEveryStepOfAnImport() async throws {
        let world = try await World()
        // Before the commit nothing may appear; from it on, everything must.
        let points: [(String, Bool)] = [
            ("import-staged", false), ("import-committed", true), ("import-placed", true),
            ("journaled", true), ("copied", true), ("placed", true), ("retired", true),
        ]
        for location in ["local", "cloud"] {
            for (point, complete) in points {
                let killed = try await world.sandbox.run(["import", world.archive.path, "--to", location], environment: ["DOCBROWSER_TEST_CRASH_AT": point])
                // Local placements are renames: the copy steps never come.
                let reached = location == "cloud" || point.hasPrefix("import-")
                #expect(killed.status == (reached ? 137 : 0), "\(location) \(point): \(killed)")
                try await world.recover()
                let all = try await world.check(location, "\(location), killed at \(point)")
                #expect(all == (complete || !reached), "\(location), killed at \(point): expected \(complete ? "all" : "none")")
                try world.removeImported(location)
            }
        }
    }

    @Test func killedAtRandomInstants() async throws {
        let world = try await World()
        var instants = KillInstants<String>(startingAt: 0.5)
        var trial = 0
        while trial < 24 || (instants.landed < 10 && trial < 60) {
            defer { trial += 1 }
            let location = trial % 2 == 0 ? "local" : "cloud"
            let delay = instants.next(for: location)
            let status = try await world.sandbox.runKilled(after: delay, ["import", world.archive.path, "--to", location])
            #expect(status == 0 || status == 137, "trial \(trial): exit \(status)")
            instants.record(status, of: location, killedAfter: delay)
            try await world.recover()
            try await world.check(location, "trial \(trial), \(location), killed after \(delay) s")
            try world.removeImported(location)
        }
        #expect(instants.landed >= 10, "only \(instants.landed) of \(trial) imports were interrupted")
    }
}
