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

    /// Rows are made and laid out a run of 1,024 per core: the columns are
    /// still measured over every row, and the rows come in list's order.
    @Test
    func aListingOfSeveralRunsLinesUpInOneSetOfColumns() async throws {
        let sandbox = try Sandbox()
        let longest = "zz a name longer than any other in the listing.txt"
        try await sandbox.shell("""
            mkdir -p home/Documents && cd home/Documents \\
            && for i in $(seq -w 1 2100); do printf x > "Note $i.txt"; done \\
            && head -c 1500 /dev/zero > "Note 0001.txt" && printf x > '\(longest)'
            """)
        let result = try await sandbox.run("list")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let names = (1...2100).map { String(format: "Note %04d.txt", $0) } + [longest]
        #expect(lines.count == names.count + 1)
        #expect(zip(lines.dropFirst(), names).allSatisfy { line, name in line.hasPrefix(name + "  ") })
        #expect(lines.dropFirst().first?.contains("1.5 kB") == true, "\(lines.prefix(2))")
        // The longest name, in the last run, sets where KIND starts; the
        // widest size, in the first, where MODIFIED does.
        let date = #/\d{4}-\d\d-\d\d \d\d:\d\d/#
        let starts = ["KIND": "plain text", "MODIFIED": "", "WHERE": "local"].map { header, cell in
            (header, Self.columns(before: header, in: lines[0]), lines.dropFirst().map { line in
                cell.isEmpty ? line.firstMatch(of: date).map { Self.columns(of: String(line[..<$0.range.lowerBound])) } : Self.columns(before: cell, in: line)
            })
        }
        for (header, column, cells) in starts {
            #expect(column != nil && cells.allSatisfy { $0 == column }, "\(header) at \(column ?? -1), but its cells at \(Set(cells.map { $0 ?? -1 }))")
        }
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
