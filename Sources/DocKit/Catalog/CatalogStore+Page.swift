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

        var count: Int { rows.count }

        func removeAll() {
            pathBytes.removeAll(keepingCapacity: true)
            rows.removeAll(keepingCapacity: true)
            text.removeAll(keepingCapacity: true)
            packages.removeAll()
        }

        /// Adds the row `rows` is at, in ``CatalogStore/columns``' order.
        func append(from rows: SQLiteRowReader) {
            let pathStart = pathBytes.count
            rows.withBlob(0) { pathBytes.append(contentsOf: $0) }
            let row = rows.withBlob(1) { record in
                pathBytes.withUnsafeBytes { pathBytes in
                    appendRow(record: record, path: UnsafeRawBufferPointer(rebasing: pathBytes[pathStart...]), pathStart: pathStart)
                }
            }
            // A row this version cannot read is kept with no status, and
            // its document is simply scanned again.
            self.rows.append(row ?? Row(
                status: nil, flags: [], states: 0, type: 0, size: 0, modificationTime: 0,
                pathStart: pathStart, pathCount: pathBytes.count - pathStart, nameStart: text.count, nameCount: 0, displayNameCount: 0
            ))
        }

        /// The row of `record`, its texts added to ``text``; nil, and
        /// nothing added, for a record this version cannot read.
        private func appendRow(record: UnsafeRawBufferPointer, path: UnsafeRawBufferPointer, pathStart: Int) -> Row? {
            guard let fields = CatalogRecord.fields(of: record) else { return nil }
            let name = UnsafeRawBufferPointer(rebasing: fields.name.map { record[$0] } ?? path[CatalogRecord.lastComponent(of: path)])
            let displayName: UnsafeRawBufferPointer
            switch fields.displayName {
            case .bytes(let range): displayName = UnsafeRawBufferPointer(rebasing: record[range])
            case .prefixOfName(let count):
                guard count <= name.count else { return nil }
                displayName = UnsafeRawBufferPointer(rebasing: name[..<count])
            }
            var status: FileStatus? = fields.status
            if let package = fields.package {
                if let contents = try? JSONDecoder().decode(PackageContents.self, from: Data(record[package])) {
                    packages[rows.count] = contents
                } else {
                    status = nil
                }
            }
            let nameStart = text.count
            text.append(contentsOf: name)
            text.append(contentsOf: displayName)
            return Row(
                status: status, flags: fields.flags, states: fields.states, type: typeIndex(of: UnsafeRawBufferPointer(rebasing: record[fields.type])),
                size: fields.size, modificationTime: fields.modificationTime,
                pathStart: pathStart, pathCount: path.count, nameStart: nameStart, nameCount: name.count, displayNameCount: displayName.count
            )
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

        private func typeIndex(of type: UnsafeRawBufferPointer) -> Int {
            // Nearly every row's type is the last row's, or one of a few.
            if let last = types.indices.last, types[last].utf8Equals(type) { return last }
            if let index = types.firstIndex(where: { $0.utf8Equals(type) }) { return index }
            types.append(String(decoding: type, as: UTF8.self))
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
