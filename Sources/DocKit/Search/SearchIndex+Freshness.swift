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
    /// How many documents' texts are read before they are written.
    static let batchSize = 64
    /// How many bytes of text one transaction writes, at least, when that
    /// many are to be written: each commit makes FTS5 flush a segment it
    /// later merges, and brings the next checkpoint (and its fdatasyncs)
    /// nearer, so ten commits of 64 short documents cost the first index
    /// far more than one. A batch is atomic whatever its size.
    static let transactionBytes = 4 << 20
    /// The most documents one transaction writes, however short their texts.
    static let transactionDocuments = 1024
    /// How many extractions run at once: each may be a process of its
    /// own, and a search shares the machine with what the user is doing.
    static let concurrentExtractions = 3

    /// Brings the index of `locations` up to date with `documents`, their
    /// listing as the catalog has just made it, by its own change
    /// detection: a document whose size, modification time and type are
    /// those of its row is not read again; one not listed any more is
    /// removed; one a sync engine is still writing (``DocumentState/incomplete``)
    /// is left as it was until it is complete. A listing whose fingerprint
    /// is the one recorded after the last complete update is not compared
    /// row by row: nothing in it changed.
    ///
    /// - Parameters:
    ///   - documents: Every document of `locations`, folders' contents included.
    ///   - locations: The locations `documents` are all of.
    ///   - extractor: Reads the words of each new or changed document.
    ///   - registry: The registry the extractor consults.
    /// - Returns: The failures recorded by this update, for the caller to report once.
    /// - Throws: ``DocKitError/Code/database`` when the index cannot be read or written.
    func update(
        with documents: [Document], in locations: [Location], extractor: DocumentTextExtractor, registry: TypeRegistry
    ) async throws(DocKitError) -> [SearchFailure] {
        let fingerprint = ListingFingerprint(documents)
        if try self.fingerprint(of: locations) == fingerprint { return [] }
        // Each write of this update adds one to it; any other step means
        // another search wrote meanwhile, and no fingerprint is recorded.
        var seen = try generation()
        var alone = true
        func wrote(_ generation: Int64) {
            alone = alone && generation == seen + 1
            seen = generation
        }
        var unseen = try rows(in: locations)
        var stale: [Document] = []
        for document in documents {
            let row = unseen.removeValue(forKey: Key(document))
            if let row, row.isCurrent(for: document) || document.states.contains(.incomplete) {
                continue
            } else if !document.states.contains(.incomplete) {
                stale.append(document)
            }
        }
        let removed = unseen.values.map(\.id)
        if !removed.isEmpty { wrote(try await writeOffThePool([], removing: removed)) }
        var failures: [SearchFailure] = []
        var pending: [Entry] = []
        var pendingBytes = 0
        var start = 0
        while start < stale.count {
            let batch = Array(stale[start..<min(start + Self.batchSize, stale.count)])
            start += batch.count
            let entries = await Self.extract(batch, with: extractor, registry: registry)
            for entry in entries {
                if case .text(let words) = entry.text { pendingBytes += words.utf8.count }
                if case .failed(let reason) = entry.text { failures.append(SearchFailure(document: entry.document, reason: reason)) }
            }
            pending += entries
            if pendingBytes >= Self.transactionBytes || pending.count >= Self.transactionDocuments || start == stale.count {
                wrote(try await writeOffThePool(pending))
                pending = []
                pendingBytes = 0
            }
        }
        // Only now: an update killed half way leaves no fingerprint, and
        // the next search compares every row.
        if alone { try record(fingerprint, for: locations, ifGeneration: seen) }
        return failures
    }

    /// ``write(_:removing:)`` on a thread of its own, returning the
    /// generation: a transaction of a few MiB keeps SQLite busy for long
    /// enough to hold up everything else on the concurrency pool's few
    /// threads, a web server's requests among them.
    private func writeOffThePool(_ entries: [Entry], removing removed: [Int64] = []) async throws(DocKitError) -> Int64 {
        do {
            return try await DetachedThread.value { try self.write(entries, removing: removed).generation }
        } catch let error as DocKitError {
            throw error
        } catch {
            throw DocKitError(.database, document: url.path, description: "\(url.path): \(error)")
        }
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
