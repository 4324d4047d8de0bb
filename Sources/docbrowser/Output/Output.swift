import DocBrowserReports
import DocKit
import Foundation

/// Where a command's results go: human text or one JSON document on
/// stdout, notes and warnings on stderr.
///
/// What `--json` and `--quiet` mean is decided here and nowhere else: a
/// command hands its result over once, as a value with the text form
/// that renders it, and never asks which flags were given.
struct Output: Sendable {
    private let json: Bool
    private let quiet: Bool

    init(json: Bool, quiet: Bool) {
        self.json = json
        self.quiet = quiet
    }

    /// A command's result: with `--json` the value, else its text form.
    /// The value is made only when it is printed, so that text output
    /// never pays for the JSON's extra work.
    func result<Value: Encodable>(_ value: @autoclosure () throws -> Value, text: (TextForm) throws -> Void) throws {
        try either(json: { try emit(json: value()) }, text: text)
    }

    /// What a command did, as one sentence that `--quiet` leaves out: the
    /// user who asked for it already knows.
    func confirmation<Value: Encodable>(_ value: @autoclosure () throws -> Value, text: () -> String) throws {
        try result(value()) { $0.confirmation(text()) }
    }

    /// ``result(_:text:)`` for an array, streamed as ``emit(jsonArray:_:)``
    /// streams it.
    func result<Source: Sequence, Element: Encodable>(
        jsonArray source: Source, _ transform: (Source.Element) throws -> Element, text: (TextForm) throws -> Void
    ) throws {
        try either(json: { try emit(jsonArray: source, transform) }, text: text)
    }

    /// ``result(jsonArray:_:text:)`` for a listing's document reports,
    /// each written by hand when it can be: the form of `list` of 100,000
    /// documents. `makeTransform` is called once for each run of documents
    /// that a core makes the JSON of, so that what it caches is its own.
    func result(
        documentReports listing: DocumentListing, _ makeTransform: @Sendable () -> (Document) throws -> DocumentReport,
        text: (TextForm) throws -> Void
    ) throws {
        try either(json: { try emit(documentReports: listing, makeTransform) }, text: text)
    }

    private func either(json emitJSON: () throws -> Void, text: (TextForm) throws -> Void) throws {
        if json {
            try emitJSON()
        } else {
            try text(TextForm(output: self, quiet: quiet))
        }
    }

    /// One event of a command that reports as it goes: a JSON line, or its
    /// text form.
    func event<Value: Encodable>(_ value: @autoclosure () throws -> Value, text: (TextForm) throws -> Void) throws {
        if json {
            try emit(jsonLine: value())
        } else {
            try text(TextForm(output: self, quiet: quiet))
        }
    }

    /// Part of a text form written as soon as it is known, by a command
    /// whose JSON is one document made at the end, with
    /// ``result(_:text:)``; nothing with `--json`.
    func partialText(_ text: (TextForm) throws -> Void) rethrows {
        guard !json else { return }
        try text(TextForm(output: self, quiet: quiet))
    }

    /// A note only the text form has: JSON carries the same in its values.
    func textNote(_ text: String) {
        guard !json else { return }
        note(text)
    }

    /// How a long job's progress shows, decided with the rest of what the
    /// flags mean: see ``ProgressReporter``.
    func progressForm(streamsEvents: Bool) -> ProgressReporter.Form {
        if json { return streamsEvents ? .jsonLines : .silent }
        return !quiet && isatty(STDERR_FILENO) == 1 ? .bar : .silent
    }

    private func emit<Value: Encodable>(json value: Value) throws {
        let data = try Self.encoder(pretty: true).encode(value)
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }

    /// The same text as ``emit(json:)`` of an array, written element by
    /// element as `source` yields them, so that a listing of 100,000
    /// documents never holds its whole JSON.
    private func emit<Source: Sequence, Element: Encodable>(jsonArray source: Source, _ transform: (Source.Element) throws -> Element) throws {
        let encoder = Self.encoder(pretty: true)
        try emitArray(source) { item, buffer in
            ReportJSON.appendIndented(try encoder.encode(try transform(item)), to: &buffer)
        }
    }

