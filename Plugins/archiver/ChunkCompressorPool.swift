import ArchiveChecks
import Foundation

/// Worker threads that deflate chunks while the caller writes finished
/// ones in the order it submitted them. Results are claimed by ticket,
/// so the archive's bytes never depend on which thread was faster; the
/// caller bounds memory by how many tickets it leaves unclaimed.
/// All state is guarded by `condition`, hence the unchecked Sendable.
final class ChunkCompressorPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [(ticket: Int, job: ChunkJob)] = []
    private var waitingStart = 0
    private var done: [Int: Result<CompressedChunk, PluginFailure>] = [:]
    private var nextTicket = 0
    private var stopping = false
    private var running = 0

    init(level: Int, chunkSize: Int, workers: Int) {
        running = workers
        for _ in 0..<workers {
            let thread = Thread { [self] in work(level: level, chunkSize: chunkSize) }
            thread.name = "deflate"
            thread.start()
        }
    }

    func submit(_ job: ChunkJob) -> Int {
        condition.lock()
        defer { condition.unlock() }
        let ticket = nextTicket
        nextTicket += 1
        waiting.append((ticket, job))
        condition.broadcast()
        return ticket
    }

    /// Waits for the chunk of `ticket` and hands it over.
    func claim(_ ticket: Int) throws(PluginFailure) -> CompressedChunk {
        condition.lock()
        while done[ticket] == nil { condition.wait() }
        let result = done.removeValue(forKey: ticket)!
        condition.unlock()
        return try result.get()
    }

    /// Stops the workers and waits for them, so that no thread still reads
    /// a file or the pool's state once the export has returned.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    private func work(level: Int, chunkSize: Int) {
        let deflater = Result { () throws(PluginFailure) in try ChunkDeflater(level: level, chunkSize: chunkSize) }
        condition.lock()
        while true {
            while !stopping, waitingStart == waiting.count { condition.wait() }
            if stopping { break }
            let (ticket, job) = waiting[waitingStart]
            waitingStart += 1
            if waitingStart == waiting.count {
                waiting.removeAll(keepingCapacity: true)
                waitingStart = 0
            }
            condition.unlock()
            let result = deflater.flatMap { deflater in Result { () throws(PluginFailure) in try deflater.compress(job) } }
            condition.lock()
            done[ticket] = result
            condition.broadcast()
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}
