import Foundation

extension CatalogStore {
    /// Rows as read, kept as their fields' values and bytes: a row becomes
    /// an ``Entry`` (a document, four or five heap blocks) only when it is
    /// asked for as one. A listing's scan compares nearly every row with
    /// its file's status, finds it unchanged, and copies its bytes into the
    /// listing without making one. A class, so that a scan reads a row
    /// in place: a struct kept in a class is copied to be read, retaining
    /// each of its buffers. A page is used by one scan, on one thread, and
    /// each access would otherwise be checked for exclusivity at run time.
    final class Page {
        private struct Row {
            var status: FileStatus?
            var flags: Flags
            var states: UInt8
            var type: Int
            var size: Int64
            var modificationTime: Int64
            var pathStart: Int
            var pathCount: Int
            var nameStart: Int
            var nameCount: Int
            var displayNameCount: Int

            /// Where the relative path lies in ``Page/pathBytes``.
            var path: Range<Int> { pathStart..<pathStart + pathCount }

            /// Where the name lies in ``Page/text``, the display name after it.
            var name: Range<Int> { nameStart..<nameStart + nameCount }
            var displayName: Range<Int> { name.upperBound..<name.upperBound + displayNameCount }
        }

        /// Each row's relative path, one after another: a path of its own
        /// per row would be an allocation and a release per row.
        @exclusivity(unchecked) private var pathBytes: [UInt8] = []
        @exclusivity(unchecked) private var rows: [Row] = []
        /// Each row's name and then its display name.
        @exclusivity(unchecked) private var text: [UInt8] = []
        @exclusivity(unchecked) private var types: [String] = []
        @exclusivity(unchecked) private var packages: [Int: PackageContents] = [:]
        /// The states column as last read, and its states: nearly every
        /// row has the same, most often none.
        @exclusivity(unchecked) private var lastStates: (text: String, bits: UInt8) = ("", 0)

        var count: Int { rows.count }

        func removeAll() {
            pathBytes.removeAll(keepingCapacity: true)
            rows.removeAll(keepingCapacity: true)
            text.removeAll(keepingCapacity: true)
            packages.removeAll()
        }

        /// Adds the row `rows` is at, in ``CatalogStore/columns``' order.
        func append(from rows: inout SQLiteRowReader) {
            let index = self.rows.count
            let pathStart = pathBytes.count
            rows.withBlob(1) { pathBytes.append(contentsOf: $0) }
            let nameStart = text.count
            rows.withText(5) { text.append(contentsOf: $0) }
            let nameCount = text.count - nameStart
            rows.withText(6) { text.append(contentsOf: $0) }
            var status = rows.withText(0) { text in FileStatus.Kind.allCases.first { $0.rawValue.utf8Equals(text) } }.map { kind in
                FileStatus(
                    kind: kind, size: rows.int64(9), modificationTime: rows.int64(10), changeTime: rows.int64(11),
                    inode: UInt64(bitPattern: rows.int64(12)), device: UInt64(bitPattern: rows.int64(13)), mode: UInt32(truncatingIfNeeded: rows.int64(14))
                )
            }
            if let data = rows.optionalBlob(15) {
                // A row this version cannot read has no status, and is simply scanned again.
                if let package = try? JSONDecoder().decode(PackageContents.self, from: Data(data)) { packages[index] = package } else { status = nil }
            }
            self.rows.append(Row(
                status: status, flags: Flags(rawValue: Int(rows.int64(2))), states: states(rows.repeatedText(3)),
                type: typeIndex(of: rows.repeatedText(7)), size: rows.int64(8), modificationTime: rows.int64(4),
                pathStart: pathStart, pathCount: pathBytes.count - pathStart,
                nameStart: nameStart, nameCount: nameCount, displayNameCount: text.count - nameStart - nameCount
            ))
        }

        /// The relative path of the row at `index`.
        func path(at index: Int) -> RawPath {
            RawPath(bytes: Array(pathBytes[rows[index].path]))
        }

