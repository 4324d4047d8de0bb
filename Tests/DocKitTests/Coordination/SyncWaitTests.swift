import Foundation
import Synchronization
import Testing
@testable import DocKit

/// `--wait`: a bounded wait for a sync engine to finish a document.
@Suite("SyncActivity.waitUntilComplete")
struct SyncWaitTests {
    @Test("a complete document comes back at once, without waiting")
    func completeAtOnce() async throws {
        let home = try TestHome("wait")
        try home.write("done", to: "Notes.txt")
        let catalog = try home.catalog()
        let document = try await catalog.resolve("Notes.txt")
        let waited = WaitLog()
        let settled = try await SyncActivity.waitUntilComplete(document, in: catalog, within: SyncWait(limit: .seconds(30))) { waited.record($0) }
        #expect(settled == document)
        #expect(waited.reasons.isEmpty)
    }

    @Test("a document that is only Syncthing's temporary comes back as the file it became")
    func temporaryBecomesFile() async throws {
        let home = try TestHome("wait")
        let temporary = try home.write("half", to: ".syncthing.Big.bin.tmp")
        let catalog = try home.catalog()
        let arriving = try await catalog.resolve("Big.bin")
        #expect(arriving.states.contains(.incomplete))
        let final = home.url("Big.bin")
        let engine = try Engine {
            usleep(300_000)
            try Data("whole file".utf8).write(to: temporary)
            try FileManager.default.moveItem(at: temporary, to: final)
        }
        let waited = WaitLog()
        var wait = SyncWait(limit: .seconds(600))
        wait.quietPeriod = .milliseconds(300)
        let settled = try await SyncActivity.waitUntilComplete(arriving, in: catalog, within: wait) { waited.record($0) }
        try engine.finish()
        #expect(settled.path == home.path("Big.bin"))
        #expect(settled.size == 10)
        #expect(!settled.states.contains(.incomplete))
        #expect(waited.reasons == ["Syncthing is still writing it (\(home.path(".syncthing.Big.bin.tmp")))"])
    }

    @Test("a package is done only once it stayed unchanged for the quiet period after its temporaries went")
    func packageQuietPeriod() async throws {
        let home = try TestHome("wait")
        try home.write("index", to: "Deck.key/Index.zip")
        let temporary = try home.write("x", to: "Deck.key/.syncthing.slide.png.tmp")
        let catalog = try home.catalog()
        let deck = try await catalog.resolve("Deck.key")
        let late = home.url("Deck.key/Data/late.png")
        let engine = try Engine {
            usleep(300_000)
            try FileManager.default.moveItem(at: temporary, to: temporary.deletingLastPathComponent().appending(path: "slide.png"))
            // Later than a poll, so that a waiter without a quiet period
            // would be gone, and well within the quiet period.
            usleep(700_000)
            try FileManager.default.createDirectory(at: late.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("late file".utf8).write(to: late)
        }
        var wait = SyncWait(limit: .seconds(600))
        wait.quietPeriod = .seconds(3)
        let settled = try await SyncActivity.waitUntilComplete(deck, in: catalog, within: wait)
        try engine.finish()
        #expect(settled.size == Int64("index".utf8.count + "x".utf8.count + "late file".utf8.count))
    }

    @Test("past the deadline the refusal says how long it waited and why")
    func deadline() async throws {
        let home = try TestHome("wait")
        try home.write("old", to: "Notes.txt")
        try home.write("new", to: "Notes.txt.partial")
        let catalog = try home.catalog()
        let notes = try await catalog.resolve("Notes.txt")
        let temporary = home.path("Notes.txt.partial").description
        await #expect(throws: DocKitError(CoordinationError.stillIncomplete(document: "local:Notes.txt", waited: .milliseconds(500), reason: "rclone is still writing it (\(temporary))"))) {
            try await SyncActivity.waitUntilComplete(notes, in: catalog, within: SyncWait(limit: .milliseconds(500)))
        }
        let message = CoordinationError.stillIncomplete(document: "local:Notes.txt", waited: .milliseconds(500), reason: "rclone is still writing it").description
        #expect(message == "local:Notes.txt: still incomplete after waiting 0.5 s: rclone is still writing it")
    }
}

/// A sync engine finishing a document, on a thread of its own: the
/// concurrency pool may be busy with other tests for a long while, and the
/// engine must not wait for it.
private struct Engine {
    private final class Outcome: Sendable {
        let result = Mutex<Result<Void, any Error>?>(nil)
    }

    private let outcome = Outcome()
    private let thread: DetachedThread

    init(_ work: @escaping @Sendable () throws -> Void) throws {
        let outcome = outcome
        thread = try DetachedThread.start {
            let result = Result { try work() }
            outcome.result.withLock { $0 = result }
        }
    }

    func finish() throws {
        thread.join()
        try outcome.result.withLock { $0 }!.get()
    }
}

/// What `whileWaiting` was told.
private final class WaitLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    var reasons: [String] { lock.withLock { recorded } }

    func record(_ reason: String) { lock.withLock { recorded.append(reason) } }
}
