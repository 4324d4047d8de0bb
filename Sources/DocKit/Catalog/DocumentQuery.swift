#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Which documents `list` shows, and in what order.
public struct DocumentQuery: Sendable, Hashable {
    /// What `list` sorts by: `name` ascending, `date` newest first, `size` largest first,
    /// `kind` by the type's description; ties fall back to name order.
    public enum SortKey: String, Sendable, Hashable, CaseIterable {
        case name, date, size, kind
    }

    /// The locations scanned, in this order; both by default.
    public var locations: [Location] = Location.allCases
    /// Only documents whose type conforms to this one.
    public var type: String?
    /// A shell glob on the filename, compared case-insensitively.
    public var nameGlob: String?
    /// The primary sort key; name by default.
    public var sort: SortKey = .name
    /// Reverses the whole order, tie-breakers included.
    public var reverse = false
    /// Lists the contents of folders too, named `Folder/Name.ext`; packages are never entered.
    public var recursive = false

    /// Every document of both locations, sorted by name.
    public init() {}

    /// Whether `document` passes the type and name filters.
    ///
    /// - Parameters:
    ///   - document: The document to test.
    ///   - registry: Answers whether its type conforms to ``type``.
    /// - Returns: `true` when every filter set is passed; `true` when none is set.
    public func matches(_ document: Document, registry: TypeRegistry) -> Bool {
        if let type, !registry.conforms(document.type, to: type) { return false }
        if let nameGlob {
            // FNM_CASEFOLD is a GNU extension Swift cannot see; folding
            // both sides gives the same answer.
            let matched = nameGlob.lowercased().withCString { pattern in
                document.name.lowercased().withCString { fnmatch(pattern, $0, 0) == 0 }
            }
            if !matched { return false }
        }
        return true
    }

    /// Sorts with the Finder's name order (case-insensitive, numbers by
    /// value) as the tie-breaker for every key, then location.
    ///
    /// - Parameters:
    ///   - documents: The documents to sort.
    ///   - registry: Gives type descriptions for the `kind` key.
    /// - Returns: The documents in order, reversed when ``reverse`` is set.
    public func ordered(_ documents: [Document], registry: TypeRegistry) -> [Document] {
        let keys = documents.map { document in
            OrderingKey(
                location: document.location, modificationDate: document.modificationDate, size: document.size,
                kind: sort == .kind ? registry.type(withIdentifier: document.type)?.description ?? document.type : ""
            )
        }
        return order(count: keys.count, key: { keys[$0] }, listedName: { documents[$0].listedName }).map { documents[$0] }
    }

    /// What the order compares of a document besides its listed name; a
    /// kind is looked up once per type rather than at each of the million
    /// comparisons of a large listing.
    struct OrderingKey {
        var location: Location
        var modificationDate: Date
        var size: Int64
        /// The type's description, for the `kind` key only.
        var kind: String
    }

    /// The positions `0..<count` in the query's order; a stable sort, so
    /// that documents the order cannot tell apart keep the order they came
    /// in. Keys and listed names are asked for by position: most names are
    /// compared by a byte key, and neither is held for every document,
    /// which for 100,000 documents would be megabytes at a listing's peak.
    func order(count: Int, key: (Int) -> OrderingKey, listedName: (Int) -> String) -> [Int] {
        let nameKeys = FinderNameKeys((0..<count).lazy.map(listedName))
        var unkeyedNames: [Int: String] = [:]
        for index in 0..<count where !nameKeys.hasKey(index) { unkeyedNames[index] = listedName(index) }
        func name(_ index: Int) -> String { unkeyedNames[index] ?? listedName(index) }
        func nameOrder(_ lhsIndex: Int, _ rhsIndex: Int) -> ComparisonResult {
            let result = nameKeys.compare(lhsIndex, rhsIndex) ?? name(lhsIndex).compare(name(rhsIndex), options: [.caseInsensitive, .numeric])
            if result != .orderedSame { return result }
            let lhs = key(lhsIndex).location
            let rhs = key(rhsIndex).location
            if lhs != rhs { return lhs < rhs ? .orderedAscending : .orderedDescending }
            let lhsName = name(lhsIndex)
            let rhsName = name(rhsIndex)
            return lhsName < rhsName ? .orderedAscending : (lhsName == rhsName ? .orderedSame : .orderedDescending)
        }
        let sorted = (0..<count).sorted { lhsIndex, rhsIndex in
            let lhs = key(lhsIndex)
            let rhs = key(rhsIndex)
            let primary: ComparisonResult = switch sort {
            case .name: .orderedSame
            case .date: lhs.modificationDate == rhs.modificationDate ? .orderedSame : (lhs.modificationDate > rhs.modificationDate ? .orderedAscending : .orderedDescending)
            case .size: lhs.size == rhs.size ? .orderedSame : (lhs.size > rhs.size ? .orderedAscending : .orderedDescending)
            case .kind: lhs.kind.compare(rhs.kind, options: [.caseInsensitive])
            }
            return (primary == .orderedSame ? nameOrder(lhsIndex, rhsIndex) : primary) == .orderedAscending
        }
        return reverse ? sorted.reversed() : sorted
    }
}
