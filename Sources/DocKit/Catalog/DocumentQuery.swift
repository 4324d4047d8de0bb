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
                listedName: document.listedName, location: document.location, modificationDate: document.modificationDate, size: document.size,
                kind: sort == .kind ? registry.type(withIdentifier: document.type)?.description ?? document.type : ""
            )
        }
        return order(of: keys).map { documents[$0] }
    }

    /// What the order compares of a document, made once per document: a
    /// listed name is built, and a kind looked up, once rather than at
    /// each of the million comparisons of a large listing.
    struct OrderingKey {
        var listedName: String
        var location: Location
        var modificationDate: Date
        var size: Int64
        /// The type's description, for the `kind` key only.
        var kind: String
    }

    /// The positions of `keys` in the query's order; a stable sort, so that
    /// documents the order cannot tell apart keep the order they came in.
    func order(of keys: [OrderingKey]) -> [Int] {
        let nameKeys = FinderNameKeys(keys.lazy.map(\.listedName))
        func nameOrder(_ lhsIndex: Int, _ rhsIndex: Int) -> ComparisonResult {
            let lhs = keys[lhsIndex]
            let rhs = keys[rhsIndex]
            let result = nameKeys.compare(lhsIndex, rhsIndex) ?? lhs.listedName.compare(rhs.listedName, options: [.caseInsensitive, .numeric])
            if result != .orderedSame { return result }
            if lhs.location != rhs.location { return lhs.location < rhs.location ? .orderedAscending : .orderedDescending }
            return lhs.listedName < rhs.listedName ? .orderedAscending : (lhs.listedName == rhs.listedName ? .orderedSame : .orderedDescending)
        }
        let sorted = keys.indices.sorted { lhsIndex, rhsIndex in
            let lhs = keys[lhsIndex]
            let rhs = keys[rhsIndex]
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
