import Foundation
import Subprocess
import SystemPackage
import Testing

/// SPEC §3 "processes coordinate": many docbrowser processes moving and
/// deleting the same documents at once never lose, duplicate or tear one.
@Suite("eight processes at once")
struct ConcurrencyEndToEndTests {
    @Test func eightProcessesMovingAndDeletingOverlappingDocuments() async throws {
        let sandbox = try Sandbox()
        let other = try OtherFileSystemDirectory()
        #expect(try await sandbox.run("config", "set", "cloud.container", other.url.path).status == 0)
        let cloud = other.url.appending(path: "Documents")
        try await sandbox.shell("""
            mkdir -p home/Documents '\(cloud.path)'
            for i in 1 2 3 4 5 6; do head -c 2000000 /dev/urandom > "home/Documents/Doc $i.bin"; done
            set -- home/Documents && \(MoveEndToEndTests.packageScript)
            """)
        let trashFiles = sandbox.userHome.appending(path: ".local/share/Trash/files")
        // A document deleted from the cloud goes to its file system's own Trash.
        let places = [sandbox.localDocuments, cloud, trashFiles, other.trash.appending(path: "files")]
        let before = try await TreeDigest.entries(of: places).values.flatMap(\.values)

        // Each worker runs its own script of moves and deletions over the
        // same documents, with --force on some so they wait, not refuse.
        let scripts: [[[String]]] = (0..<8).map { worker in
            (0..<6).map { step in
                let document = "Doc \((worker + step) % 6 + 1).bin"
                switch (worker + step) % 5 {
                case 0: return ["move", document, "Letter.rtfd", "--to", "cloud"] + (worker % 2 == 0 ? ["--force"] : [])
                case 1: return ["move", document, "--to", "local"]
                case 2: return ["storage", worker % 2 == 0 ? "cloud" : "local", "--on-conflict", "rename"]
                case 3: return worker == 3 && step == 0 ? ["delete", document] : ["move", document, "--to", "cloud", "--on-conflict", "rename"]
                default: return ["move", "Letter.rtfd", "--to", step % 2 == 0 ? "local" : "cloud", "--force"]
                }
            }
        }
        let statuses = try await withThrowingTaskGroup(of: [(String, Sandbox.Result)].self) { group in
            for script in scripts {
                group.addTask {
                    var results: [(String, Sandbox.Result)] = []
                    for arguments in script {
                        results.append((arguments.joined(separator: " "), try await sandbox.run(arguments)))
                    }
                    return results
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        for (command, result) in statuses {
            // Done (0), the document was moved away meanwhile (3), a
            // conflict (4), or busy and refused (5); never a failure.
            #expect([0, 3, 4, 5].contains(result.status), "\(command): \(result)")
            #expect(!result.standardError.contains("Fatal error"), "\(command): \(result)")
        }
        #expect(statuses.contains { $0.1.status == 0 })

        let list = try await sandbox.run("list", "--json")
        #expect(list.status == 0, "\(list)")
        let after = try await TreeDigest.entries(of: places)
        // Every document is whole, exactly once, in a location or the Trash.
        #expect(after.values.flatMap(\.values).sorted() == before.sorted())
        for directory in places {
            #expect(after[directory]?.keys.allSatisfy { !$0.hasPrefix(".") } == true, "a temporary is left in \(directory.path)")
        }
        // And the catalog agrees with the disk.
        let listed = try list.jsonArray().map { "\($0["location"] as? String ?? ""):\($0["name"] as? String ?? "")" }.sorted()
        let onDisk = ((after[sandbox.localDocuments] ?? [:]).keys.map { "local:\($0)" } + (after[cloud] ?? [:]).keys.map { "cloud:\($0)" }).sorted()
        #expect(listed == onDisk)
        _ = other
    }
}
