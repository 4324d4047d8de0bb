import Foundation
import Testing
@testable import DocKit

@Suite("DocumentQuery")
struct DocumentQueryTests {
    typealias D = DocumentFixtures
    static let registry = SystemTypes.registry

    static func names(_ documents: [Document]) -> [String] { documents.map(\.listedName) }

    static func filtered(_ query: DocumentQuery, _ documents: [Document]) -> [String] {
        names(documents.filter { query.matches($0, registry: registry) })
    }

    // MARK: Filters

    @Test("the type filter is conformance-aware")
    func typeFilterConforms() {
        let documents = [
            D.document("photo.png", type: "public.png"),
            D.document("holiday.jpg", type: "public.jpeg"),
            D.document("notes.txt", type: "public.plain-text"),
            D.document("main.c", type: "public.c-source"),
            D.document("report.pdf", type: "com.adobe.pdf"),
        ]
        var query = DocumentQuery()
        query.type = "public.image"
        #expect(Self.filtered(query, documents) == ["photo.png", "holiday.jpg"])
        query.type = "public.png"
        #expect(Self.filtered(query, documents) == ["photo.png"])
        query.type = "public.plain-text"
        #expect(Self.filtered(query, documents) == ["notes.txt", "main.c"])
        query.type = "public.data"
        #expect(Self.filtered(query, documents).count == 5)
        query.type = "PUBLIC.IMAGE"
        #expect(Self.filtered(query, documents) == ["photo.png", "holiday.jpg"])
        query.type = "public.audio"
        #expect(Self.filtered(query, documents).isEmpty)
    }

    @Test("the name glob is a shell glob compared case-insensitively")
    func nameGlob() {
        let documents = [D.document("Photo.PNG"), D.document("notes.txt"), D.document("Note 2.TXT"), D.document("report.pdf")]
        var query = DocumentQuery()
        query.nameGlob = "*.png"
        #expect(Self.filtered(query, documents) == ["Photo.PNG"])
        query.nameGlob = "NOTE*"
        #expect(Self.filtered(query, documents) == ["notes.txt", "Note 2.TXT"])
        query.nameGlob = "*.[tp][xd][tf]"
        #expect(Self.filtered(query, documents) == ["notes.txt", "Note 2.TXT", "report.pdf"])
        query.nameGlob = "note?2.txt"
        #expect(Self.filtered(query, documents) == ["Note 2.TXT"])
        query.nameGlob = "*.doc"
        #expect(Self.filtered(query, documents).isEmpty)
    }

    @Test("the glob applies to the filename, not the folders above it")
    func globOnFilename() {
        let documents = [D.document("Reports/q1.pdf"), D.document("Reports")]
        var query = DocumentQuery()
        query.nameGlob = "q1.*"
        #expect(Self.filtered(query, documents) == ["Reports/q1.pdf"])
    }

    @Test("type and name filters combine")
    func filtersCombine() {
        let documents = [D.document("a.png", type: "public.png"), D.document("a.txt", type: "public.plain-text"), D.document("b.png", type: "public.png")]
        var query = DocumentQuery()
        query.type = "public.image"
        query.nameGlob = "a*"
        #expect(Self.filtered(query, documents) == ["a.png"])
    }

    // MARK: Order

    @Test("by name: case-insensitive, numbers by value")
    func sortByName() {
        let documents = ["note 10.txt", "Note 2.txt", "banana.txt", "Apple.txt", "note 1.txt", "Zebra.txt"].map { D.document($0) }
        let ordered = DocumentQuery().ordered(documents.shuffled(), registry: Self.registry)
        #expect(Self.names(ordered) == ["Apple.txt", "banana.txt", "note 1.txt", "Note 2.txt", "note 10.txt", "Zebra.txt"])
    }

