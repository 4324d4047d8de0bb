import Dispatch

/// Runs async work to its end from a fuzz target, which libFuzzer calls
/// synchronously; the semaphore orders the write of the result before its read.
func blocking<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
    let outcome = Outcome<Value>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        outcome.value = await work()
        done.signal()
    }
    done.wait()
    guard let value = outcome.value else { fatalError("the work ended without a value") }
    return value
}

private final class Outcome<Value>: @unchecked Sendable {
    var value: Value?
}
