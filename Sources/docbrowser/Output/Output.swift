import DocKit
import Foundation

/// Where a command's results go: human text or one JSON document on
/// stdout, notes and warnings on stderr.
struct Output: Sendable {
    var json: Bool
    var quiet: Bool

    func emit<Value: Encodable>(json value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }

    /// One compact JSON object per line, flushed at once: the stream form
    /// of `--json` for commands that report as they go (move, delete,
    /// storage).
    func emit<Value: Encodable>(jsonLine value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        FileHandle.standardOutput.write(data)
    }

    func line(_ text: String = "") {
        print(TerminalText.lines(text))
    }

    /// A line written at once, unbuffered: for commands that report as
    /// things happen, to a reader on the other end of a pipe.
    func streamedLine(_ text: String) {
        FileHandle.standardOutput.write(Data((TerminalText.lines(text) + "\n").utf8))
    }

    /// A remark about what happened, kept off stdout so that pipelines see
    /// only results.
    func note(_ text: String) {
        guard !quiet else { return }
        Terminal.standardError.write("docbrowser: \(TerminalText.line(text))\n")
    }

    /// An error about one of several documents: reported at once, and the
    /// command goes on with the others.
    func error(_ error: any Error) {
        Terminal.standardError.write("docbrowser: \(TerminalText.line("\(error)"))\n")
    }

    func warning(_ text: String) {
        Terminal.standardError.write("docbrowser: warning: \(TerminalText.line(text))\n")
    }
}
