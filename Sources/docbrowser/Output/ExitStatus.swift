import ArgumentParser
import DocBrowserReports
import DocKit

/// The exit statuses docbrowser documents (README, "Exit status").
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
    static let notFound: Int32 = 3
    static let conflict: Int32 = 4
    static let refused: Int32 = 5
    static let invalidInput: Int32 = 6

    /// A command whose plugin was stopped by the SIGINT or SIGTERM the
    /// launcher received exits as a shell reports a process killed by that
    /// signal (130 for Ctrl-C), after cleaning up.
    static func status(for error: DocKitError) -> Int32 {
        if error.code == .cancelled, let signal = error.signal { return 128 + signal }
        // A query is part of the command line: a mistake in it is a usage error.
        if error.code == .invalidQuery { return usage }
        return status(for: ErrorKind(error.code))
    }

    static func status(for kind: ErrorKind) -> Int32 {
        switch kind {
        case .notFound: notFound
        case .conflict: conflict
        case .refused: refused
        case .invalidInput: invalidInput
        case .failed: failure
        }
    }
}
