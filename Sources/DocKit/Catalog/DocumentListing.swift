import Foundation

/// The documents `list` shows, in the query's order, held as bytes in one
/// buffer plus a fixed-size record each: a ``Document`` costs four heap
/// blocks and about 400 bytes, so 100,000 of them would be most of a
/// listing's memory, where these records and bytes take under 10 MB.
/// Each document is made again, equal to the one added, as it is read.
public struct DocumentListing: Sequence, Sendable {
    private struct Record: Sendable {
        var start: UInt32
        var relativePathCount: UInt32
        /// Bytes of the name stored after the relative path; none when the
        /// name is the relative path's own UTF-8, as for most documents.
        var nameCount: UInt32
        /// Bytes of the display name stored after the name; none when it
        /// is a start of the name, of `displayNameShared` bytes.
        var displayNameCount: UInt32
        var displayNameShared: UInt32
        /// What comes before the relative path in the absolute path.
        var pathPrefix: UInt32
        var type: UInt32
        var size: Int64
        var modificationDate: Date
        var location: Location
        var flags: UInt8
        var states: UInt8
        var nameIsRelativePath: Bool
    }

    private var bytes: [UInt8] = []
    private var records: [Record] = []
    private var types: [String] = []
    private var typeIndices: [String: UInt32] = [:]
    private var lastTypeIndex: UInt32?
    private var pathPrefixes: [[UInt8]] = []
    private var order: [Int]?

    init() {}

    /// How many documents the listing holds.
    public var count: Int { records.count }

    /// `true` when no document matched.
    public var isEmpty: Bool { records.isEmpty }

    mutating func append(_ document: Document) {
        let relativePath = document.relativePath.bytes
        let start = bytes.count
        bytes += relativePath
        let nameIsRelativePath = relativePath.withUnsafeBytes { document.name.utf8Equals($0) }
        var nameCount = 0
        if !nameIsRelativePath {
            bytes += document.name.utf8
            nameCount = document.name.utf8.count
        }
        var displayNameCount = 0
        var displayNameShared = 0
        if document.name.utf8HasPrefix(document.displayName) {
            displayNameShared = document.displayName.utf8.count
        } else {
            bytes += document.displayName.utf8
            displayNameCount = document.displayName.utf8.count
        }
        records.append(Record(
            start: UInt32(start), relativePathCount: UInt32(relativePath.count), nameCount: UInt32(nameCount),
            displayNameCount: UInt32(displayNameCount), displayNameShared: UInt32(displayNameShared),
            pathPrefix: pathPrefixIndex(of: document), type: typeIndex(of: document.type),
            size: document.size, modificationDate: document.modificationDate, location: document.location,
            flags: (document.isPackage ? 1 : 0) | (document.isFolder ? 2 : 0) | (document.isSymbolicLink ? 4 : 0) | (document.typeWasGuessed ? 8 : 0),
            states: document.states.reduce(0) { $0 | Self.bit(of: $1) },
            nameIsRelativePath: nameIsRelativePath
        ))
        order = nil
    }

    /// Adds `other`'s documents after this listing's, in their order.
    mutating func append(contentsOf other: DocumentListing) {
        let byteOffset = UInt32(bytes.count)
        let typeIndices = other.types.map { typeIndex(of: $0) }
        let prefixIndices = other.pathPrefixes.map { prefix in
            if let index = pathPrefixes.firstIndex(of: prefix) { return UInt32(index) }
            pathPrefixes.append(prefix)
            return UInt32(pathPrefixes.count - 1)
        }
        bytes += other.bytes
        records.reserveCapacity(records.count + other.records.count)
        for var record in other.records {
            record.start += byteOffset
            record.type = typeIndices[Int(record.type)]
            record.pathPrefix = prefixIndices[Int(record.pathPrefix)]
            records.append(record)
        }
        order = nil
    }

    private mutating func typeIndex(of type: String) -> UInt32 {
        // Neighbours mostly share a type, often as one string (the
        // catalog reads a repeated type into the same one): no hashing.
        if let last = lastTypeIndex, types[Int(last)] == type { return last }
        if let index = typeIndices[type] {
            lastTypeIndex = index
            return index
        }
        let index = UInt32(types.count)
        types.append(type)
        typeIndices[type] = index
        lastTypeIndex = index
        return index
    }

