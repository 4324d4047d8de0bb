/// A search that stays open, as NSMetadataQuery does: the documents that
/// match, then each document that starts or stops matching as the
/// folders change, a sync engine's deliveries included. Each iteration
/// watches on its own (``DocumentCatalog/changes(in:settle:)``) and stops
/// when the iteration ends or its task is cancelled.
///
/// ```swift
/// let query = try SearchQuery("invoice kind:com.adobe.pdf")
/// for try await event in search.live(query) {
///     switch event {
///     case .gathered(let hits): show(hits)
///     case .started(let hits): add(hits)
///     case .stopped(let documents): remove(documents)
///     case .unreadable(let failures): note(failures)
///     }
/// }
/// ```
///
/// A document changed while it keeps matching is not reported again: its
/// place in the results stays. A rename is the old name stopping and the
/// new one starting. A document a sync engine is still writing starts
/// matching once it is complete.
public struct LiveSearch: AsyncSequence, Sendable {
    /// What the sequence yields.
    public enum Event: Sendable, Hashable {
        /// The documents that matched when the search began, best first:
        /// NSMetadataQuery's "finished gathering". Always first.
        case gathered([SearchHit])
        /// Documents that match now and did not before, in name order.
        case started([SearchHit])
        /// Documents that matched and no longer do (or are gone), in name order.
        case stopped([Document])
        /// Documents whose words could not be read, each said once; they
        /// are still found by their names.
        case unreadable([SearchFailure])
    }

    /// The sequence yields ``Event`` values.
    public typealias Element = Event

    let search: DocumentSearch
    let query: SearchQuery
    let locations: [Location]
    let settle: Duration

    /// Starts the search and its watch; both stop when the iteration ends or is cancelled.
    ///
    /// - Returns: An iterator that yields ``Event/gathered(_:)`` first, and
    ///   throws what searching or watching the folders throws.
    public func makeAsyncIterator() -> AsyncThrowingStream<Event, any Error>.Iterator {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Event.self)
        let task = Task { [search, query, locations, settle] in
            do {
                var matching: [SearchIndex.Key: Document] = [:]
                // The watch's own listing is searched: listing again would
                // ask the sync engine again, and delay each report by as much.
                for try await listing in search.catalog.listings(in: locations, settle: settle) {
                    let results = try await search.run(query, in: locations, listed: listing.documents)
                    let now = Dictionary(results.hits.map { (SearchIndex.Key($0.document), $0) }, uniquingKeysWith: { first, _ in first })
                    if case .gathered = listing.event {
                        continuation.yield(.gathered(results.hits))
                    } else {
                        let started = results.hits.filter { matching[SearchIndex.Key($0.document)] == nil }
                        let stopped = matching.filter { now[$0.key] == nil }.values.sorted { $0.qualifiedName < $1.qualifiedName }
                        if !stopped.isEmpty { continuation.yield(.stopped(stopped)) }
                        if !started.isEmpty { continuation.yield(.started(started.sorted { $0.document.qualifiedName < $1.document.qualifiedName })) }
                    }
                    if !results.newFailures.isEmpty { continuation.yield(.unreadable(results.newFailures)) }
                    matching = now.mapValues(\.document)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream.makeAsyncIterator()
    }
}

extension DocumentSearch {
    /// `query` kept open: the documents of `locations` it matches, then
    /// those that start or stop matching; see ``LiveSearch``.
    ///
    /// - Parameters:
    ///   - query: The query.
    ///   - locations: Where to look; both by default.
    ///   - settle: How long the folders must be quiet before a burst of
    ///     changes is read, so that a package copied in is judged whole.
    /// - Returns: The sequence; each iteration searches and watches on its own.
    public func live(_ query: SearchQuery, in locations: [Location] = Location.allCases, settle: Duration = .milliseconds(300)) -> LiveSearch {
        LiveSearch(search: self, query: query, locations: locations, settle: settle)
    }
}
