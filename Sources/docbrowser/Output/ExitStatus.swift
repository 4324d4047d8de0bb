import ArgumentParser
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

    static func status(for kind: FailureKind) -> Int32 {
        switch kind {
        case .notFound: notFound
        case .conflict: conflict
        case .refused: refused
        case .invalidInput: invalidInput
        case .failed: failure
        }
    }
}