    /// ``emit(jsonArray:_:)`` of a listing's document reports: see
    /// ``ReportJSON/documentReports(_:_:write:)``.
    private func emit(documentReports listing: DocumentListing, _ makeTransform: @Sendable () -> (Document) throws -> DocumentReport) throws {
        try ReportJSON.documentReports(listing, makeTransform) { bytes in
            FileHandle.standardOutput.write(Data(bytes))
        }
    }

    private func emitArray<Source: Sequence>(_ source: Source, _ appendElement: (Source.Element, inout [UInt8]) throws -> Void) throws {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 17)
        var first = true
        for item in source {
            buffer += first ? ReportJSON.firstElementOpening : ReportJSON.elementOpening
            first = false
            try appendElement(item, &buffer)
            if buffer.count >= 1 << 16 {
                FileHandle.standardOutput.write(Data(buffer))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer += ReportJSON.closing(ofEmptyArray: first)
        FileHandle.standardOutput.write(Data(buffer))
    }

    /// One compact JSON object per line, flushed at once: the stream form
    /// of `--json` for commands that report as they go (move, delete,
    /// storage).
    private func emit<Value: Encodable>(jsonLine value: Value) throws {
        FileHandle.standardOutput.write(try Self.compactJSON(value))
    }

    /// docs/JSON.md's form: see ``ReportJSON/encoder(pretty:)``.
    static func encoder(pretty: Bool) -> JSONEncoder {
        ReportJSON.encoder(pretty: pretty)
    }

    /// One line of compact JSON, its newline included.
    static func compactJSON<Value: Encodable>(_ value: Value) throws -> Data {
        var data = try encoder(pretty: false).encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Text on stdout; commands write it through ``TextForm``, which
    /// keeps `--quiet`'s rule.
    func line(_ text: String = "") {
        print(TerminalText.lines(text))
    }

    /// A picture for the terminal: escape sequences that ``TerminalImage``
    /// or chafa made from an image's pixels, never text of the document,
    /// so written as they are, in order with the lines around them.
    func terminalImage(_ bytes: [UInt8]) {
        guard !json else { return }
        print(String(decoding: bytes, as: UTF8.self))
    }

    /// The same text as `line(table.render())`, written as it is laid
    /// out, so that a table of 100,000 rows is never held whole as text.
    func emit(table: Table) {
        emit(tableParts: [table])
    }

    /// The same text as ``emit(table:)`` of the table whose rows `parts`
    /// hold one after another, made in parts a run of rows per core: laid
    /// out together, and never joined into one table.
    func emit(tableParts parts: [Table]) {
        // A name holding the styling marks can style the lines after it:
        // such a table is made visible as one text, as it always was.
        if parts.contains(where: \.hasStyleMarks) {
            return line(Table.render(parts))
        }
        let layout = Table.layout(of: parts)
        // Rows were made visible cell by cell; only the header carries styling.
        print(TerminalText.lines(String(decoding: layout.header, as: UTF8.self)))
        // Laid out a run of rows per core, and written in order.
        let runs = parts.indices.flatMap { part in
            stride(from: 0, to: parts[part].rowCount, by: Self.tableRunLength).map { start in
                (part, start..<min(start + Self.tableRunLength, parts[part].rowCount))
            }
        }
        OrderedRuns.forEach(count: runs.count, runLength: 1) { positions in
            var bytes: [UInt8] = []
            for (part, rows) in runs[positions] {
                bytes.reserveCapacity(bytes.count + rows.count * 128)
                parts[part].appendLines(rows, as: layout, to: &bytes)
            }
            return bytes
        } then: { bytes in
            print(String(decoding: bytes, as: UTF8.self), terminator: "")
        }
    }

    private static let tableRunLength = 1024

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
        ErrorMessage.write(error, json: json)
    }

    /// An error in a stream of events: on stderr as ``error(_:)`` says it,
    /// and with `--json` also in the stream, naming its document, so that
    /// a reader of stdout alone sees which one failed.
    func error(_ error: any Error, inStreamAbout document: String) {
        self.error(error)
        if json { try? emit(jsonLine: ErrorMessage.Report(error, document: document)) }
    }

    /// The command's final error, said as ``DocBrowser`` says every one.
    func finalError(_ error: any Error, waitOption: String) {
        ErrorMessage.write(error, json: json, waitOption: waitOption)
    }

    func warning(_ text: String) {
        Terminal.standardError.write("docbrowser: warning: \(TerminalText.line(text))\n")
    }
}
