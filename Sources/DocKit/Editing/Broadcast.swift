import Foundation

/// One value to every listener: each ``stream(startingWith:)`` call makes a
/// stream of its own, so that any number of callers can iterate at once.
/// A stream whose caller stopped iterating is dropped at the next value.
struct Broadcast<Element: Sendable> {
    private var continuations: [UUID: AsyncStream<Element>.Continuation] = [:]

    /// A new listener's stream, with `first` already in it (the value as
    /// it is now), so that no listener misses where things stand.
    mutating func stream(startingWith first: Element? = nil) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        if let first { continuation.yield(first) }
        continuations[UUID()] = continuation
        return stream
    }

    mutating func yield(_ value: Element) {
        for (identifier, continuation) in continuations {
            if case .terminated = continuation.yield(value) { continuations[identifier] = nil }
        }
    }

    func finish() {
        for continuation in continuations.values { continuation.finish() }
    }
}
