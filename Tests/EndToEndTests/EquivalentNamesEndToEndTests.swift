import Foundation
import Testing

/// Names that differ only by Unicode normalization (everywhere) or by case
/// (in the cloud, which macOS and Windows peers see case-insensitively) are
/// the same name: they get the --on-conflict treatment, never a silent twin.
@Suite("names equal after NFC, or case in the cloud, conflict")
struct EquivalentNamesEndToEndTests {
    static let composed = "caf\u{E9}.txt"
    static let decomposed = "cafe\u{301}.txt"

    @Test("one import of a name in NFC and in NFD fails by default and numbers the second with rename")
    func normalizationTwinsInOneImport() async throws {
        let sandbox = try Sandbox()
        let first = try sandbox.write("one", to: "a/\(Self.composed)").path
        let second = try sandbox.write("two", to: "b/\(Self.decomposed)").path
        let refused = try await sandbox.run("import", first, second)
        #expect(refused.status == 4, "\(refused)")
        #expect(sandbox.names(in: sandbox.localDocuments).isEmpty)
        let renamed = try await sandbox.run("import", first, second, "--on-conflict", "rename")
        #expect(renamed.status == 0, "\(renamed)")
        let names = sandbox.names(in: sandbox.localDocuments)
        #expect(names.count == 2, "\(names)")
        #expect(Set(names.map { $0.precomposedStringWithCanonicalMapping }) == ["caf\u{E9}.txt", "caf\u{E9} 2.txt"])
    }

    @Test("an archive holding one name in NFC and in NFD is refused instead of losing one")
    func normalizationTwinsInOneArchive() async throws {
        let sandbox = try Sandbox()
        let archive = try await HostileNamesEndToEndTests.makeArchive(sandbox, format: "tar", names: [Self.composed, Self.decomposed])
        let refused = try await sandbox.run("import", archive)
        #expect(refused.status == 5, "\(refused)")
        #expect(refused.standardError.contains("duplicate-entry"), "\(refused)")
        #expect(refused.standardError.split(separator: "\n").count == 1, "\(refused)")
        #expect(sandbox.names(in: sandbox.localDocuments).isEmpty)
    }

    @Test("an import against an existing document of the other normalization conflicts")
    func normalizationTwinAgainstExisting() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("old", to: "home/Documents/\(Self.decomposed)")
        let archive = try await HostileNamesEndToEndTests.makeArchive(sandbox, format: "tar", names: [Self.composed])
        let refused = try await sandbox.run("import", archive)
        #expect(refused.status == 4, "\(refused)")
        #expect(sandbox.names(in: sandbox.localDocuments) == [Self.decomposed])
    }

    @Test("new, rename and move into the cloud refuse a name that differs only by normalization or case")
    func cloudIsCaseInsensitive() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("nfd", to: "home/Cloud/Documents/Re\u{301}sume\u{301}.txt")
        _ = try sandbox.write("cloud", to: "home/Cloud/Documents/Report.txt")
        _ = try sandbox.write("local", to: "home/Documents/report.TXT")
        let twin = try await sandbox.run("new", "R\u{E9}sum\u{E9}.txt", "--cloud")
        #expect(twin.status == 4, "\(twin)")
        let cased = try await sandbox.run("new", "REPORT.txt", "--cloud")
        #expect(cased.status == 4, "\(cased)")
        let moved = try await sandbox.run("move", "report.TXT", "--to", "cloud")
        #expect(moved.status == 4, "\(moved)")
        let renamedMove = try await sandbox.run("move", "report.TXT", "--to", "cloud", "--on-conflict", "rename")
        #expect(renamedMove.status == 0, "\(renamedMove)")
        #expect(Set(sandbox.names(in: sandbox.cloudDocuments)) == ["Re\u{301}sume\u{301}.txt", "Report.txt", "report 2.TXT"])
        _ = try sandbox.write("other", to: "home/Cloud/Documents/Other.txt")
        let renamed = try await sandbox.run("rename", "Other.txt", "REPORT")
        #expect(renamed.status == 4, "\(renamed)")
        // Changing only the case of a document's own name is a rename, not a clash.
        let recased = try await sandbox.run("rename", "Report.txt", "REPORT")
        #expect(recased.status == 0, "\(recased)")
        #expect(sandbox.names(in: sandbox.cloudDocuments).contains("REPORT.txt"))
        // The listing never becomes ambiguous.
        #expect(try await sandbox.run("info", "R\u{E9}sum\u{E9}.txt").status != 4)
    }

    @Test("in the local folder, case still distinguishes names")
    func localIsCaseSensitive() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("a", to: "home/Documents/Report.txt")
        let created = try await sandbox.run("new", "report.txt", "--local")
        #expect(created.status == 0, "\(created)")
        #expect(Set(sandbox.names(in: sandbox.localDocuments)) == ["Report.txt", "report.txt"])
    }
}
