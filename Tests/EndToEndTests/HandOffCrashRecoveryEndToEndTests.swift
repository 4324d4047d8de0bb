import Foundation
import Testing

/// SPEC §3 for the hand-off side: `open-in` only reads its document, and
/// `inbox --accept` and `--clear` move and remove whole items, so a
/// `kill -9` at any instant leaves the source as it was and every visible
/// Inbox item and accepted document whole; what a kill leaves hidden,
/// `inbox --clear` removes.
@Suite("kill -9 during open-in and inbox loses nothing", .serialized)
struct HandOffCrashRecoveryEndToEndTests {
    static let app = "org.example.sink"

    @Test("open-in killed once its copy is made: the next command removes the copy and says so")
    func killedAfterTheDeliveryCopy() async throws {
        let sandbox = try Sandbox()
        let manifest = try sandbox.write(#"{"CFBundleIdentifier": "org.example.sink", "CFBundleExecutable": "/bin/true"}"#, to: "sink.json")
        #expect(try await sandbox.run("handlers", "register", manifest.path).status == 0)
        try await sandbox.shell("mkdir -p home/Documents && printf letter > home/Documents/Letter.txt")
        let killed = try await sandbox.run(["open-in", "Letter.txt", "--to", Self.app], environment: ["DOCBROWSER_TEST_CRASH_AT": "delivery-copied"])
        #expect(killed.status == 137, "\(killed)")
        let inbox = sandbox.home.appending(path: "Containers/\(Self.app)/Documents/Inbox", directoryHint: .isDirectory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.path).count == 1, "the hidden copy is there")

        let next = try await sandbox.run("list")
        #expect(next.status == 0, "\(next)")
        #expect(next.standardError.contains("undid an interrupted copy into"), "\(next)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.path).isEmpty)
        #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "Letter.txt"), encoding: .utf8) == "letter")
    }

    @Test func killedAtRandomInstantsDuringOpenInAcceptAndClear() async throws {
        let sandbox = try Sandbox()
        let manifest = try sandbox.write(#"""
            {"CFBundleIdentifier": "org.example.sink", "CFBundleExecutable": "/bin/true",
             "CFBundleDocumentTypes": [{"CFBundleTypeName": "Anything", "LSItemContentTypes": ["public.item"], "LSHandlerRank": "Alternate"}]}
            """#, to: "sink.json")
        #expect(try await sandbox.run("handlers", "register", manifest.path).status == 0)
        try await sandbox.shell("""
            mkdir -p home/Documents && set -- home/Documents && \(MoveEndToEndTests.packageScript)
            for i in $(seq 1 150); do head -c 20000 /dev/urandom > "home/Documents/Letter.rtfd/Attachments/Deep/part-$i"; done
            head -c 12000000 /dev/urandom > home/Documents/Big.bin
            """)
        let local = sandbox.localDocuments
        let sources = try #require(try await TreeDigest.entries(of: [local])[local])
        let whole = Set(sources.values)
        let container = sandbox.home.appending(path: "Containers/\(Self.app)/Documents", directoryHint: .isDirectory)
        let inbox = container.appending(path: "Inbox", directoryHint: .isDirectory)

        var instants = KillInstants<Int>(startingAt: 0.5)
        var trial = 0
        while trial < 32 || (instants.landed < 12 && trial < 100) {
            defer { trial += 1 }
            let kind = trial % 4
            let arguments: [String] = switch kind {
            case 0: ["open-in", "Big.bin", "--to", Self.app]
            case 1: ["open-in", "Letter.rtfd", "--to", Self.app]
            case 2: ["inbox", "--app", Self.app, "--accept"]
            default: trial % 8 == 3 ? ["inbox", "--app", Self.app, "--clear"] : ["open-in", "Big.bin", "--to", Self.app]
            }
            let delay = instants.next(for: kind)
            let status = try await sandbox.runKilled(after: delay, arguments)
            instants.record(status, of: kind, killedAfter: delay)
            let context = "trial \(trial) \(arguments) killed after \(delay) s"
            #expect(status == 0 || status == 137, "\(context): exit \(status)")

            let seen = try await TreeDigest.entries(of: [local, inbox, container])
            #expect(seen[local] == sources, "\(context): the source changed")
            for directory in [inbox, container] {
                for (name, digest) in seen[directory] ?? [:] where !name.hasPrefix(".") && name != "Inbox" {
                    #expect(whole.contains(digest), "\(context): \(directory.lastPathComponent)/\(name) is not whole")
                }
            }
        }
        #expect(instants.landed >= 12, "only \(instants.landed) of \(trial) runs were interrupted")

        // Every delivery is journaled: the next command removes what a
        // killed one left, with no hourly sweep to wait for.
        #expect(try await sandbox.run("list").status == 0)
        // `inbox --clear` may have removed the Inbox itself, and no delivery
        // since made it again: then nothing can be left in it either.
        let hidden = ((try? FileManager.default.contentsOfDirectory(atPath: inbox.path)) ?? []).filter { $0.hasPrefix(".") }
        #expect(hidden.isEmpty, "left after the next command: \(hidden)")

        let cleared = try await sandbox.run("inbox", "--app", Self.app, "--clear")
        #expect(cleared.status == 0, "\(cleared)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: inbox.path)) ?? []).isEmpty, "hidden leftovers are cleared too")
        let accepted = try await TreeDigest.entries(of: [container])[container] ?? [:]
        #expect(!accepted.keys.contains { $0.hasPrefix(".") }, "no temporary among the accepted documents")
    }
}