    /// A listing's paths share one or two prefixes, the Documents folders;
    /// the last one used is nearly always the one wanted.
    private mutating func pathPrefixIndex(of document: Document) -> UInt32 {
        let path = document.path.bytes
        let relativePath = document.relativePath.bytes
        // Compared as memory: these run once per document.
        func equal(_ lhs: ArraySlice<UInt8>, _ rhs: ArraySlice<UInt8>) -> Bool {
            lhs.count == rhs.count && lhs.withUnsafeBytes { lhs in rhs.withUnsafeBytes { rhs in lhs.count == 0 || memcmp(lhs.baseAddress!, rhs.baseAddress!, lhs.count) == 0 } }
        }
        let prefix = path.count >= relativePath.count && equal(path.suffix(relativePath.count), relativePath[...])
            ? path.prefix(path.count - relativePath.count) : path[...]
        if let last = pathPrefixes.indices.last, equal(pathPrefixes[last][...], prefix) { return UInt32(last) }
        if let index = pathPrefixes.firstIndex(where: { $0.elementsEqual(prefix) }) { return UInt32(index) }
        pathPrefixes.append(Array(prefix))
        return UInt32(pathPrefixes.count - 1)
    }

    private static func bit(of state: DocumentState) -> UInt8 {
        UInt8(1) << UInt8(DocumentState.allCases.firstIndex(of: state)!)
    }

    /// Puts the documents in the query's order, as ``DocumentQuery/ordered(_:registry:)`` would.
    mutating func sort(as query: DocumentQuery, registry: TypeRegistry) {
        // Kinds by type, so that a key is made at each comparison from the
        // record itself: 100,000 keys held at once would be megabytes.
        let kinds = query.sort == .kind ? types.map { registry.type(withIdentifier: $0)?.description ?? $0 } : []
        let records = records
        let listing = self
        order = query.order(
            count: records.count,
            key: { index in
                let record = records[index]
                return DocumentQuery.OrderingKey(
                    location: record.location, modificationDate: record.modificationDate, size: record.size,
                    kind: kinds.isEmpty ? "" : kinds[Int(record.type)]
                )
            },
            listedName: { listing.listedName(of: records[$0]) }
        )
    }

    private func listedName(of record: Record) -> String {
        // At the top level, nearly always, the listed name is the name.
        let start = Int(record.start)
        if !bytes[start..<start + Int(record.relativePathCount)].contains(UInt8(ascii: "/")) { return name(of: record) }
        let relativePath = RawPath(bytes: Array(bytes[Int(record.start)..<Int(record.start + record.relativePathCount)]))
        let parent = relativePath.deletingLastComponent
        let name = self.name(of: record)
        return parent.isEmpty ? name : "\(parent)/\(name)"
    }

    private func name(of record: Record) -> String {
        let start = Int(record.start) + (record.nameIsRelativePath ? 0 : Int(record.relativePathCount))
        let count = record.nameIsRelativePath ? Int(record.relativePathCount) : Int(record.nameCount)
        return String(decoding: bytes[start..<start + count], as: UTF8.self)
    }

    /// The document at `position` in the listing's order.
    public subscript(position: Int) -> Document {
        document(at: order?[position] ?? position)
    }

    private func document(at index: Int) -> Document {
        let record = records[index]
        let start = Int(record.start)
        let relativePath = Array(bytes[start..<start + Int(record.relativePathCount)])
        let name = self.name(of: record)
        let displayName: String
        if record.displayNameCount > 0 || record.displayNameShared == 0 {
            let displayStart = start + Int(record.relativePathCount) + Int(record.nameCount)
            displayName = String(decoding: bytes[displayStart..<displayStart + Int(record.displayNameCount)], as: UTF8.self)
        } else {
            displayName = String(decoding: name.utf8.prefix(Int(record.displayNameShared)), as: UTF8.self)
        }
        var states: Set<DocumentState> = []
        for state in DocumentState.allCases where record.states & Self.bit(of: state) != 0 { states.insert(state) }
        return Document(
            location: record.location, relativePath: RawPath(bytes: relativePath),
            path: RawPath(bytes: pathPrefixes[Int(record.pathPrefix)] + relativePath),
            name: name, displayName: displayName, type: types[Int(record.type)],
            size: record.size, modificationDate: record.modificationDate,
            isPackage: record.flags & 1 != 0, isFolder: record.flags & 2 != 0,
            isSymbolicLink: record.flags & 4 != 0, typeWasGuessed: record.flags & 8 != 0,
            states: states
        )
    }

    public func makeIterator() -> Iterator {
        Iterator(listing: self)
    }

    /// Makes each document as it is reached.
    public struct Iterator: IteratorProtocol {
        let listing: DocumentListing
        var position = 0

        public mutating func next() -> Document? {
            guard position < listing.count else { return nil }
            defer { position += 1 }
            return listing[position]
        }
    }
}
