import Foundation
import Testing

/// Names from outside reach a person's terminal only made visible: an ESC,
/// a C1 control, a bidi override, a newline or a tab shows as a picture or
/// U+FFFD, the same way in tables, messages and previews. JSON keeps the
/// true name, escaped by JSON's own rules.
@Suite("hostile names cannot drive the terminal")
struct TerminalInjectionEndToEndTests {
    static let hostileNames = ["Evil\u{1B}[2J.txt", "C1\u{9B}31m.txt", "gpj\u{202E}.txt", "two\nlines.txt", "tab\there.txt"]

    static func expectInert(_ text: String, _ comment: String) {
        for forbidden: Unicode.Scalar in ["\u{1B}", "\u{9B}", "\u{202E}", "\t"] {
            #expect(!text.unicodeScalars.contains(forbidden), "\(comment) printed U+\(String(forbidden.value, radix: 16, uppercase: true)) raw: \(text.debugDescription)")
        }
    }

    @Test("list, info, preview, import and error lines show hostile names visibly")
    func namesAreMadeVisible() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        for name in Self.hostileNames {
            try Data("x".utf8).write(to: sandbox.cloudDocuments.appending(path: name))
        }
        let listed = try await sandbox.run("list")
        #expect(listed.status == 0, "\(listed)")
        Self.expectInert(listed.standardOutput, "list")
        // One row per document: a newline in a name does not split its row.
        #expect(listed.standardOutput.split(separator: "\n").count == 1 + Self.hostileNames.count, "\(listed.standardOutput.debugDescription)")
        #expect(listed.standardOutput.contains("Evil\u{241B}[2J.txt"), "\(listed.standardOutput.debugDescription)")
        #expect(listed.standardOutput.contains("two\u{240A}lines.txt"))

        let json = try await sandbox.run("list", "--json")
        #expect(Set(try json.jsonArray().compactMap { $0["name"] as? String }) == Set(Self.hostileNames), "JSON keeps the true names")

        for name in Self.hostileNames {
            for command in [["info", name], ["preview", name], ["delete", name, "--dry-run"]] {
                let result = try await sandbox.run(command)
                #expect(result.status == 0, "\(command): \(result)")
                Self.expectInert(result.standardOutput + result.standardError, command.joined(separator: " "))
            }
        }
        let missing = try await sandbox.run("info", "Evil\u{1B}[2J-missing\u{202E}")
        #expect(missing.status == 3)
        Self.expectInert(missing.standardError, "error line")
        #expect(missing.standardError.split(separator: "\n").count == 1)
    }

    @Test("a name holding our own style marks cannot make them emit an escape sequence, even on a terminal")
    func styleMarksInNames() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        let name = "Mark\u{F0000}2J\u{F0000}x\u{F0001}.txt"
        try Data("x".utf8).write(to: sandbox.localDocuments.appending(path: name))
        let listed = try await sandbox.run(["list"], environment: ["NO_COLOR": nil], inTerminal: true)
        #expect(!listed.standardOutput.contains("\u{1B}[2J"), "\(listed.standardOutput.debugDescription)")
        #expect(listed.standardOutput.contains("\u{1B}[1m"), "our own bold still shows on a terminal: \(listed.standardOutput.debugDescription)")
        let info = try await sandbox.run(["info", name], environment: ["NO_COLOR": nil], inTerminal: true)
        #expect(!info.standardOutput.contains("\u{1B}[2J"), "\(info.standardOutput.debugDescription)")
    }

    @Test("an archive's hostile entry names are made visible in import's report")
    func importReportIsInert() async throws {
        let sandbox = try Sandbox()
        let archive = try await HostileNamesEndToEndTests.makeArchive(sandbox, format: "tar", names: Self.hostileNames)
        let imported = try await sandbox.run("import", archive)
        #expect(imported.status == 0, "\(imported)")
        Self.expectInert(imported.standardOutput + imported.standardError, "import")
        // One line per document, each name as list shows it: a newline in
        // a name cannot forge a line of its own.
        #expect(imported.standardOutput == "Imported local:C1\u{FFFD}31m.txt\nImported local:Evil\u{241B}[2J.txt\nImported local:gpj\u{FFFD}.txt\n"
            + "Imported local:tab\u{2409}here.txt\nImported local:two\u{240A}lines.txt\n", "\(imported.standardOutput.debugDescription)")
        #expect(Set(sandbox.names(in: sandbox.localDocuments)) == Set(Self.hostileNames))
        let listed = try await sandbox.run("list")
        #expect(listed.standardOutput.contains("two\u{240A}lines.txt"), "as list shows it: \(listed.standardOutput.debugDescription)")
    }
}