    @Test("equal names are ordered cloud before local, consistently")
    func sameNameBothLocations() {
        let documents = [D.document("Same.txt", location: .local), D.document("Same.txt", location: .cloud)]
        let ordered = DocumentQuery().ordered(documents, registry: Self.registry)
        #expect(ordered.map(\.qualifiedName) == ["cloud:Same.txt", "local:Same.txt"])
        #expect(DocumentQuery().ordered(documents.reversed(), registry: Self.registry) == ordered)
    }

    @Test("by date: newest first, name breaking ties")
    func sortByDate() {
        let documents = [
            D.document("old.txt", modified: 1_000),
            D.document("b-new.txt", modified: 3_000),
            D.document("A-new.txt", modified: 3_000),
            D.document("middle.txt", modified: 2_000),
        ]
        var query = DocumentQuery()
        query.sort = .date
        #expect(Self.names(query.ordered(documents, registry: Self.registry)) == ["A-new.txt", "b-new.txt", "middle.txt", "old.txt"])
    }

    @Test("by size: largest first, name breaking ties")
    func sortBySize() {
        let documents = [
            D.document("small", size: 1),
            D.document("Big 10", size: 500),
            D.document("big 9", size: 500),
            D.document("medium", size: 20),
        ]
        var query = DocumentQuery()
        query.sort = .size
        #expect(Self.names(query.ordered(documents, registry: Self.registry)) == ["big 9", "Big 10", "medium", "small"])
    }

    @Test("by kind: the type's description, name breaking ties")
    func sortByKind() throws {
        let pdf = try #require(Self.registry.type(withIdentifier: "com.adobe.pdf")?.description)
        let png = try #require(Self.registry.type(withIdentifier: "public.png")?.description)
        let documents = [D.document("z.pdf", type: "com.adobe.pdf"), D.document("a.png", type: "public.png"), D.document("b.pdf", type: "com.adobe.pdf")]
        var query = DocumentQuery()
        query.sort = .kind
        let expected = pdf.lowercased() < png.lowercased() ? ["b.pdf", "z.pdf", "a.png"] : ["a.png", "b.pdf", "z.pdf"]
        #expect(Self.names(query.ordered(documents, registry: Self.registry)) == expected)
    }

    @Test("reverse turns the whole order around, ties included", arguments: DocumentQuery.SortKey.allCases)
    func reverse(_ key: DocumentQuery.SortKey) {
        let documents = [
            D.document("b.txt", type: "public.plain-text", size: 5, modified: 10),
            D.document("A.txt", type: "public.plain-text", size: 5, modified: 10),
            D.document("c.png", type: "public.png", size: 50, modified: 30),
            D.document("d.pdf", type: "com.adobe.pdf", size: 1, modified: 20),
        ]
        var query = DocumentQuery()
        query.sort = key
        let forward = query.ordered(documents, registry: Self.registry)
        query.reverse = true
        #expect(query.ordered(documents, registry: Self.registry) == forward.reversed())
    }

    @Test("the defaults: both locations, no filter, by name, not recursive")
    func defaults() {
        let query = DocumentQuery()
        #expect(query.locations == [.local, .cloud])
        #expect(query.type == nil && query.nameGlob == nil)
        #expect(query.sort == .name && !query.reverse && !query.recursive)
        #expect(query.matches(D.document("anything", type: "dyn.ah62d4rv4ge80"), registry: Self.registry))
    }

    @Test("documents(matching:) filters and orders across both locations")
    func catalogQuery() throws {
        let home = try TestHome("query")
        try home.write(Data(count: 30), to: "b.png", in: .local)
        try home.write(Data(count: 10), to: "a.png", in: .cloud)
        try home.write(Data(count: 20), to: "c.txt", in: .cloud)
        try home.write(Data(count: 99), to: "Pictures/d.png", in: .local)
        let catalog = try home.catalog()
        var query = DocumentQuery()
        query.type = "public.image"
        #expect(try catalog.documents(matching: query).map(\.qualifiedName) == ["cloud:a.png", "local:b.png"])
        query.recursive = true
        query.sort = .size
        #expect(try catalog.documents(matching: query).map(\.qualifiedName) == ["local:Pictures/d.png", "local:b.png", "cloud:a.png"])
        query.locations = [.cloud]
        query.type = nil
        #expect(try catalog.documents(matching: query).map(\.qualifiedName) == ["cloud:c.txt", "cloud:a.png"])
    }
    // MARK: Long listings

