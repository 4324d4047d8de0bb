import Foundation

/// A document whose words could not be read, reported the one time its
/// failure is recorded: the next search finds its row current and reads
/// it again only once the document changes.
public struct SearchFailure: Sendable, Hashable {
    /// The document, as listed.
    public var document: Document
    /// Why its extractor gave up.
    public var reason: String
}

extension SearchIndex {
    /// How many documents' texts are written in one transaction.
    static let batchSize = 64
    /// How many extractions run at once: each may be a process of its
    /// own, and a search shares the machine with what the user is doing.
    static let concurrentExtractions = 3

    /// Brings the index of `locations` up to date with `documents`, their
    /// listing as the catalog has just made it, by its own change
    /// detection: a document whose size, modification time and type are
    /// those of its row is not read again; one not listed any more is
    /// removed; one a sync engine is still writing (``DocumentState/incomplete``)
    /// is left as it was until it is complete.
    ///
    /// - Parameters:
    ///   - documents: Every document of `locations`, folders' contents included.
    ///   - locations: The locations `documents` are all of.
    ///   - extractor: Reads the words of each new or changed document.
    ///   - registry: The registry the extractor consults.
    /// - Returns: The failures recorded by this update, for the caller to
    ///   report once, and the rows of `documents` as the index now holds them.
    /// - Throws: ``DocKitError/Code/database`` when the index cannot be read or written.
    func update(
        with documents: [Document], in locations: [Location], extractor: DocumentTextExtractor, registry: TypeRegistry
    ) async throws(DocKitError) -> (failures: [SearchFailure], rows: [Key: Row]) {
        var unseen = try rows(in: locations)
        var current: [Key: Row] = [:]
        var stale: [Document] = []
        for document in documents {
            let key = Key(document)
            let row = unseen.removeValue(forKey: key)
            if let row, row.isCurrent(for: document) || document.states.contains(.incomplete) {
                current[key] = row
            } else if !document.states.contains(.incomplete) {
                stale.append(document)
            }
        }
        let removed = unseen.values.map(\.id)
        if !removed.isEmpty { try write([], removing: removed) }
        var failures: [SearchFailure] = []
        var start = 0
        while start < stale.count {
            let batch = Array(stale[start..<min(start + Self.batchSize, stale.count)])
            start += batch.count
            let entries = await Self.extract(batch, with: extractor, registry: registry)
            for (entry, row) in zip(entries, try write(entries)) {
                current[Key(entry.document)] = row
                if case .failed(let reason) = entry.text { failures.append(SearchFailure(document: entry.document, reason: reason)) }
            }
        }
        return (failures, current)
    }

    /// The texts of `documents`, in their order, at most
    /// ``concurrentExtractions`` read at a time.
    private static func extract(_ documents: [Document], with extractor: DocumentTextExtractor, registry: TypeRegistry) async -> [Entry] {
        await withTaskGroup(of: (Int, ExtractedText).self) { group in
            var texts = [ExtractedText?](repeating: nil, count: documents.count)
            var next = 0
            func startNext() {
                guard next < documents.count else { return }
                let index = next
                let document = documents[index]
                next += 1
                group.addTask {
                    // A placeholder's file is iCloud's note about the document, not its words.
                    if document.states.contains(.notDownloaded) { return (index, .none) }
                    return (index, await extractor.extract(document, registry: registry))
                }
            }
            for _ in 0..<concurrentExtractions { startNext() }
            while let (index, text) = await group.next() {
                texts[index] = text
                startNext()
            }
            return zip(documents, texts).map { Entry(document: $0, text: $1 ?? .none) }
        }
    }
}
