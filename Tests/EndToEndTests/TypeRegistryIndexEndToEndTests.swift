import Foundation
import Testing

/// Work done, not time taken: once the registry's index exists, a command
/// on an unchanged home maps it and never opens the SQLite database, which
/// cost reading a thousand types to answer a question about one.
@Suite("the type registry index")
struct TypeRegistryIndexEndToEndTests {
    @Test(Strace.installed)
    func lookupOpensNoDatabase() async throws {
        let sandbox = try Sandbox()
        let first = try await sandbox.run("types", "lookup", "--ext", "pdf")
        #expect(first.status == 0, "\(first)")
        let index = sandbox.home.appending(path: "Library/types.index")
        #expect(FileManager.default.fileExists(atPath: index.path))

        let (result, opened) = try await Self.opens(["types", "lookup", "--ext", "pdf"], in: sandbox)
        #expect(result.standardOutput == first.standardOutput)
        #expect(opened.contains { $0.contains("types.index") }, "\(opened)")
        #expect(!opened.contains { $0.contains("types.sqlite") }, "\(opened)")
    }

    @Test(Strace.installed)
    func damagedOrMissingIndexIsWrittenAgain() async throws {
        let sandbox = try Sandbox()
        let first = try await sandbox.run("types", "lookup", "--ext", "tar.gz", "--json")
        #expect(first.status == 0, "\(first)")
        let index = sandbox.home.appending(path: "Library/types.index")
        let whole = try Data(contentsOf: index)
        for damage in [Data(), Data(whole.prefix(whole.count / 2)), Data("not an index".utf8)] {
            try damage.write(to: index)
            let (result, opened) = try await Self.opens(["types", "lookup", "--ext", "tar.gz", "--json"], in: sandbox)
            #expect(result.standardOutput == first.standardOutput)
            #expect(opened.contains { $0.contains("types.sqlite") }, "\(opened)")
            #expect(try Data(contentsOf: index) == whole)
        }
        try FileManager.default.removeItem(at: index)
        #expect(try await sandbox.run("types", "lookup", "--ext", "tar.gz", "--json").standardOutput == first.standardOutput)
        #expect(try Data(contentsOf: index) == whole)
    }

    /// The command's result, and the paths it opened in the home's Library.
    private static func opens(_ command: [String], in sandbox: Sandbox) async throws -> (Sandbox.Result, [Substring]) {
        let trace = sandbox.root.appending(path: "trace-\(UUID().uuidString)")
        let result = try await sandbox.run(command, tracedBy: [Strace.path!, "-f", "-qq", "-e", "trace=open,openat", "-o", trace.path])
        #expect(result.status == 0, "\(command): \(result)")
        let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        return (result, lines.filter { $0.contains("/Library/") })
    }
}
