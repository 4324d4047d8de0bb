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
    private var helper: Result<ChunkDeflater, PluginFailure>?
    private let level: Int
    private let chunkSize: Int

    init(level: Int, chunkSize: Int, workers: Int) {
        self.level = level
        self.chunkSize = chunkSize
        running = workers
        for _ in 0..<workers {
            let thread = Thread { [self] in work() }
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

    /// Hands over the chunk of `ticket`. While it is not ready the caller
    /// deflates waiting chunks itself rather than sleep: when a worker is
    /// descheduled (another process on the core), the export still moves.
    /// Only one thread claims, so `helper` is never shared.
    func claim(_ ticket: Int) throws(PluginFailure) -> CompressedChunk {
        condition.lock()
        while done[ticket] == nil {
            guard let (waitingTicket, job) = takeWaiting() else {
                condition.wait()
                continue
            }
            condition.unlock()
            let result = compress(job, with: &helper)
            condition.lock()
            done[waitingTicket] = result
            condition.broadcast()
        }
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

    private func work() {
        var deflater: Result<ChunkDeflater, PluginFailure>?
        condition.lock()
        while true {
            while !stopping, waitingStart == waiting.count { condition.wait() }
            if stopping { break }
            let (ticket, job) = takeWaiting()!
            condition.unlock()
            let result = compress(job, with: &deflater)
            condition.lock()
            done[ticket] = result
            condition.broadcast()
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The oldest waiting job; call with `condition` locked.
    private func takeWaiting() -> (ticket: Int, job: ChunkJob)? {
        guard waitingStart < waiting.count else { return nil }
        let next = waiting[waitingStart]
        waitingStart += 1
        if waitingStart == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            waitingStart = 0
        }
        return next
    }

    /// A thread's deflater is made on its first job, in that thread.
    private func compress(_ job: ChunkJob, with deflater: inout Result<ChunkDeflater, PluginFailure>?) -> Result<CompressedChunk, PluginFailure> {
        if deflater == nil {
            deflater = Result { () throws(PluginFailure) in try ChunkDeflater(level: level, chunkSize: chunkSize) }
        }
        return deflater!.flatMap { deflater in Result { () throws(PluginFailure) in try deflater.compress(job) } }
    }
}
