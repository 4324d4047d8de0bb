import DocKit
import Foundation
import Synchronization

/// Shows how far copies across file systems have got: a bar on stderr
/// when it is a terminal and the copy takes longer than a moment, JSON
/// Lines `progress` events with `--json`, and nothing on a pipe.
final class ProgressReporter: Sendable {
    private enum Style { case bar, jsonLines, silent }

    private struct State {
        var document = ""
        var started = Date()
        var lastReport = Date.distantPast
        var drawn = false
        var lastBytes: Int64 = -1
    }

    private let style: Style
    private let output: Output
    private let state = Mutex(State())

    /// A bar appears only for copies still going after this long.
    private static let barDelay: TimeInterval = 0.5
    private static let interval: TimeInterval = 0.2

    init(output: Output) {
        self.output = output
        if output.json {
            style = .jsonLines
        } else if !output.quiet, isatty(STDERR_FILENO) == 1 {
            style = .bar
        } else {
            style = .silent
        }
    }

    var callback: (@Sendable (TransferProgress) -> Void)? {
        style == .silent ? nil : { @Sendable [self] progress in self.report(progress) }
    }

    private func report(_ progress: TransferProgress) {
        let now = Date()
        let due: Bool = state.withLock { state in
            if state.document != progress.document {
                state = State(document: progress.document, started: now)
            }
            guard progress.bytesCopied != state.lastBytes else { return false }
            let finished = progress.bytesCopied >= progress.totalBytes
            let first = state.lastReport == .distantPast
            guard first || finished || now.timeIntervalSince(state.lastReport) >= Self.interval else { return false }
            if style == .bar, now.timeIntervalSince(state.started) < Self.barDelay, !state.drawn { return false }
            state.lastReport = now
            state.lastBytes = progress.bytesCopied
            if style == .bar { state.drawn = !finished }
            return true
        }
        guard due else { return }
        switch style {
        case .jsonLines:
            try? output.emit(jsonLine: ProgressEvent(progress))
        case .bar:
            Terminal.standardError.write(bar(progress, elapsed: now.timeIntervalSince(state.withLock { $0.started })))
        case .silent:
            break
        }
    }

    private func bar(_ progress: TransferProgress, elapsed: TimeInterval) -> String {
        let total = max(progress.totalBytes, 1)
        let fraction = min(Double(progress.bytesCopied) / Double(total), 1)
        let width = 24
        let filled = Int(fraction * Double(width))
        let rate = elapsed > 0 ? Double(progress.bytesCopied) / elapsed : 0
        let line = "[\(String(repeating: "=", count: filled))\(String(repeating: " ", count: width - filled))] "
            + String(format: "%3.0f%% ", fraction * 100)
            + "\(Formatting.size(progress.bytesCopied))/\(Formatting.size(progress.totalBytes)) \(Formatting.size(Int64(rate)))/s \(TerminalText.line(progress.document))"
        // \r and erase-line redraw in place; the finished bar is erased.
        return progress.bytesCopied >= progress.totalBytes ? "\r\u{1B}[K" : "\r\u{1B}[K" + line
    }
}

struct ProgressEvent: Encodable {
    var event = "progress"
    var document: String
    var bytesCopied: Int64
    var totalBytes: Int64

    init(_ progress: TransferProgress) {
        document = progress.document
        bytesCopied = progress.bytesCopied
        totalBytes = progress.totalBytes
    }
}
