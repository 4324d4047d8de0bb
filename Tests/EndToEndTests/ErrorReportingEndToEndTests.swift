import Foundation
import Testing

/// How the CLI says what went wrong: one line naming the file and the
/// reason, with what to do in its own terms, or with `--json` a JSON
/// object carrying the kind and the exit status.
@Suite("errors, as one line or as JSON")
struct ErrorReportingEndToEndTests {
    @Test
    func aLineWithTheCLIsHint() async throws {
        let sandbox = try Sandbox()
        let missing = try await sandbox.run("info", "Missing.txt")
        #expect(missing.status == 3)
        #expect(missing.standardError == "docbrowser: Missing.txt: no such document (see 'docbrowser list')\n")

        _ = try sandbox.write("a", to: "home/Documents/Notes.txt")
        _ = try sandbox.write("b", to: "home/Cloud/Documents/Notes.txt")
        let taken = try await sandbox.run("move", "local:Notes.txt", "--to", "cloud")
        #expect(taken.status == 4)
        #expect(taken.standardError == "docbrowser: cloud:Notes.txt: already exists; use --on-conflict rename or replace\n")

        let output = try sandbox.write("old", to: "out.zip")
        let exported = try await sandbox.run("export", "local:Notes.txt", "-o", output.path)
        #expect(exported.status == 4, "\(exported)")
        #expect(exported.standardError == "docbrowser: \(output.path): already exists; use --force to replace it\n")
    }

    @Test
    func withJSONAnObjectWithKindAndExitStatus() async throws {
        let sandbox = try Sandbox()
        let missing = try await sandbox.run("info", "Missing.txt", "--json")
        #expect(missing.status == 3)
        #expect(missing.standardOutput.isEmpty)
        let lines = missing.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(missing.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(missing.standardError.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "error")
        #expect(object["kind"] as? String == "notFound")
        #expect(object["exitStatus"] as? Int == 3)
        #expect(object["message"] as? String == "Missing.txt: no such document (see 'docbrowser list')")

        // A command working through several documents reports each failure
        // in its stream of events, naming the document.
        _ = try sandbox.write("a", to: "home/Documents/Notes.txt")
        _ = try sandbox.write("b", to: "home/Cloud/Documents/Notes.txt")
        let moved = try await sandbox.run("move", "local:Notes.txt", "--to", "cloud", "--json")
        #expect(moved.status == 4, "\(moved)")
        let events = moved.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let failure = try #require(events.first { $0["event"] as? String == "error" }, "\(moved)")
        #expect(failure["document"] as? String == "local:Notes.txt")
        #expect(failure["kind"] as? String == "conflict")
        #expect(failure["exitStatus"] as? Int == 4)
        #expect(failure["message"] as? String == "cloud:Notes.txt: already exists; use --on-conflict rename or replace")
    }
}
