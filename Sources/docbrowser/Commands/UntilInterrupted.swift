import Dispatch
import Foundation

/// Commands that run until the user stops them (`watch`, `search --live`):
/// SIGINT and SIGTERM cancel the work, and the command ends with status 0
/// rather than being killed mid-line.
enum UntilInterrupted {
    static func run(_ body: @escaping @Sendable () async throws -> Void) async throws {
        let work = Task { try await body() }
        let stops = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { work.cancel() }
            source.resume()
            return source
        }
        defer { stops.forEach { $0.cancel() } }
        do {
            try await work.value
        } catch is CancellationError {
            return
        }
    }
}
