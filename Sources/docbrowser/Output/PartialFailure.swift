import DocKit

/// Collects the errors of a command that works through several documents
/// and goes on after each, as `mv` and `rm` do, so that the exit status
/// still says what went wrong first.
struct PartialFailure: Error {
    var status: Int32
    var count: Int
}

struct FailureCollector {
    private(set) var first: (any Error)?
    private(set) var count = 0

    mutating func record(_ error: any Error, output: Output) {
        output.error(error)
        remember(error)
    }

    /// ``record(_:output:)`` for a command whose `--json` is a stream of
    /// events, which the error joins.
    mutating func record(_ error: any Error, about document: Document, output: Output) {
        output.error(error, inStreamAbout: document.qualifiedName)
        remember(error)
    }

    private mutating func remember(_ error: any Error) {
        if first == nil { first = error }
        count += 1
    }

    /// Throws when anything failed; the errors were already printed.
    func finish() throws {
        guard let first else { return }
        let status = (first as? DocKitError).map(ExitStatus.status(for:)) ?? ExitStatus.failure
        throw PartialFailure(status: status, count: count)
    }
}
