import Foundation
import Testing

/// One JSON vocabulary, written down in docs/JSON.md: every key the
/// document-shaped outputs print is documented there, keys are
/// lowerCamelCase, sizes are numbers and every time has one form.
@Suite("JSON is one vocabulary")
struct JSONVocabularyEndToEndTests {
    static let documentation: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appending(path: "docs/JSON.md"), encoding: .utf8)) ?? ""
    }()

    /// Maps whose keys are data (type identifiers, Info.plist keys), not
    /// vocabulary.
    static let dataMaps: Set<String> = ["typeCounts", "infoPlist"]

    @Test
    func everyCommandSpeaksTheDocumentedVocabulary() async throws {
        #expect(!Self.documentation.isEmpty, "docs/JSON.md is missing")
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        _ = try sandbox.write("rtf", to: "home/Documents/Letter.rtfd/TXT.rtf")
        _ = try sandbox.write("deck", to: "home/Cloud/Documents/Deck.txt")
        _ = try sandbox.write("theirs", to: "home/Cloud/Documents/Deck.sync-conflict-20261122-120303-JZLXCF2.txt")
        _ = try sandbox.write("inbox", to: "home/Containers/org.example.app/Documents/Inbox/Sent.txt")
        let documented: [[String]] = [
            ["list", "--versions"], ["info", "Notes.txt"], ["info", "Letter.rtfd"], ["versions", "Deck.txt"],
            ["preview", "Notes.txt", "Letter.rtfd"], ["inbox", "--app", "org.example.app"],
        ]
        var undocumented: [String: [String]] = [:]
        for command in documented {
            let result = try await sandbox.run(command + ["--json"])
            #expect(result.status == 0, "\(command): \(result)")
            let value = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
            Self.check(value, command: command.joined(separator: " "), undocumented: &undocumented)
        }
        #expect(undocumented.isEmpty, "keys docs/JSON.md does not mention: \(undocumented)")

        // Streams and errors keep the same forms.
        let moved = try await sandbox.run("move", "Notes.txt", "--to", "cloud", "--json")
        for line in moved.standardOutput.split(separator: "\n") {
            var ignored: [String: [String]] = [:]
            Self.check(try JSONSerialization.jsonObject(with: Data(line.utf8)), command: "move", undocumented: &ignored)
        }
        let missing = try await sandbox.run("info", "Missing.txt", "--json")
        var ignored: [String: [String]] = [:]
        Self.check(try JSONSerialization.jsonObject(with: Data(missing.standardError.utf8)), command: "info (error)", undocumented: &ignored)
    }

    /// A document as `list --json` prints it, decoded to be encoded again.
    private struct ListedDocument: Codable {
        var name, displayName, path, relativePath, location, type, kind, modified: String
        var size: Int64
        var isPackage, isFolder, isSymbolicLink, typeWasGuessed: Bool
        var states: [String]
    }

    @Test("list --json is byte for byte the text JSONEncoder writes for the same reports, whatever the names")
    func listJSONIsJSONEncodersText() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        _ = try sandbox.write("rtf", to: "home/Documents/Letter.rtfd/TXT.rtf")
        _ = try sandbox.write("inner", to: "home/Documents/Folder/inner.txt")
        _ = try sandbox.write("deck", to: "home/Cloud/Documents/Deck.txt")
        _ = try sandbox.write("", to: "home/Cloud/Documents/.Remote.pdf.icloud")
        let names = ["quote\"back\\slash.txt", "tab\there\u{1}\u{1B}[31m\u{7F}.txt", "new\nline.txt", "é 😀 \u{2028}.txt", "\u{8}\u{C}\u{D}\u{1F}.txt"]
        for name in names { _ = try sandbox.write("x", to: "home/Documents/\(name)") }
        try await sandbox.shell("printf x > \"home/Documents/$(printf 'bad\\377.txt')\" && ln -s Notes.txt home/Documents/Link")

        let result = try await sandbox.run("list", "--json")
        #expect(result.status == 0, "\(result)")
        let reports = try JSONDecoder().decode([ListedDocument].self, from: Data(result.standardOutput.utf8))
        #expect(reports.count == 12, "\(reports.map(\.name))")
        #expect(reports.contains { $0.states == ["notDownloaded"] } && reports.contains { $0.isFolder } && reports.contains { $0.isSymbolicLink })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(reports) + Data("\n".utf8)
        #expect(Array(result.standardOutput.utf8) == Array(expected), "\(result.standardOutput)")
    }

    private static func check(_ value: Any, command: String, undocumented: inout [String: [String]]) {
        switch value {
        case let object as [String: Any]:
            for (key, child) in object {
                #expect(key.range(of: "^[a-z][A-Za-z0-9]*$", options: .regularExpression) != nil, "\(command): key \(key)")
                if !documentation.contains("`\(key)`") { undocumented[command, default: []].append(key) }
                if ["modified", "created"].contains(key) {
                    let time = child as? String ?? ""
                    #expect(time.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) != nil,
                            "\(command): \(key) is \(child), not a time to the millisecond")
                }
                if ["size", "bytes", "bytesCopied", "totalBytes", "exitStatus"].contains(key) {
                    #expect(child is NSNumber, "\(command): \(key) is \(child), not a number")
                }
                if !dataMaps.contains(key) { check(child, command: command, undocumented: &undocumented) }
            }
        case let array as [Any]:
            for element in array { check(element, command: command, undocumented: &undocumented) }
        default:
            break
        }
    }
}
