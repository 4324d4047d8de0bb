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
        var name = document.name
        var displayName = document.displayName
        let path = document.path.bytes
        let relativePath = document.relativePath.bytes
        let isSuffix = path.count >= relativePath.count
            && path.withUnsafeBytes { path in relativePath.withUnsafeBytes { Self.equal(UnsafeRawBufferPointer(rebasing: path.suffix($0.count)), $0) } }
        let pathPrefix = isSuffix ? path[..<(path.count - relativePath.count)] : path[...]
        name.withUTF8 { name in
            displayName.withUTF8 { displayName in
                relativePath.withUnsafeBufferPointer { relativePath in
                    pathPrefix.withUnsafeBufferPointer { pathPrefix in
                        append(
                            relativePath: relativePath, name: name, displayName: displayName, pathPrefix: pathPrefix,
                            type: document.type, size: document.size, modificationDate: document.modificationDate, location: document.location,
                            flags: Self.flags(isPackage: document.isPackage, isFolder: document.isFolder, isSymbolicLink: document.isSymbolicLink, typeWasGuessed: document.typeWasGuessed),
                            states: DocumentState.bits(of: document.states)
                        )
                    }
                }
            }
        }
    }

    static func flags(isPackage: Bool, isFolder: Bool, isSymbolicLink: Bool, typeWasGuessed: Bool) -> UInt8 {
        (isPackage ? 1 : 0) | (isFolder ? 2 : 0) | (isSymbolicLink ? 4 : 0) | (typeWasGuessed ? 8 : 0)
    }

    /// Adds a document given as its fields' bytes: its path is
    /// `pathPrefix` followed by `relativePath`, `flags` are
    /// ``flags(isPackage:isFolder:isSymbolicLink:typeWasGuessed:)``'s and
    /// `states` ``DocumentState/bits(of:)``'s.
    mutating func append(
        relativePath: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>, displayName: UnsafeBufferPointer<UInt8>,
        pathPrefix: UnsafeBufferPointer<UInt8>, type: String, size: Int64, modificationDate: Date, location: Location, flags: UInt8, states: UInt8
    ) {
        let start = bytes.count
        bytes.append(contentsOf: relativePath)
        let nameIsRelativePath = Self.equal(UnsafeRawBufferPointer(name), UnsafeRawBufferPointer(relativePath))
        if !nameIsRelativePath { bytes.append(contentsOf: name) }
        let displayNameIsPrefix = displayName.count <= name.count
            && Self.equal(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(name).prefix(displayName.count)), UnsafeRawBufferPointer(displayName))
        if !displayNameIsPrefix { bytes.append(contentsOf: displayName) }
        records.append(Record(
            start: UInt32(start), relativePathCount: UInt32(relativePath.count), nameCount: nameIsRelativePath ? 0 : UInt32(name.count),
            displayNameCount: displayNameIsPrefix ? 0 : UInt32(displayName.count), displayNameShared: displayNameIsPrefix ? UInt32(displayName.count) : 0,
            pathPrefix: pathPrefixIndex(of: pathPrefix), type: typeIndex(of: type),
            size: size, modificationDate: modificationDate, location: location, flags: flags, states: states,
            nameIsRelativePath: nameIsRelativePath
        ))
        order = nil
    }

    /// Compared as memory: these run once per document.
    private static func equal(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        lhs.count == rhs.count && (lhs.count == 0 || memcmp(lhs.baseAddress!, rhs.baseAddress!, lhs.count) == 0)
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

    static let typesFoundByComparing = 16

    private mutating func typeIndex(of type: String) -> UInt32 {
        // Neighbours mostly share a type, often as one string (the
        // catalog reads a repeated type into the same one): no hashing.
        if let last = lastTypeIndex, types[Int(last)] == type { return last }
        // A listing holds a handful of types, found by comparing them
        // (most often the very strings) sooner than by hashing the type.
        if types.count <= Self.typesFoundByComparing {
            if let index = types.firstIndex(of: type) {
                lastTypeIndex = UInt32(index)
                return UInt32(index)
            }
        } else if let index = typeIndices[type] {
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
    private mutating func pathPrefixIndex(of prefix: UnsafeBufferPointer<UInt8>) -> UInt32 {
        func isPrefix(_ index: Int) -> Bool {
            pathPrefixes[index].withUnsafeBytes { Self.equal($0, UnsafeRawBufferPointer(prefix)) }
        }
        if let last = pathPrefixes.indices.last, isPrefix(last) { return UInt32(last) }
        if let index = pathPrefixes.indices.first(where: isPrefix) { return UInt32(index) }
        pathPrefixes.append(Array(prefix))
        return UInt32(pathPrefixes.count - 1)
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
        return Document(
            location: record.location, relativePath: RawPath(bytes: relativePath),
            path: RawPath(bytes: pathPrefixes[Int(record.pathPrefix)] + relativePath),
            name: name, displayName: displayName, type: types[Int(record.type)],
            size: record.size, modificationDate: record.modificationDate,
            isPackage: record.flags & 1 != 0, isFolder: record.flags & 2 != 0,
            isSymbolicLink: record.flags & 4 != 0, typeWasGuessed: record.flags & 8 != 0,
            states: DocumentState.states(fromBits: record.states)
        )
    }

    /// A document as the listing holds it, read in place: output that
    /// needs only these fields need not make a ``Document`` per row. Its
    /// name is the listing's own bytes, valid only inside the closure
    /// it is handed to.
    public struct Row {
        /// The row's place in the listing's order: `listing[position]`
        /// is its document.
        public let position: Int
        /// The document's name, as `Document.name`'s UTF-8.
        public let name: UnsafeBufferPointer<UInt8>
        /// Whether it lies in its Documents folder itself, so that its
        /// listed name is its name.
        public let isAtTopLevel: Bool
        /// The document's type, as its index in the listing's `types`.
        public let typeIndex: Int
        public let size: Int64
        public let modificationDate: Date
        public let location: Location
        public let isFolder: Bool
        /// Whether the document has any of ``DocumentState``'s states but
        /// normal.
        public let hasStates: Bool
    }

    /// The types of the listing's documents, each once: a ``Row``'s
    /// ``Row/typeIndex`` indexes this.
    public var typeIdentifiers: [String] { types }

    /// Hands `body` the row at each of `positions`, in the listing's
    /// order, borrowing the listing's bytes once for all of them.
    public func forEachRow<Failure: Error>(in positions: Range<Int>, _ body: (Row) throws(Failure) -> Void) throws(Failure) {
        try bytes.withUnsafeBufferPointer { (bytes) throws(Failure) in
            for position in positions {
                let record = records[order?[position] ?? position]
                let start = Int(record.start) + (record.nameIsRelativePath ? 0 : Int(record.relativePathCount))
                let count = record.nameIsRelativePath ? Int(record.relativePathCount) : Int(record.nameCount)
                try body(Row(
                    position: position, name: UnsafeBufferPointer(rebasing: bytes[start..<start + count]),
                    // A name holds no "/": a relative path that is the name is one component.
                    isAtTopLevel: record.nameIsRelativePath
                        || !bytes[Int(record.start)..<Int(record.start + record.relativePathCount)].contains(UInt8(ascii: "/")),
                    typeIndex: Int(record.type), size: record.size, modificationDate: record.modificationDate,
                    location: record.location, isFolder: record.flags & 2 != 0, hasStates: record.states != 0
                ))
            }
        }
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
