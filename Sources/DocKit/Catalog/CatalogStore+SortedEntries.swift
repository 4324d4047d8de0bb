import Foundation
import GRDB

extension CatalogStore {
    /// A location's rows in the byte order of their relative paths, which
    /// is the order a folder's names are examined in: a scan finds each
    /// name's entry by reading forward, as in a merge, instead of first
    /// holding a location's 50,000 entries in a dictionary. Rows are read a
    /// page at a time, each page in its own read, so that the scan can
    /// write what changed as it goes instead of holding it to the end.
    final class SortedEntries {
        static let pageSize = 1024
        private let catalog: CatalogStore
        private let location: Location
        private let documentsDirectory: RawPath
        /// The page's paths and entries, apart: a path is compared without
        /// copying its entry with it.
        private var paths: [RawPath] = []
        private var entries: [Entry?] = []
        /// The row at hand, as its place in the page: rows are compared
        /// where they lie, never copied out (a row's copy retains each of
        /// its strings, and a scan passes every row).
        private var head: Int?
        private var headKept = false
        private var isLastPage = false
        private var started = false
        /// The rows read past that no entry of this scan is at.
        private(set) var unkept: [RawPath] = []

        fileprivate init(catalog: CatalogStore, location: Location, documentsDirectory: RawPath) {
            self.catalog = catalog
            self.location = location
            self.documentsDirectory = documentsDirectory
        }

        /// The entry at `relativePath`; paths must be asked for in
        /// nondecreasing order. A row this version cannot read is nil, and
        /// simply scanned again.
        func entry(at relativePath: RawPath) throws(DatabaseAccessError) -> Entry? {
            try advance(to: relativePath)
            guard let head, paths[head] == relativePath else { return nil }
            return entries[head]
        }

        /// Marks the row at `entry`'s path, if any, as one this scan found
        /// an entry at.
        ///
        /// - Returns: Whether that row is `entry` as it is.
        func keep(_ entry: Entry) throws(DatabaseAccessError) -> Bool {
            let relativePath = entry.document.relativePath
            try advance(to: relativePath)
            guard let head, paths[head] == relativePath else { return false }
            headKept = true
            return entries.withUnsafeBufferPointer { $0[head] == entry }
        }

        /// Reads to the end, so that ``unkept`` holds every row not kept.
        func finish() throws(DatabaseAccessError) {
            if !started { try step() }
            while head != nil { try step() }
        }

        private func advance(to relativePath: RawPath) throws(DatabaseAccessError) {
            if !started { try step() }
            while let head, paths[head] < relativePath { try step() }
        }

        private func step() throws(DatabaseAccessError) {
            // Past the last row, there is no next one.
            guard !started || head != nil else { return }
            if let head, !headKept { unkept.append(paths[head]) }
            headKept = false
            var next = head.map { $0 + 1 } ?? 0
            if next == paths.count, !isLastPage {
                try readPage(after: started ? head.map { paths[$0] } : nil)
                next = 0
            }
            started = true
            head = next < paths.count ? next : nil
        }

        private func readPage(after last: RawPath?) throws(DatabaseAccessError) {
            let location = location
            let documentsDirectory = documentsDirectory
            do {
                (paths, entries) = try catalog.pool.read { db in
                    // The primary key's index gives this order without sorting.
                    let statement: Statement
                    if let last {
                        statement = try db.cachedStatement(
                            sql: "SELECT \(CatalogStore.columns) FROM catalogEntry WHERE location = ? AND relativePath > ? ORDER BY relativePath LIMIT ?"
                        )
                        try statement.setArguments([location.rawValue, Data(last.bytes), Self.pageSize])
                    } else {
                        statement = try db.cachedStatement(sql: "SELECT \(CatalogStore.columns) FROM catalogEntry WHERE location = ? ORDER BY relativePath LIMIT ?")
                        try statement.setArguments([location.rawValue, Self.pageSize])
                    }
                    var rows = SQLiteRowReader(statement, in: db)
                    defer { rows.finish() }
                    var paths: [RawPath] = []
                    var entries: [Entry?] = []
                    paths.reserveCapacity(Self.pageSize)
                    entries.reserveCapacity(Self.pageSize)
                    while try rows.step() {
                        let entry = CatalogStore.entry(from: &rows, location: location, documentsDirectory: documentsDirectory)
                        paths.append(entry?.document.relativePath ?? RawPath(bytes: rows.blob(1)))
                        entries.append(entry)
                    }
                    return (paths, entries)
                }
            } catch {
                throw DatabaseAccessError(path: catalog.path, error: error)
            }
            isLastPage = paths.count < Self.pageSize
        }
    }

    /// The rows of `location` in order, read as they are asked for.
    func sortedEntries(in location: Location, documentsDirectory: RawPath) -> SortedEntries {
        SortedEntries(catalog: self, location: location, documentsDirectory: documentsDirectory)
    }
}