    /// Past ``DocumentQuery/halvedFrom`` documents, two cores key and sort
    /// a half each, and the halves are merged: the order must still be
    /// that of one stable sort by the documented rules, computed here with
    /// CoreFoundation's comparison alone, for every key, both ways.
    @Test("a long listing sorted in halves is in the order of one stable sort", arguments: DocumentQuery.SortKey.allCases)
    func halvesMergeIntoOneStableOrder(sort: DocumentQuery.SortKey) {
        var generator = FinderNameKeysTests.SplitMix64(state: 7)
        let stems = ["Note", "note", "Report", "résumé", "Été", "a", "B", "photo", "Photo", "z"]
        let types = ["public.plain-text", "public.png", "com.adobe.pdf", "public.data"]
        let documents = (0..<(DocumentQuery.halvedFrom + 1_500)).map { _ -> Document in
            let stem = stems[Int(generator.next() % UInt64(stems.count))]
            // Few distinct names, so that ties are many and stability shows.
            let name = "\(stem) \(generator.next() % 40).\(["txt", "TXT", "png"][Int(generator.next() % 3)])"
            return D.document(
                name, type: types[Int(generator.next() % UInt64(types.count))], size: Int64(generator.next() % 5),
                modified: 1_700_000_000 + Double(generator.next() % 4), location: generator.next() % 2 == 0 ? .local : .cloud
            )
        }
        for reverse in [false, true] {
            var query = DocumentQuery()
            query.sort = sort
            query.reverse = reverse
            let expected = Self.stableOrder(documents, by: sort)
            let ordered = query.ordered(documents, registry: Self.registry)
            let wanted = reverse ? Array(expected.reversed()) : expected
            // Documents the order ties differ in what it does not compare.
            func signatures(_ documents: [Document]) -> [String] {
                documents.map { "\($0.path) \($0.size) \($0.type) \($0.modificationDate.timeIntervalSince1970)" }
            }
            #expect(signatures(ordered) == signatures(wanted), "sorted by \(sort), reverse: \(reverse)")
        }
    }

    private static func stableOrder(_ documents: [Document], by sort: DocumentQuery.SortKey) -> [Document] {
        func kind(_ document: Document) -> String { registry.type(withIdentifier: document.type)?.description ?? document.type }
        func precedes(_ lhs: Document, _ rhs: Document) -> Bool {
            let primary: ComparisonResult = switch sort {
            case .name: .orderedSame
            case .date: lhs.modificationDate == rhs.modificationDate ? .orderedSame : (lhs.modificationDate > rhs.modificationDate ? .orderedAscending : .orderedDescending)
            case .size: lhs.size == rhs.size ? .orderedSame : (lhs.size > rhs.size ? .orderedAscending : .orderedDescending)
            case .kind: kind(lhs).compare(kind(rhs), options: [.caseInsensitive])
            }
            if primary != .orderedSame { return primary == .orderedAscending }
            let names = lhs.listedName.compare(rhs.listedName, options: [.caseInsensitive, .numeric])
            if names != .orderedSame { return names == .orderedAscending }
            if lhs.location != rhs.location { return lhs.location < rhs.location }
            return lhs.listedName < rhs.listedName
        }
        // Stable: ties keep their input order.
        return documents.enumerated().sorted { lhs, rhs in
            precedes(lhs.element, rhs.element) || (!precedes(rhs.element, lhs.element) && lhs.offset < rhs.offset)
        }.map(\.element)
    }
}
