#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The documents of some locations, then every change to them, as they
/// happen: the NSMetadataQuery of iOS, in the shape of GRDB's
/// `ValueObservation.values(in:)`. Each iteration starts a watch of its
/// own, built on inotify, and ends it when the iteration ends or its task
/// is cancelled.
///
/// ```swift
/// for try await event in catalog.changes(in: [.cloud]) {
///     switch event {
///     case .gathered(let documents): show(documents)
///     case .changed(let changes): apply(changes)
///     }
/// }
/// ```
///
/// Changes are read once the folders have been quiet for `settle`, so a
/// burst (a package copied in, a thousand files synced) comes as one
/// event per document, complete. A sync engine's delivery is seen like
/// any other writer's. When the kernel's event queue overflows, the
/// folders are listed again and compared, so that nothing is missed.
public struct DocumentChanges: AsyncSequence, Sendable {
    /// What the sequence yields: the initial listing once, then bursts of changes.
    public enum Event: Sendable, Hashable {
        /// The documents as they were when watching began: the "finished
        /// gathering" point. Always first.
        case gathered([Document])
        /// What changed in one burst.
        case changed([DocumentChange])
    }

    /// The sequence yields ``Event`` values.
    public typealias Element = Event

    let catalog: DocumentCatalog
    let locations: [Location]
    let settle: Duration

    /// Starts watching on a thread of its own; it stops when the iteration ends or is cancelled.
    ///
    /// - Returns: An iterator that yields ``Event/gathered(_:)`` first, then ``Event/changed(_:)``
    ///   per burst, and throws if a folder cannot be watched or listed.
    public func makeAsyncIterator() -> AsyncThrowingStream<Event, any Error>.Iterator {
        DocumentWatch.stream(catalog: catalog, locations: locations, settle: settle) { event, _ in event }.makeAsyncIterator()
    }
}

extension DocumentCatalog {
    /// The documents of `locations` (their folders' contents too), then
    /// their changes; see ``DocumentChanges``.
    ///
    /// - Parameters:
    ///   - locations: The locations to watch.
    ///   - settle: How long the folders must be quiet before changes are read,
    ///     so that a burst of writes comes as one event per document.
    /// - Returns: The sequence; each iteration starts a watch of its own.
    public func changes(in locations: [Location] = Location.allCases, settle: Duration = .milliseconds(500)) -> DocumentChanges {
        DocumentChanges(catalog: self, locations: locations, settle: settle)
    }
}

/// What ``DocumentChanges`` yields, with the listing that found it: every
/// document of the locations watched, folders' contents included, so that
/// a live search searches what the watch listed instead of listing again
/// (and asking the sync engine again) for each burst.
struct WatchedListing: Sendable {
    var event: DocumentChanges.Event
    var documents: [Document]
}

extension DocumentCatalog {
    /// ``changes(in:settle:)``, each event with the listing that found it.
    func listings(in locations: [Location], settle: Duration) -> AsyncThrowingStream<WatchedListing, any Error> {
        DocumentWatch.stream(catalog: self, locations: locations, settle: settle) { WatchedListing(event: $0, documents: $1) }
    }
}

/// One watch, on a thread of its own: inotify is read with a blocking
/// poll that must not hold a thread of the concurrency pool.
private final class DocumentWatch: @unchecked Sendable {
    let catalog: DocumentCatalog
    let locations: [Location]
    let settle: Duration
    private let lock = NSLock()
    private var stopped = false

    init(catalog: DocumentCatalog, locations: [Location], settle: Duration) {
        self.catalog = catalog
        self.locations = locations
        self.settle = settle
    }

    /// A watch started on a thread of its own, each event and its listing
    /// made an element by `element`; the watch stops when the iteration
    /// ends or is cancelled.
    static func stream<Element: Sendable>(
        catalog: DocumentCatalog, locations: [Location], settle: Duration,
        _ element: @escaping @Sendable (DocumentChanges.Event, [Document]) -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
        let watch = DocumentWatch(catalog: catalog, locations: locations, settle: settle)
        continuation.onTermination = { _ in watch.stop() }
        do {
            try DetachedThread.start {
                do {
                    try watch.run { continuation.yield(element($0, $1)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        } catch {
            continuation.finish(throwing: error)
        }
        return stream
    }

    func stop() { lock.withLock { stopped = true } }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Hands `emit` each event and the listing it was found by.
    func run(_ emit: (DocumentChanges.Event, [Document]) -> Void) throws {
        let watcher = try DirectoryWatcher()
        let roots = locations.map { catalog.locations.documentsDirectory($0) }
        func watchRoots() {
            for root in roots {
                // The folder above sees the Documents folder removed and made again.
                watcher.watch(root.deletingLastComponent)
                watcher.watchTree(root)
            }
        }
        watchRoots()
        var listed = try listing(roots)
        let gathered = listed.values.sorted { $0.qualifiedName < $1.qualifiedName }
        emit(.gathered(gathered), gathered)
        var lookAgain = quietPeriodEnd(after: listed)
        try watcher.readBursts(settle: settle, while: { !isStopped }, wakingAt: { lookAgain }) { batch in
            // New folders are watched as their creation is read; the whole
            // trees again only when events were lost or a root went away.
            if batch.overflowed || !roots.allSatisfy(watcher.isWatching) { watchRoots() }
            let now = try listing(roots)
            let changes = DocumentChange.between(listed, now, renames: batch.renames)
            if !changes.isEmpty { emit(.changed(changes), Array(now.values)) }
            listed = now
            // Every change seen so far happened before this listing, so one
            // more look once the period has passed finds them all quiet.
            lookAgain = batch.eventCount > 0 ? quietPeriodEnd(after: now) : nil
        }
    }

    /// When cloud documents listed incomplete may have become complete by
    /// their quiet period alone, with no event to say so: nil when none is
    /// incomplete or the period is off.
    private func quietPeriodEnd(after documents: [DocumentKey: Document]) -> ContinuousClock.Instant? {
        let period = catalog.quietPeriod.length
        guard period > .zero, documents.values.contains(where: { $0.location == .cloud && $0.states.contains(.incomplete) }) else { return nil }
        // A little later than the period: change times are stamped from a coarse clock.
        return .now + period + .milliseconds(50)
    }

    /// What is there now; a Documents folder that is gone lists nothing,
    /// and is not made again by watching it.
    private func listing(_ roots: [RawPath]) throws -> [DocumentKey: Document] {
        var documents: [DocumentKey: Document] = [:]
        for (location, root) in zip(locations, roots) {
            guard try FileStatus.of(root)?.kind == .directory else { continue }
            var query = DocumentQuery()
            query.locations = [location]
            query.recursive = true
            let found: [Document]
            do {
                found = try catalog.documents(matching: query)
            } catch where (try? FileStatus.of(root)) == nil {
                // Removed while it was being listed: gone, as above.
                continue
            }
            for document in found { documents[DocumentKey(document)] = document }
        }
        return documents
    }
}
