import Foundation
import Testing

/// Tables on a terminal are measured in its columns: a decomposed accent
/// takes none, a Japanese or Korean character two. When the terminal is
/// narrow, the NAME column gives up its width, and the columns after it
/// stay whole.
@Suite("tables line up in terminal columns")
struct TableLayoutEndToEndTests {
    static let names = ["Cafe\u{301} menu.txt", "日本語の書類.txt", "한국어.txt", "Plain.txt"]

    @Test
    func columnsAfterWideAndDecomposedNamesLineUp() async throws {
        let sandbox = try Sandbox()
        for name in Self.names { _ = try sandbox.write("text", to: "home/Documents/\(name)") }
        let lines = try await Self.tableLines(of: ["list"], in: sandbox, columns: 200)
        let kindColumns = Self.names.map { name in
            lines.first { $0.contains(name.precomposedStringWithCanonicalMapping) || $0.contains(name) }
                .map { Self.columns(before: "plain text", in: $0) }
        }
        #expect(kindColumns.allSatisfy { $0 != nil }, "\(lines)")
        #expect(Set(kindColumns).count == 1, "KIND starts at columns \(kindColumns) in:\n\(lines.joined(separator: "\n"))")
    }

    @Test
    func aNarrowTerminalShrinksTheNameColumnAndKeepsTheLast() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("text", to: "home/Documents/A very long document name that cannot fit in a narrow terminal.txt")
        _ = try sandbox.write("text", to: "home/Documents/日本語の書類と長い名前の書類とさらに長い名前.txt")
        let lines = try await Self.tableLines(of: ["list"], in: sandbox, columns: 72)
        #expect(lines.count == 3, "\(lines)")
        for line in lines {
            #expect(Self.columns(of: line) <= 72, "wider than the terminal: \(line)")
        }
        for line in lines.dropFirst() {
            #expect(line.hasSuffix("local"), "the WHERE column was cut: \(line)")
            #expect(line.contains("…"), "the long name was not shortened: \(line)")
        }
        // On a pipe nothing is cut.
        let piped = try await sandbox.run("list")
        #expect(piped.standardOutput.contains("A very long document name that cannot fit in a narrow terminal.txt"))
    }

    private static func tableLines(of command: [String], in sandbox: Sandbox, columns: Int) async throws -> [String] {
        let result = try await sandbox.run(command, environment: ["COLUMNS": String(columns)], inTerminal: true)
        #expect(result.status == 0, "\(result)")
        return result.standardOutput.replacingOccurrences(of: "\r", with: "")
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// The test's own measure, independent of docbrowser's: Hangul, kana
    /// and CJK ideographs take two columns, combining marks none.
    private static func columns(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            if scalar.properties.generalCategory == .nonspacingMark { return total }
            let wide = (0x1100...0x115F).contains(scalar.value) || (0x3000...0x9FFF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
            return total + (wide ? 2 : 1)
        }
    }

    private static func columns(before marker: String, in line: String) -> Int? {
        line.range(of: marker).map { columns(of: String(line[..<$0.lowerBound])) }
    }
}
