import Foundation

enum StandardInput {
    /// Standard input's lines as they arrive. A thread of its own reads
    /// them: a blocking read must not hold one of the few threads Swift's
    /// concurrency runs tasks on.
    static func lines() -> AsyncStream<String> {
        AsyncStream { continuation in
            let reader = Thread {
                while let line = readLine() { continuation.yield(line) }
                continuation.finish()
            }
            reader.start()
        }
    }
}
