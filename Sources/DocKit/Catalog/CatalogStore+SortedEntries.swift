import Foundation
import GRDB

extension CatalogStore {
    /// A location's rows in the byte order of their relative paths, which
    /// is the order a folder's names are examined in: a scan finds each
    /// name's entry by reading forward, as in a merge, instead of first
    /// holding a location's 50,000 entries in a dictionary. Rows are read a
    /// page at a time, each page in its own read, so that the scan can
    /// write what changed as it goes instead of holding it to the end.
    /// One scan uses it, on one thread: its state is not checked for
    /// exclusive access at run time, at each of a scan's many reads.
    final class SortedEntries {
        static let pageSize = 1024
        private let catalog: CatalogStore
        private let location: Location
        private let documentsDirectory: RawPath
        /// What comes before a relative path in a document's path.
        private let pathPrefix: [UInt8]
        private let page = Page()
        /// Borrowed from the location's database at the first page, given
        /// back when the rows are done with.
        @exclusivity(unchecked) private var reader: (database: CatalogDatabase, connection: DatabaseQueue)?
        /// The row at hand, as its place in the page: rows are compared
        /// where they lie, never copied out (a row's copy retains each of
        /// its strings, and a scan passes every row).
        @exclusivity(unchecked) private var head: Int?
        @exclusivity(unchecked) private var headKept = false
        /// The row at hand made an entry, once asked for as one.
        @exclusivity(unchecked) private var headEntry: (made: Bool, entry: Entry?) = (false, nil)
        @exclusivity(unchecked) private var isLastPage = false
        @exclusivity(unchecked) private var started = false
        /// The rows read past that no entry of this scan is at.
        @exclusivity(unchecked) private(set) var unkept: [RawPath] = []

        fileprivate init(catalog: CatalogStore, location: Location, documentsDirectory: RawPath) {
            self.catalog = catalog
            self.location = location
            self.documentsDirectory = documentsDirectory
            pathPrefix = Array(documentsDirectory.appending(RawPath(bytes: [UInt8(ascii: "x")])).bytes.dropLast())
        }

        deinit {
            // Given back before the properties are released: the database
            // may then close, and its readers must close before it does.
            if let (database, connection) = reader {
                reader = nil
                database.returnReader(connection)
            }
        }

        /// The entry at `relativePath`; paths must be asked for in
        /// nondecreasing order. A row this version cannot read is nil, and
        /// simply scanned again.
        func entry(at relativePath: RawPath) throws(DocKitError) -> Entry? {
            try advance(to: relativePath)
            guard let head, page.orderOfPath(at: head, comparedWith: relativePath) == 0 else { return nil }
            return madeHeadEntry()
        }

        /// Marks the row at `relativePath` as one this scan found an entry
        /// at, if it is the entry that a file of `status` neither
        /// incomplete nor in conflict would be made (see
        /// ``Page/isUnchanged(at:status:)``): a row ``appendHead(to:)`` can
        /// then add to a listing as it is.
        ///
        /// - Returns: Whether it was.
        func keepUnchanged(at relativePath: RawPath, status: FileStatus) throws(DocKitError) -> Bool {
            try advance(to: relativePath)
            guard let head, page.orderOfPath(at: head, comparedWith: relativePath) == 0, page.isUnchanged(at: head, status: status) else { return false }
            headKept = true
            return true
        }

        /// Marks the row at `entry`'s path, if any, as one this scan found
        /// an entry at.
        ///
        /// - Returns: Whether that row is `entry` as it is.
        func keep(_ entry: Entry) throws(DocKitError) -> Bool {
            let relativePath = entry.document.relativePath
            try advance(to: relativePath)
            guard let head, page.orderOfPath(at: head, comparedWith: relativePath) == 0 else { return false }
            headKept = true
            guard let stored = madeHeadEntry() else { return false }
            return stored == entry
        }

        /// The document of the row a ``keepUnchanged(at:status:)`` that
        /// returned true kept.
        var headDocument: Document {
            madeHeadEntry()!.document
        }

        /// Adds the document of the row a ``keepUnchanged(at:status:)`` that
        /// returned true kept to `listing`, as `listing.append(headDocument)`
        /// would, without making it.
        func appendHead(to listing: inout DocumentListing) {
            guard let head else { return }
            pathPrefix.withUnsafeBufferPointer { page.append(head, location: location, pathPrefix: $0, to: &listing) }
        }

        private func madeHeadEntry() -> Entry? {
            guard let head else { return nil }
            if !headEntry.made { headEntry = (true, page.entry(at: head, location: location, documentsDirectory: documentsDirectory)) }
            return headEntry.entry
        }

        /// Reads to the end, so that ``unkept`` holds every row not kept.
        func finish() throws(DocKitError) {
            if !started { try step() }
            while head != nil { try step() }
        }

        private func advance(to relativePath: RawPath) throws(DocKitError) {
            if !started { try step() }
            while let head, page.orderOfPath(at: head, comparedWith: relativePath) < 0 { try step() }
        }

        private func step() throws(DocKitError) {
            // Past the last row, there is no next one.
            guard !started || head != nil else { return }
            if let head, !headKept { unkept.append(page.path(at: head)) }
            headKept = false
            headEntry = (false, nil)
            var next = head.map { $0 + 1 } ?? 0
            if next == page.count, !isLastPage {
                try readPage(after: started ? head.map { page.path(at: $0) } : nil)
                next = 0
            }
            started = true
            head = next < page.count ? next : nil
        }

        private func readPage(after last: RawPath?) throws(DocKitError) {
            if reader == nil {
                let database = try catalog.database(of: location)
                reader = (database, try database.borrowReader())
            }
            let (database, connection) = reader!
            do {
                try connection.read { db in
                    // The primary key's index gives this order without sorting.
                    let statement: Statement
                    if let last {
                        statement = try db.cachedStatement(
                            sql: "SELECT \(CatalogStore.columns) FROM catalogRecord WHERE relativePath > ? ORDER BY relativePath LIMIT ?"
                        )
                        try statement.setArguments([Data(last.bytes), Self.pageSize])
                    } else {
                        statement = try db.cachedStatement(sql: "SELECT \(CatalogStore.columns) FROM catalogRecord ORDER BY relativePath LIMIT ?")
                        try statement.setArguments([Self.pageSize])
                    }
                    let rows = SQLiteRowReader(statement, in: db)
                    defer { rows.finish() }
                    // The page's buffers are kept from one page to the next.
                    page.removeAll()
                    while try rows.step() { page.append(from: rows) }
                }
            } catch {
                throw DocKitError(DatabaseAccessError(path: database.path, error: error))
            }
            isLastPage = page.count < Self.pageSize
        }
    }

    /// The rows of `location` in order, read as they are asked for.
    func sortedEntries(in location: Location, documentsDirectory: RawPath) -> SortedEntries {
        SortedEntries(catalog: self, location: location, documentsDirectory: documentsDirectory)
    }
}
