import Dispatch
import Foundation
import Synchronization

/// Work on positions `0..<count` in runs of consecutive positions, each
/// run made on a core of its own and handed on in order: the result is
/// that of one run after another, whatever the scheduling, and no more
/// runs are held at once than there are cores.
public enum OrderedRuns {
    public static func forEach<Made: Sendable, Failure: Error>(
        count: Int, runLength: Int, make: @Sendable (Range<Int>) throws(Failure) -> Made, then handOn: (Made) throws(Failure) -> Void
    ) throws(Failure) {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var next = 0
        while next < count {
            let starts = Array(stride(from: next, to: min(count, next + cores * runLength), by: runLength))
            let made = Mutex<[Result<Made, Failure>?]>(Array(repeating: nil, count: starts.count))
            DispatchQueue.concurrentPerform(iterations: starts.count) { run in
                let result = Result { () throws(Failure) -> Made in try make(starts[run]..<min(starts[run] + runLength, count)) }
                made.withLock { $0[run] = result }
            }
            for result in made.withLock({ $0 }) {
                try handOn(result!.get())
            }
            next = min(count, next + cores * runLength)
        }
    }
}