        /// The order of the row at `index`'s relative path and
        /// `relativePath`, as ``RawPath/order(of:and:)`` gives it.
        func orderOfPath(at index: Int, comparedWith relativePath: RawPath) -> Int {
            pathBytes.withUnsafeBytes { pathBytes in
                relativePath.bytes.withUnsafeBytes { RawPath.order(of: UnsafeRawBufferPointer(rebasing: pathBytes[rows[index].path]), and: $0) }
            }
        }

        private func states(_ list: String) -> UInt8 {
            if list == lastStates.text { return lastStates.bits }
            let states = Set(list.split(separator: ",").compactMap { DocumentState(rawValue: String($0)) })
            lastStates = (list, DocumentState.bits(of: states))
            return lastStates.bits
        }

        private func typeIndex(of type: String) -> Int {
            // The reader hands a repeated type back as the same string.
            if let last = types.indices.last, types[last] == type { return last }
            if let index = types.firstIndex(of: type) { return index }
            types.append(type)
            return types.count - 1
        }

        /// The row at `index` as an entry; nil for a row this version cannot read.
        func entry(at index: Int, location: Location, documentsDirectory: RawPath) -> Entry? {
            let row = rows[index]
            guard let status = row.status else { return nil }
            let relativePath = path(at: index)
            let document = Document(
                location: location, relativePath: relativePath, path: documentsDirectory.appending(relativePath),
                name: String(decoding: text[row.name], as: UTF8.self), displayName: String(decoding: text[row.displayName], as: UTF8.self),
                type: types[row.type], size: row.size, modificationDate: Nanoseconds.date(row.modificationTime),
                isPackage: row.flags.contains(.package), isFolder: row.flags.contains(.folder),
                isSymbolicLink: row.flags.contains(.symbolicLink), typeWasGuessed: row.flags.contains(.typeWasGuessed),
                states: DocumentState.states(fromBits: row.states)
            )
            return Entry(document: document, status: status, package: packages[index], isRacy: row.flags.contains(.racy))
        }

        /// Whether the row at `index` is the entry a scan would make of a
        /// file with `status` that is neither incomplete nor in conflict,
        /// as ``DocumentScanner`` decides: the same status, settled when
        /// it was catalogued, no package (whose contents must be checked),
        /// and neither of those states.
        func isUnchanged(at index: Int, status: FileStatus) -> Bool {
            let row = rows[index]
            return row.status == status && !row.flags.contains(.racy) && !row.flags.contains(.package)
                && row.states & Self.statesOfTheListing == 0
        }

        /// The states a scan decides from a folder's names, never taking them from the catalog.
        private static let statesOfTheListing = DocumentState.bits(of: [.incomplete, .inConflict])

        /// Adds the document of the row at `index` to `listing`, as
        /// `listing.append(entry(at: index, …).document)` would.
        ///
        /// - Parameter pathPrefix: What comes before a relative path in
        ///   the absolute path: the Documents folder and a slash.
        func append(_ index: Int, location: Location, pathPrefix: UnsafeBufferPointer<UInt8>, to listing: inout DocumentListing) {
            let row = rows[index]
            text.withUnsafeBufferPointer { text in
                pathBytes.withUnsafeBufferPointer { pathBytes in
                    listing.append(
                        relativePath: UnsafeBufferPointer(rebasing: pathBytes[row.path]),
                        name: UnsafeBufferPointer(rebasing: text[row.name]), displayName: UnsafeBufferPointer(rebasing: text[row.displayName]),
                        pathPrefix: pathPrefix, type: types[row.type], size: row.size, modificationDate: Nanoseconds.date(row.modificationTime),
                        location: location,
                        flags: DocumentListing.flags(
                            isPackage: row.flags.contains(.package), isFolder: row.flags.contains(.folder),
                            isSymbolicLink: row.flags.contains(.symbolicLink), typeWasGuessed: row.flags.contains(.typeWasGuessed)
                        ),
                        states: row.states
                    )
                }
            }
        }
    }
}
