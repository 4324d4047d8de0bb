import Foundation
import Testing

/// One JSON vocabulary, written down in docs/JSON.md: every command's
/// `--json` is run, and each key it prints is documented there, is
/// lowerCamelCase, and holds the same kind of value in every command;
/// `type` is always a type identifier, `document` always a qualified name,
/// sizes and counts are numbers and every time has one form.
@Suite("JSON is one vocabulary")
struct JSONVocabularyEndToEndTests {
    static let documentation: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appending(path: "docs/JSON.md"), encoding: .utf8)) ?? ""
    }()

    /// Maps whose keys are data (type identifiers, Info.plist keys, the
    /// query's kind), not vocabulary.
    static let dataMaps: Set<String> = ["typeCounts", "infoPlist", "query"]
    static let numbers: Set<String> = [
        "size", "bytes", "archiveBytes", "compressedSize", "bytesCopied", "totalBytes", "exitStatus", "pid", "number",
        "count", "entryCount", "typeCount", "remainingElsewhere", "distance", "depth", "omittedEntries", "ratio",
    ]
    static let times: Set<String> = ["modified", "created", "deleted"]
    static let typeIdentifiers: Set<String> = ["type", "claimedType", "supertype"]
    static let typeIdentifierLists: Set<String> = ["conformances", "conformsTo", "contentTypes", "exportedTypes", "types", "candidateTypes"]

    /// What was found wrong, gathered over every command so that one run
    /// says all of it.
    struct Findings {
        var problems: [String] = []
        var undocumented: [String: Set<String>] = [:]
        /// Every key's kinds of value, with where each was seen first.
        var shapes: [String: [String: String]] = [:]
        var commandsChecked: Set<String> = []
    }

    @Test
    func everyCommandSpeaksTheDocumentedVocabulary() async throws {
        #expect(!Self.documentation.isEmpty, "docs/JSON.md is missing")
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        _ = try sandbox.write("rtf", to: "home/Documents/Letter.rtfd/TXT.rtf")
        _ = try sandbox.write("deck", to: "home/Cloud/Documents/Deck.txt")
        _ = try sandbox.write("theirs", to: "home/Cloud/Documents/Deck.sync-conflict-20261122-120303-JZLXCF2.txt")
        _ = try sandbox.write("draft", to: "home/Cloud/Documents/Draft.txt")
        _ = try sandbox.write("inbox", to: "home/Containers/org.example.viewer/Documents/Inbox/Sent.txt")
        try await sandbox.shell("ln -s Notes.txt home/Documents/Link.txt && cd home/Documents && zip -q -r ../../Holiday.zip Notes.txt Link.txt -y")
        let manifest = try sandbox.write(#"""
            {"CFBundleIdentifier": "org.example.viewer", "CFBundleName": "Viewer", "CFBundleExecutable": "/bin/true",
             "CFBundleDocumentTypes": [{"LSItemContentTypes": ["public.plain-text"], "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Owner"}]}
            """#, to: "viewer.json")
        // The machine's image thumbnailer, for `thumbnail`.
        try await sandbox.shell("convert -size 40x30 xc:red home/Documents/Photo.png && ln -s /usr/share/thumbnailers system-data/thumbnailers")
        let archive = sandbox.root.appending(path: "Holiday.zip").path
        let exported = sandbox.root.appending(path: "out.zip").path

        // In order: those that change the home come after those that read it.
        let documents: [[String]] = [
            ["handlers", "register", manifest.path],
            ["list", "--versions"], ["list", "--long"], ["search", "notes OR deck"], ["info", "Notes.txt"], ["info", "Letter.rtfd"], ["info", "Link.txt"], ["info", "Deck.txt"],
            ["versions", "Deck.txt"], ["preview", "Notes.txt", "Letter.rtfd", archive],
            ["thumbnail", "Photo.png"], ["thumbnail", "Photo.png"],
            ["inbox", "--app", "org.example.viewer"],
            ["handlers"], ["handlers", "public.plain-text"], ["handlers", "Notes.txt"],
            ["handlers", "default", "public.plain-text"], ["handlers", "default", "public.plain-text", "org.example.viewer"],
            ["types"], ["types", "show", "public.png"], ["types", "lookup", "--ext", "pdf"], ["types", "lookup", "--mime", "text/plain"],
            ["types", "lookup", archive], ["types", "lookup", archive, manifest.path], ["types", "conforms", "public.png", "public.image"],
            ["types", "rebuild"],
            ["config"], ["config", "get", "storage.preferred"], ["config", "set", "storage.preferred", "local"], ["config", "unset", "storage.preferred"],
            ["storage"],
            ["open", "Notes.txt", "--wait"], ["open", "Notes.txt"], ["open-in", "Notes.txt", "--to", "org.example.viewer", "--wait"],
            ["inbox", "--app", "org.example.viewer", "--accept"], ["inbox", "--app", "org.example.viewer", "--clear"],
            ["new", "Fresh.txt"], ["rename", "Fresh.txt", "Renamed"],
            ["resolve", "Deck.txt", "--keep", "current", "--dry-run"], ["resolve", "Deck.txt", "--keep", "all"],
            ["export", "Notes.txt", "Letter.rtfd", "-o", exported], ["import", archive, "--on-conflict", "rename"],
            ["handlers", "unregister", "org.example.viewer"],
        ]
        let streams: [[String]] = [
            ["tag", "Notes.txt", "+work"], ["tag", "Notes.txt", "Deck.txt"],
            ["move", "Notes.txt", "--to", "cloud", "--dry-run"], ["move", "Notes.txt", "--to", "cloud"],
            ["storage", "local", "--keep-a-local-copy", "--dry-run"], ["storage", "local", "--dry-run"], ["storage", "local"],
            ["delete", "Renamed.txt", "--dry-run"], ["delete", "Renamed.txt"], ["delete", "Letter.rtfd", "--permanent"],
            ["delete", "Draft.txt", "Busy.txt", "--permanent"],
            ["duplicate", "local:Notes.txt"], ["copy", "local:Notes.txt", "--to", "cloud"], ["trash", "restore", "Renamed.txt"],
        ]


        var findings = Findings()
        for command in documents {
            let result = try await sandbox.run(command + ["--json"])
            #expect(result.status == 0, "\(command): \(result)")
            guard let value = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) else {
                Issue.record("\(command) printed no JSON document: \(result)")
                continue
            }
            let name = command.joined(separator: " ")
            // config's keys are the settings' names: data, not vocabulary.
            if command[0] == "config", let settings = value as? [String: Any] {
                #expect(!settings.isEmpty && settings.values.allSatisfy { $0 is String }, "\(name): \(settings)")
            } else {
                Self.check(value, path: [], command: name, into: &findings)
            }
            findings.commandsChecked.insert(command[0] == "handlers" || command[0] == "types" || command[0] == "config" ? command.prefix(2).joined(separator: " ") : command[0])
        }
        // A document a sync engine is still writing, which the last delete
        // refuses while it deletes the other: the error joins the stream.
        _ = try sandbox.write("busy", to: "home/Documents/Busy.txt")
        _ = try sandbox.write("busy, still", to: "home/Documents/.syncthing.Busy.txt.tmp")
        var events: [[String: Any]] = []
        for command in streams {
            let result = try await sandbox.run(command + ["--json"])
            let lines = result.standardOutput.split(separator: "\n")
            #expect(!lines.isEmpty, "\(command) printed no events: \(result)")
            for line in lines {
                guard let value = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                    Issue.record("\(command): not a JSON object on one line: \(line)")
                    continue
                }
                #expect(value["event"] is String, "\(command): \(line)")
                events.append(value)
                Self.check(value, path: [], command: command.joined(separator: " "), into: &findings)
            }
            findings.commandsChecked.insert(command[0])
        }

        // The Trash, read once the streams have put something in it.
        #expect(try await sandbox.run("delete", "Renamed.txt").status == 0)
        for command in [["trash"], ["trash", "empty"]] {
            let result = try await sandbox.run(command + ["--json"])
            #expect(result.status == 0, "\(command): \(result)")
            guard let value = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) else {
                Issue.record("\(command) printed no JSON document: \(result)")
                continue
            }
            #expect((value as? [Any])?.isEmpty != true, "\(command): the Trash holds Renamed.txt")
            Self.check(value, path: [], command: command.joined(separator: " "), into: &findings)
            findings.commandsChecked.insert("trash")
        }

        let error = events.first { $0["event"] as? String == "error" }
        #expect(error?["document"] as? String == "local:Busy.txt", "\(events)")
        #expect(Set(events.compactMap { $0["event"] as? String }).isSuperset(of: ["move", "moved", "copy", "trash", "trashed", "deleted", "error"]), "\(events)")

        let watch = try await WatchProcess.start(sandbox)
        _ = try sandbox.write("new", to: "home/Documents/Watched.txt")
        _ = try await watch.waitFor("the new document") { $0.contains { $0["event"] as? String == "added" } }
        _ = try await watch.stop()
        for event in watch.events {
            Self.check(event, path: [], command: "watch", into: &findings)
        }
        #expect(watch.events.contains { $0["event"] as? String == "present" && $0["listing"] is [String: Any] })
        findings.commandsChecked.insert("watch")

        let serve = try await ServeProcess.start(sandbox, ["--json"])
        if let value = try? JSONSerialization.jsonObject(with: Data(serve.firstLine.utf8)) {
            Self.check(value, path: [], command: "serve", into: &findings)
        } else {
            Issue.record("serve --json printed no JSON object first: \(serve.firstLine)")
        }
        #expect(try await serve.stop() == 0)
        findings.commandsChecked.insert("serve")

        let missing = try await sandbox.run("info", "Missing.txt", "--json")
        #expect(missing.status == 3, "\(missing)")
        let failure = try JSONSerialization.jsonObject(with: Data(missing.standardError.utf8))
        Self.check(failure, path: [], command: "info (error)", into: &findings)

        let conflicting = findings.shapes.filter { $0.value.count > 1 }
        #expect(conflicting.isEmpty, "keys holding different kinds of value: \(conflicting)")
        #expect(findings.undocumented.isEmpty, "keys docs/JSON.md does not mention: \(findings.undocumented)")
        #expect(findings.problems.isEmpty, "\(findings.problems.joined(separator: "\n"))")
        // Every command of `docbrowser help` was run.
        let help = try await sandbox.run("help")
        let listed = Set(help.standardOutput.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            // A command's line; its abstract goes on further in.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let first = words.first, !first.hasPrefix("-"),
                  first.allSatisfy({ $0.isLowercase || $0 == "-" }) else { return nil }
            return String(first)
        }).subtracting(["help"])
        let covered = Set(findings.commandsChecked.map { String($0.split(separator: " ")[0]) })
        #expect(!listed.isEmpty && listed.isSubset(of: covered), "commands never run with --json: \(listed.subtracting(covered))")
    }

    /// A document as `list --json` prints it, decoded to be encoded again.
    private struct ListedDocument: Codable {
        var id, name, displayName, path, relativePath, location, type, kind, modified: String
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

    @Test("list --json writes each modification time as Foundation's ISO 8601 style does, to the millisecond, cut")
    func modificationTimesAreFoundationsISO8601() async throws {
        let sandbox = try Sandbox()
        // Times at a millisecond's edges, before 1970 and 2001, near the
        // ends of what the catalog's nanoseconds hold, and scattered.
        var times: [Int64] = [0, -1, 1, 999_999, 1_000_000, -86_399_999_000_001, 978_307_199_999_999_999, 978_307_200_000_000_000, 951_782_400_123_456_789, 9_223_372_035_999_999_999]
        for seconds: Int64 in [-1_000_000_000, -2_208_988_800, 1_795_506_875, 4_102_444_800] {
            for milliseconds: Int64 in [0, 1, 337, 999] {
                for nudge: Int64 in [-1, 0, 1] { times.append(seconds * 1_000_000_000 + milliseconds * 1_000_000 + nudge) }
            }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<40 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            times.append(Int64(state >> 2) % 7_000_000_000_000_000_000 - 2_000_000_000_000_000_000)
        }
        let folder = sandbox.localDocuments
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, time) in times.enumerated() {
            let file = folder.appending(path: "Time \(index).txt")
            try Data("t".utf8).write(to: file)
            let (seconds, nanoseconds) = time.quotientAndRemainder(dividingBy: 1_000_000_000)
            var stamps = [timespec](repeating: timespec(tv_sec: Int(seconds) - (nanoseconds < 0 ? 1 : 0), tv_nsec: Int(nanoseconds < 0 ? nanoseconds + 1_000_000_000 : nanoseconds)), count: 2)
            #expect(utimensat(AT_FDCWD, file.path, &stamps, 0) == 0)
        }
        let result = try await sandbox.run("list", "--json")
        #expect(result.status == 0, "\(result.standardError)")
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let reports = try JSONDecoder().decode([ListedDocument].self, from: Data(result.standardOutput.utf8))
        #expect(reports.count == times.count)
        for report in reports {
            // What the file system kept, which clamps what it cannot hold.
            var status = stat()
            #expect(lstat(report.path, &status) == 0)
            let kept = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
            let expected = Date(timeIntervalSince1970: Double(kept) / 1_000_000_000).formatted(style)
            #expect(report.modified == expected, "\(report.name): \(kept) ns")
        }
    }

    @Test("list --json of more documents than one core's run is still JSONEncoder's text, in list's order")
    func listJSONMadeInRunsIsJSONEncodersText() async throws {
        let sandbox = try Sandbox()
        // Each core makes the JSON of 512 documents at a time: these make
        // runs on both cores, over two rounds, the last one short.
        try await sandbox.shell("""
            mkdir -p home/Documents home/Cloud/Documents && cd home/Documents \\
            && for i in $(seq -w 1 700); do printf x > "Note $i.txt"; done && printf q > 'quote"d.txt' \\
            && cd ../Cloud/Documents && for i in $(seq -w 1 600); do printf c > "Cloud $i.md"; done
            """)
        let result = try await sandbox.run("list", "--json")
        #expect(result.status == 0, "\(result.standardError)")
        let reports = try JSONDecoder().decode([ListedDocument].self, from: Data(result.standardOutput.utf8))
        #expect(reports.count == 1301)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(Array(result.standardOutput.utf8) == Array(try encoder.encode(reports) + Data("\n".utf8)))
        let table = try await sandbox.run("list")
        let rows = table.standardOutput.split(separator: "\n").dropFirst()
        #expect(rows.count == reports.count)
        #expect(zip(rows, reports).allSatisfy { row, report in row.hasPrefix(report.name + "  ") })
    }

    /// The kind of value, as a reader of the JSON tells it: an array's
    /// includes its elements' kind, so that a list of identifiers and a
    /// list of objects under one key are told apart.
    static func shape(of value: Any) -> String? {
        switch value {
        case is NSNull: return nil
        // JSONSerialization gives true and false as NSNumbers of their own class.
        case let number as NSNumber: return "\(type(of: number))".contains("Boolean") ? "boolean" : "number"
        case is String: return "text"
        case is [String: Any]: return "object"
        case let array as [Any]:
            let elements = Set(array.compactMap(shape(of:)))
            return elements.count == 1 ? "array of \(elements.first!)" : (elements.isEmpty ? nil : "array of mixed")
        default: return "\(type(of: value))"
        }
    }

    private static func check(_ value: Any, path: [String], command: String, into findings: inout Findings) {
        switch value {
        case let object as [String: Any]:
            for (key, child) in object {
                let at = "\(command): \((path + [key]).joined(separator: "."))"
                if key.range(of: "^[a-z][A-Za-z0-9]*$", options: .regularExpression) == nil { findings.problems.append("\(at): not lowerCamelCase") }
                if !documentation.contains("`\(key)`") { findings.undocumented[command, default: []].insert(key) }
                if let shape = shape(of: child), findings.shapes[key]?[shape] == nil { findings.shapes[key, default: [:]][shape] = at }
                if times.contains(key) {
                    let time = child as? String ?? ""
                    if time.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) == nil {
                        findings.problems.append("\(at) is \(child), not a time to the millisecond")
                    }
                }
                if numbers.contains(key), !(child is NSNull), shape(of: child) != "number" {
                    findings.problems.append("\(at) is \(child), not a number")
                }
                if key.hasPrefix("is"), shape(of: child) != "boolean" { findings.problems.append("\(at) is \(child), not a boolean") }
                if typeIdentifiers.contains(key), !(child is NSNull), !isTypeIdentifier(child) {
                    findings.problems.append("\(at) is \(child), not a type identifier")
                }
                if typeIdentifierLists.contains(key), !((child as? [Any])?.allSatisfy(isTypeIdentifier) ?? false) {
                    findings.problems.append("\(at) is \(child), not a list of type identifiers")
                }
                if key == "document", !(child is NSNull), (child as? String)?.range(of: "^(local|cloud):.", options: .regularExpression) == nil {
                    findings.problems.append("\(at) is \(child), not a qualified name")
                }
                if key == "path", let path = child as? String, !path.hasPrefix("/") {
                    findings.problems.append("\(at) is \(path), not absolute")
                }
                if !dataMaps.contains(key) { check(child, path: path + [key], command: command, into: &findings) }
            }
        case let array as [Any]:
            for element in array { check(element, path: path, command: command, into: &findings) }
        default:
            break
        }
    }

    private static func isTypeIdentifier(_ value: Any) -> Bool {
        (value as? String)?.range(of: #"^[A-Za-z0-9-]+(\.[A-Za-z0-9_-]+)+$"#, options: .regularExpression) != nil
    }

    /// The checks themselves can fail: a key of two kinds, an object for
    /// `type`, a display size and an undocumented key are each caught.
    @Test func theChecksCatchWhatTheyAreFor() {
        var findings = Findings()
        Self.check(["type": ["identifier": "public.png"], "size": "4 KB", "document": ["name": "x"], "notAWordOfOurs": 1], path: [], command: "bad", into: &findings)
        Self.check(["entries": 3], path: [], command: "one", into: &findings)
        Self.check(["entries": [["name": "a"]]], path: [], command: "other", into: &findings)
        #expect(findings.problems.contains { $0.contains("type is") && $0.contains("not a type identifier") })
        #expect(findings.problems.contains { $0.contains("size is 4 KB, not a number") })
        #expect(findings.problems.contains { $0.contains("document is") && $0.contains("not a qualified name") })
        #expect(findings.undocumented["bad"] == ["notAWordOfOurs"])
        #expect(findings.shapes["entries"]?.count == 2)
    }
}
