import DocBrowserReports
import DocKit
import Foundation
import Synchronization

/// How far a long job has got, the one way every command shows it: a bar
/// redrawn in place on stderr when it is a terminal and the job is still
/// going after a moment; JSON Lines `progress` events with `--json` for
/// commands whose output is a stream of events (move, storage); nothing
/// on a pipe, with `--quiet`, or in a single JSON document.
final class ProgressReporter: Sendable {
    /// How progress shows; ``Output/progressForm(streamsEvents:)`` chooses.
    enum Form { case bar, jsonLines, silent }

    private struct State {
        var document = ""
        var started = ContinuousClock.now
        var lastReport: ContinuousClock.Instant?
        var drawn = false
        var lastBytes: Int64 = -1
    }

    private let style: Form
    private let output: Output
    private let state = Mutex(State())

    /// A bar appears only for a job still going after this long, so that
    /// quick ones do not flash one.
    private static let barDelay = Duration.milliseconds(500)
    private static let interval = Duration.milliseconds(200)

    /// - Parameter streamsEvents: whether the command's `--json` output is
    ///   JSON Lines, where progress events belong.
    init(output: Output, streamsEvents: Bool) {
        self.output = output
        style = output.progressForm(streamsEvents: streamsEvents)
    }

    /// For copies of documents (``DocumentMover``, ``StorageSwitcher``).
    var callback: (@Sendable (TransferProgress) -> Void)? {
        style == .silent ? nil : { @Sendable [self] progress in
            report(document: progress.document, bytes: progress.bytesCopied, total: progress.totalBytes)
        }
    }

    /// For a plugin's job (export, import), which may not know its total.
    func update(_ progress: PluginProgress) {
        guard style != .silent, let bytes = progress.bytes else { return }
        report(document: "", bytes: bytes, total: progress.totalBytes)
    }

    /// Erases the bar, so that what is printed next starts a line of its own.
    func finish() {
        let drawn = state.withLock { state in
            defer { state.drawn = false }
            return state.drawn
        }
        if drawn { Terminal.standardError.write("\r\u{1B}[2K") }
    }

    private func report(document: String, bytes: Int64, total: Int64?) {
        let now = ContinuousClock.now
        let finished = total.map { bytes >= $0 } ?? false
        let started: ContinuousClock.Instant? = state.withLock { state in
            if state.document != document {
                state = State(document: document, started: now)
            }
            guard bytes != state.lastBytes else { return nil }
            let due = state.lastReport.map { finished || now - $0 >= Self.interval } ?? true
            guard due else { return nil }
            if style == .bar, now - state.started < Self.barDelay, !state.drawn { return nil }
            state.lastReport = now
            state.lastBytes = bytes
            if style == .bar { state.drawn = !finished }
            return state.started
        }
        guard let started else { return }
        switch style {
        case .jsonLines:
            // The bar is this reporter's own; an event has no other text form.
            try? output.event(ProgressEvent(document: document, bytesCopied: bytes, totalBytes: total)) { _ in }
        case .bar:
            let line = finished ? "" : bar(document: document, bytes: bytes, total: total, elapsed: now - started)
            Terminal.standardError.write("\r\u{1B}[2K" + line)
        case .silent:
            break
        }
    }

    private func bar(document: String, bytes: Int64, total: Int64?, elapsed: Duration) -> String {
        let seconds = max(elapsed / .seconds(1), 0.001)
        let rate = "\(Formatting.size(Int64(Double(bytes) / seconds)))/s"
        let name = document.isEmpty ? "" : " " + TerminalText.line(document)
        guard let total, total > 0 else { return "\(Formatting.size(bytes)) \(rate)\(name)" }
        let fraction = min(Double(bytes) / Double(total), 1)
        let width = 24
        let filled = Int(fraction * Double(width))
        return "[\(String(repeating: "=", count: filled))\(String(repeating: " ", count: width - filled))] "
            + String(format: "%3.0f%% ", fraction * 100)
            + "\(Formatting.size(bytes))/\(Formatting.size(total)) \(rate)\(name)"
    }
}

struct ProgressEvent: Encodable {
    var event = "progress"
    var document: String
    var bytesCopied: Int64
    var totalBytes: Int64?
}
