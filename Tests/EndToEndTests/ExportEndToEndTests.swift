import Foundation
import Testing

@Suite("export command, run as a user would")
struct ExportEndToEndTests {
    private func documents(_ sandbox: Sandbox) async throws {
        let source = try await sandbox.makeMixedDocuments(in: "home/Documents")
        #expect(source == sandbox.localDocuments)
    }

    @Test func exportsDocumentsByNameIntoAZipOthersCanRead() async throws {
        let sandbox = try Sandbox()
        try await documents(sandbox)
        let output = sandbox.root.appending(path: "shared/out.zip")
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try await sandbox.run("export", "Report", "Café – ünïcödé.txt", "Empty Folder", "-o", output.path, "--json")
        #expect(result.status == 0, "\(result)")
        let json = try result.json()
        #expect(json["entries"] as? Int == 8)
        #expect(json["format"] as? String == "zip")
        #expect((json["bytes"] as? Int ?? 0) > 300_000)
        #expect((json["archiveBytes"] as? Int ?? 0) > 0)
        #expect(json["ratio"] as? Double != nil)
        #expect(result.standardError.isEmpty, "no progress bar off a terminal: \(result.standardError)")
        #expect(sandbox.names(in: output.deletingLastPathComponent()) == ["out.zip"], "no temporary left")
        let extracted = try sandbox.directory("unzipped")
        try await sandbox.tool("unzip", ["-q", output.path, "-d", extracted.path])
        #expect(try sandbox.snapshot(extracted, linkTimes: false) == sandbox.snapshot(sandbox.localDocuments, linkTimes: false))
    }

    @Test func anExistingFileIsRefusedUnlessForced() async throws {
        let sandbox = try Sandbox()
        try await documents(sandbox)
        let output = try sandbox.write("precious", to: "out.tar.gz")
        let refused = try await sandbox.run("export", "Report.pages", "-o", output.path)
        #expect(refused.status == 4, "\(refused)")
        #expect(refused.standardError.contains(output.path))
        #expect(try String(contentsOf: output, encoding: .utf8) == "precious")
        #expect(sandbox.names(in: sandbox.root).filter { $0.hasPrefix(".docbrowser-tmp") }.isEmpty)

        let forced = try await sandbox.run("export", "Report.pages", "-o", output.path, "--force", "--json")
        #expect(forced.status == 0, "\(forced)")
        #expect(try forced.json()["format"] as? String == "tar.gz", "format from the extension")
        try await sandbox.tool("bsdtar", ["-tzf", output.path])
    }

    @Test func allExportsEveryDocumentReproducibly() async throws {
        let sandbox = try Sandbox()
        try await documents(sandbox)
        let first = sandbox.root.appending(path: "a.zip")
        let second = sandbox.root.appending(path: "b.zip")
        #expect(try await sandbox.run("export", "--all", "--local", "--reproducible", "-o", first.path).status == 0)
        #expect(try await sandbox.run("export", "--all", "--reproducible", "-o", second.path).status == 0)
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
        try await sandbox.tool("python3", ["-m", "zipfile", "-t", first.path])
    }

    @Test func anUnknownDocumentIsNotFoundAndWritesNothing() async throws {
        let sandbox = try Sandbox()
        let output = sandbox.root.appending(path: "none.zip")
        let result = try await sandbox.run("export", "Nothing Here", "-o", output.path)
        #expect(result.status == 3, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
