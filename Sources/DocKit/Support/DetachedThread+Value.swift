extension DetachedThread {
    /// Runs `body` on a thread of its own and returns what it returns, so
    /// that an async caller waiting on the disk holds no thread of the
    /// concurrency pool, which has only as many threads as cores.
    ///
    /// - Throws: What `body` throws; ``DocKitError/Code/fileSystem`` when no thread can be started.
    static func value<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            do {
                try start { continuation.resume(with: Result { try body() }) }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
}
