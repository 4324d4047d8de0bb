import Foundation
import Testing

/// Work done, not time taken: commands that only read an unchanged home
/// must not write to the disk's journal. Each fdatasync is milliseconds on
/// a real disk, and they were eight per `list`.
@Suite("read-only commands of an unchanged home")
struct ReadOnlyWorkEndToEndTests {
    @Test(Strace.installed)
    func syncNothingToDisk() async throws {
        let sandbox = try await Self.settledHome(["home/Documents/Notes.txt": "notes", "home/Cloud/Documents/Deck.txt": "cloud"])
        for command in [["list"], ["list", "--json"], ["info", "Notes.txt"], ["types", "lookup", "--ext", "pdf"], ["preview", "Notes.txt"]] {
            let calls = try await Self.syncs(of: command, in: sandbox)
            #expect(calls.isEmpty, "\(command.joined(separator: " ")) synced: \(calls)")
        }
        // The trace sees them where they belong: a new document is durable.
        #expect(try await Self.syncs(of: ["new", "Draft.txt"], in: sandbox).isEmpty == false, "new made no fdatasync")
    }

    @Test(Strace.installed)
    func aLookupInAHomeNeverListedSyncsOnce() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("%PDF-1.7\n", to: "home/Documents/Scan.pdf")
        // Past the racy window before the first look, so that its row is
        // trusted at once.
        try await Task.sleep(for: .seconds(2.5))
        #expect(try await Self.syncs(of: ["info", "Scan.pdf"], in: sandbox).isEmpty == false, "the first info catalogued nothing")
        for command in [["info", "Scan.pdf"], ["preview", "Scan.pdf"], ["info", "Scan.pdf"]] {
            let calls = try await Self.syncs(of: command, in: sandbox)
            #expect(calls.isEmpty, "\(command.joined(separator: " ")) synced: \(calls)")
        }
    }

    @Test("read-only commands remove, rename and make nothing in the home: SQLite's WAL and its index stay between commands, emptied", Strace.installed)
    func leaveTheFoldersAsTheyWere() async throws {
        let sandbox = try await Self.settledHome(["home/Documents/Notes.txt": "notes"])
        for command in [["list"], ["info", "Notes.txt"], ["types", "lookup", "--ext", "pdf"]] {
            let calls = try await Self.calls(of: command, in: sandbox, tracing: "unlink,unlinkat,rename,renameat,renameat2,mkdir,mkdirat")
            let inHome = calls.filter { $0.contains(sandbox.home.path) }
            #expect(inHome.isEmpty, "\(command.joined(separator: " ")) changed the home's folders: \(inHome)")
        }
    }

    /// A command that never waits runs on the main thread, which is the
    /// one that loaded the libraries: hopping to Swift concurrency's
    /// threads started four of them, the larger part of `types lookup`.
    @Test("a command that never waits reads its catalog and writes its answer on the main thread", Strace.installed)
    func shortCommandsStayOnTheMainThread() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        #expect(try await sandbox.run("list").status == 0)
        // A listing scans its two locations at once, one of them on a
        // thread of its own: only its output is the main thread's.
        for (command, catalogToo) in [(["info", "Notes.txt"], true), (["types", "lookup", "--ext", "pdf"], false), (["list"], false)] {
            let calls = try await Self.calls(of: command, in: sandbox, tracing: "openat,write")
            let mainThread = try #require(calls.first?.split(separator: " ").first, "\(command): nothing traced")
            let work = calls.filter { $0.contains("write(1,") || (catalogToo && $0.contains("local.sqlite\"")) }
            #expect(!work.isEmpty, "\(command): no output traced")
            let elsewhere = work.filter { $0.split(separator: " ").first != mainThread }
            #expect(elsewhere.isEmpty, "\(command.joined(separator: " ")) worked off the main thread \(mainThread): \(elsewhere)")
        }
    }

    /// A sandbox whose home holds `files` (contents by path) and a catalog
    /// that trusts what it saw: the first listing builds the registry and
    /// the catalog, which write; the second comes past the racy window.
    private static func settledHome(_ files: [String: String]) async throws -> Sandbox {
        let sandbox = try Sandbox()
        for (path, contents) in files { _ = try sandbox.write(contents, to: path) }
        #expect(try await sandbox.run("list").status == 0)
        try await Task.sleep(for: .seconds(2.5))
        #expect(try await sandbox.run("list").status == 0)
        return sandbox
    }

    private static func syncs(of command: [String], in sandbox: Sandbox) async throws -> [Substring] {
        try await calls(of: command, in: sandbox, tracing: "fsync,fdatasync,sync_file_range").filter { $0.contains("sync") }
    }

    private static func calls(of command: [String], in sandbox: Sandbox, tracing calls: String) async throws -> [Substring] {
        let trace = sandbox.root.appending(path: "trace-\(command.joined(separator: "-"))")
        let result = try await sandbox.run(command, tracedBy: [Strace.path!, "-f", "-qq", "-e", "trace=\(calls)", "-o", trace.path])
        #expect(result.status == 0, "\(command): \(result)")
        return try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").filter { !$0.contains("+++") }
    }
}
