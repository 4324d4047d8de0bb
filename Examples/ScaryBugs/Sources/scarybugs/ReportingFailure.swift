import ArgumentParser
import DocKit
import Foundation
import ScaryBugsKit

/// Runs a command's work, turning what it throws into one line on stderr
/// and an exit status by the kind of failure, as docbrowser does.
func reportingFailure(_ work: () async throws -> Void) async throws {
    do {
        try await work()
    } catch let error as ExitCode {
        throw error
    } catch {
        FileHandle.standardError.write(Data("scarybugs: \(escapingControls(String(describing: error)))\n".utf8))
        throw ExitCode(exitStatus(of: error))
    }
}

private func exitStatus(of error: any Error) -> Int32 {
    if case BugError.exists = error { return 4 }
    guard let error = error as? DocKitError else { return error is BugError ? 6 : 1 }
    return switch error.code {
    case .notFound, .documentNotFound: 3
    case .alreadyExists, .ambiguous: 4
    case .busy, .inUse, .incomplete, .notDownloaded, .unresolvedConflict: 5
    case .malformed, .invalidName, .invalidValue: 6
    default: 1
    }
}
