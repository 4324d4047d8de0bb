import Foundation

/// One document a search found.
public struct SearchHit: Sendable, Hashable {
    /// The document, as listed.
    public var document: Document
    /// Words around the best match in its content; nil when the query
    /// has no words, or the document no indexed text.
    public var snippet: SearchSnippet?
    /// What reading its words gave; nil while it is not indexed yet
    /// (a sync engine is still writing it).
    public var extraction: SearchIndex.Outcome?
    /// Why its words could not be read, when ``extraction`` is `failed`.
    public var failureReason: String?
}

/// What a search found.
public struct SearchResults: Sendable {
    /// The hits, best first: by bm25 rank when the query has words, the
    /// name weighing above the content; by name when it has only predicates.
    public var hits: [SearchHit]
    /// How many documents matched, before any limit.
    public var count: Int
    /// The documents whose text this search failed to read for the first
    /// time since they last changed.
    public var newFailures: [SearchFailure]
}

/// `search`: brings the index up to date with the catalog, then finds the
/// documents a ``SearchQuery`` matches.
public struct DocumentSearch: Sendable {
    public let catalog: DocumentCatalog
    public let index: SearchIndex
    public let extractor: DocumentTextExtractor

    /// - Parameters:
    ///   - catalog: The documents searched.
    ///   - index: The index, as ``SearchIndex/init(directory:)`` opens it in the catalog's folder.
    ///   - extractor: Reads the words of new and changed documents.
    public init(catalog: DocumentCatalog, index: SearchIndex, extractor: DocumentTextExtractor) {
        self.catalog = catalog
        self.index = index
        self.extractor = extractor
    }

    /// Opens the index of `catalog`'s home, beside its catalog.
    ///
    /// - Throws: ``DocKitError/Code/database`` when the index cannot be opened.
    public init(catalog: DocumentCatalog, extractor: DocumentTextExtractor) throws(DocKitError) {
        self.init(catalog: catalog, index: try SearchIndex(directory: catalog.home.catalogDirectory), extractor: extractor)
    }

    /// The documents of `locations` that `query` matches.
    ///
    /// - Parameters:
    ///   - query: The query.
    ///   - locations: Where to look; both by default.
    ///   - limit: The most hits returned; all when nil.
    /// - Returns: The hits, best first, and the failures recorded on the way.
    /// - Throws: What listing the locations throws (``DocKitError``,
    ///   ``DocKitError/Code/fileSystem``), and ``DocKitError/Code/database``.
    public func run(_ query: SearchQuery, in locations: [Location] = Location.allCases, limit: Int? = nil) async throws -> SearchResults {
        var listing = DocumentQuery()
        listing.locations = locations
        listing.recursive = true
        // A scan waits on the disk: on a thread of its own, not the pool's.
        let (catalog, scope) = (catalog, listing)
        let documents = try await DetachedThread.value { try catalog.documents(matching: scope) }
        return try await run(query, in: locations, limit: limit, listed: documents)
    }

    /// ``run(_:in:limit:)`` over `documents`, every document of
    /// `locations` as a listing has just found them.
    func run(_ query: SearchQuery, in locations: [Location], limit: Int? = nil, listed documents: [Document]) async throws -> SearchResults {
        let failures = try await index.update(with: documents, in: locations, extractor: extractor, registry: catalog.registry)
        // Only the rows of documents a term is found in, and then of the
        // hits: a search whose listing is unchanged reads no other row.
        var rows: [SearchIndex.Key: SearchIndex.Row] = [:]
        var termKeys: [SearchTerm: Set<SearchIndex.Key>] = [:]
        for term in query.expression.allTerms {
            let found = try index.rows(matching: term, in: locations)
            termKeys[term] = Set(found.keys)
            rows.merge(found) { first, _ in first }
        }
        let registry = catalog.registry
        var matched: [(document: Document, key: SearchIndex.Key)] = []
        for document in documents {
            // A key copies the path: made only when a term is looked up.
            guard query.expression.matches(document, registry: registry, hasTerm: { termKeys[$0]?.contains(SearchIndex.Key(document)) ?? false }) else { continue }
            matched.append((document, SearchIndex.Key(document)))
        }
        // Hits found by predicates alone: a row each, or every row at once
        // when there are so many that one pass over the table is cheaper.
        let unread = matched.map(\.key).filter { rows[$0] == nil }
        rows.merge(try unread.count > 256 ? index.rows(in: locations) : index.rows(for: unread)) { first, _ in first }
        let hits = matched.map { document, key in
            let row = rows[key]
            return (hit: SearchHit(document: document, extraction: row?.outcome, failureReason: row?.reason), row: row)
        }
        let terms = query.rankingTerms
        let scores = try index.scores(of: terms)
        // The name order first, then the rank, stably: equal ranks and
        // unranked hits (found by a predicate alone) stay in name order.
        let byName = DocumentQuery().ordered(hits.map(\.hit.document), registry: registry)
        var namePosition: [SearchIndex.Key: Int] = [:]
        for (position, document) in byName.enumerated() { namePosition[SearchIndex.Key(document)] = position }
        let ordered = hits.map { entry in
            (entry: entry, score: entry.row.flatMap { scores[$0.id] } ?? .infinity, name: namePosition[SearchIndex.Key(entry.hit.document)] ?? 0)
        }.sorted { ($0.score, $0.name) < ($1.score, $1.name) }.map(\.entry)
        var shown = limit.map { Array(ordered.prefix($0)) } ?? ordered
        let withText = shown.compactMap { $0.hit.extraction == .text ? $0.row?.id : nil }
        let snippets = try index.snippets(of: terms, for: withText)
        for position in shown.indices {
            guard let id = shown[position].row?.id, let snippet = snippets[id] else { continue }
            shown[position].hit.snippet = SearchSnippet(marked: snippet)
        }
        return SearchResults(hits: shown.map(\.hit), count: ordered.count, newFailures: failures)
    }

    /// Empties the index, so that the next ``run(_:in:limit:)`` reads every
    /// document again; never needed, since each search brings the index up
    /// to date.
    ///
    /// - Throws: ``DocKitError/Code/database`` when the index cannot be written.
    public func rebuild() throws(DocKitError) {
        try index.removeAll()
    }
}
