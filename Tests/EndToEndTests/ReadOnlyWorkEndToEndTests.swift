import Foundation
import Testing

/// Work done, not time taken: commands that only read an unchanged home
/// must not write to the disk's journal. Each fdatasync is milliseconds on
/// a real disk, and they were eight per `list`.
@Suite("read-only commands of an unchanged home")
struct ReadOnlyWorkEndToEndTests {
    @Test(Strace.installed)
    func syncNothingToDisk() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        _ = try sandbox.write("cloud", to: "home/Cloud/Documents/Deck.txt")
        // The first run builds the registry and the catalog: those write.
        #expect(try await sandbox.run("list").status == 0)
        // Past the racy window, so that the catalog trusts what it saw.
        try await Task.sleep(for: .seconds(2.5))
        #expect(try await sandbox.run("list").status == 0)
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

    private static func syncs(of command: [String], in sandbox: Sandbox) async throws -> [Substring] {
        let trace = sandbox.root.appending(path: "trace-\(command.joined(separator: "-"))")
        let result = try await sandbox.run(command, tracedBy: [Strace.path!, "-f", "-qq", "-e", "trace=fsync,fdatasync,sync_file_range", "-o", trace.path])
        #expect(result.status == 0, "\(command): \(result)")
        return try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").filter { $0.contains("sync") }
    }
}
