import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `map(transform)`, each element transformed on a core of its own, in
    /// this order whatever the scheduling; an error is thrown for the
    /// first element that failed, as a plain `map` would.
    func concurrentMap<Transformed: Sendable, Failure: Error>(
        _ transform: @Sendable (Element) throws(Failure) -> Transformed
    ) throws(Failure) -> [Transformed] {
        let results = Mutex<[Result<Transformed, Failure>?]>(Array<Result<Transformed, Failure>?>(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { () throws(Failure) -> Transformed in try transform(self[index]) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { result throws(Failure) in try result!.get() }
    }
}
