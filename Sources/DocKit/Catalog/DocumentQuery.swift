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
    /// Only documents carrying this tag, in `user.xdg.tags` or Finder's.
    public var tag: String?
    /// The primary sort key; name by default.
    public var sort: SortKey = .name
    /// Reverses the whole order, tie-breakers included.
    public var reverse = false
    /// Lists the contents of folders too, named `Folder/Name.ext`; packages are never entered.
    public var recursive = false

    /// Every document of both locations, sorted by name.
    public init() {}

    /// Whether `document` passes the type, name and tag filters.
    ///
    /// - Parameters:
    ///   - document: The document to test.
    ///   - registry: Answers whether its type conforms to ``type``.
    /// - Returns: `true` when every filter set is passed; `true` when none is set.
    public func matches(_ document: Document, registry: TypeRegistry) -> Bool {
        if let type, !registry.conforms(document.type, to: type) { return false }
        if let nameGlob, !Self.name(document.name, matchesGlob: nameGlob) { return false }
        if let tag, !Self.document(document, carries: tag) { return false }
        return true
    }

    /// Whether `name` matches the shell glob `glob`, case-insensitively,
    /// as `list --name` and `search name:` compare them.
    static func name(_ name: String, matchesGlob glob: String) -> Bool {
        // FNM_CASEFOLD is a GNU extension Swift cannot see; folding
        // both sides gives the same answer.
        glob.lowercased().withCString { pattern in
            name.lowercased().withCString { fnmatch(pattern, $0, 0) == 0 }
        }
    }

    /// Whether `document` carries `tag`, in `user.xdg.tags` or Finder's.
    static func document(_ document: Document, carries tag: String) -> Bool {
        // A file system without attributes holds no tagged document.
        (try? DocumentTags.of(document.path))?.names.contains(tag) ?? false
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
    ///
    /// A long listing is keyed and sorted in two halves, each on a core of
    /// its own, and the halves are merged, the first half's first on a
    /// tie: the order of one stable sort, whatever the scheduling.
    func order(count: Int, key: @escaping @Sendable (Int) -> OrderingKey, listedName: @escaping @Sendable (Int) -> String) -> [Int] {
        let halves = count >= Self.halvedFrom ? [0..<count / 2, count / 2..<count] : [0..<count]
        let nameKeys = FinderNameKeys(joining: halves.concurrentMap { FinderNameKeys($0.lazy.map(listedName)) })
        var unkeyedNames: [Int: String] = [:]
        for index in 0..<count where !nameKeys.hasKey(index) { unkeyedNames[index] = listedName(index) }
        let precedes = ListingOrder(sort: sort, nameKeys: nameKeys, unkeyedNames: unkeyedNames, key: key, listedName: listedName)
        let runs = halves.concurrentMap { $0.sorted(by: precedes.callAsFunction) }
        let sorted = runs.count == 1 ? runs[0] : Self.merged(runs[0], runs[1], by: precedes.callAsFunction)
        return reverse ? sorted.reversed() : sorted
    }

    /// Below this, one core sorts the whole: the second's start costs more.
    static let halvedFrom = 4_096

    private static func merged(_ first: [Int], _ second: [Int], by precedes: (Int, Int) -> Bool) -> [Int] {
        var merged: [Int] = []
        merged.reserveCapacity(first.count + second.count)
        var (left, right) = (0, 0)
        while left < first.count, right < second.count {
            if precedes(second[right], first[left]) {
                merged.append(second[right])
                right += 1
            } else {
                merged.append(first[left])
                left += 1
            }
        }
        merged += first[left...]
        merged += second[right...]
        return merged
    }

    /// Whether one document precedes another in a query's order.
    private struct ListingOrder: Sendable {
        let sort: SortKey
        let nameKeys: FinderNameKeys
        let unkeyedNames: [Int: String]
        let key: @Sendable (Int) -> OrderingKey
        let listedName: @Sendable (Int) -> String

        func callAsFunction(_ lhsIndex: Int, _ rhsIndex: Int) -> Bool {
            let lhs = key(lhsIndex)
            let rhs = key(rhsIndex)
            let primary: ComparisonResult = switch sort {
            case .name: .orderedSame
            case .date: lhs.modificationDate == rhs.modificationDate ? .orderedSame : (lhs.modificationDate > rhs.modificationDate ? .orderedAscending : .orderedDescending)
            case .size: lhs.size == rhs.size ? .orderedSame : (lhs.size > rhs.size ? .orderedAscending : .orderedDescending)
            case .kind: lhs.kind.compare(rhs.kind, options: [.caseInsensitive])
            }
            return (primary == .orderedSame ? nameOrder(lhsIndex, lhs.location, rhsIndex, rhs.location) : primary) == .orderedAscending
        }

        private func name(_ index: Int) -> String {
            unkeyedNames[index] ?? listedName(index)
        }

        private func nameOrder(_ lhsIndex: Int, _ lhs: Location, _ rhsIndex: Int, _ rhs: Location) -> ComparisonResult {
            let result = nameKeys.compare(lhsIndex, rhsIndex) ?? name(lhsIndex).compare(name(rhsIndex), options: [.caseInsensitive, .numeric])
            if result != .orderedSame { return result }
            if lhs != rhs { return lhs < rhs ? .orderedAscending : .orderedDescending }
            let lhsName = name(lhsIndex)
            let rhsName = name(rhsIndex)
            return lhsName < rhsName ? .orderedAscending : (lhsName == rhsName ? .orderedSame : .orderedDescending)
        }
    }
}
