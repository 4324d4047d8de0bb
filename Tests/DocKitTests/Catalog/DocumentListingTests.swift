import Foundation
import Testing
@testable import DocKit

@Suite("DocumentListing")
struct DocumentListingTests {
    typealias D = DocumentFixtures

    /// Documents of every shape a row must tell apart from the plain one:
    /// inside a folder, a placeholder whose name is not its path, a
    /// folder, states, a name that is not ASCII, and two locations.
    static var documents: [Document] {
        var inFolder = D.document("Folder/Inner.txt", type: "public.plain-text", size: 3)
        inFolder.states = [.inConflict]
        var placeholder = D.document(".Waiting.pdf.icloud", type: "com.adobe.pdf", size: 1_200, location: .cloud)
        placeholder.name = "Waiting.pdf"
        placeholder.states = [.notDownloaded]
        var folder = D.document("Folder", type: "public.folder")
        folder.isFolder = true
        var incomplete = D.document("Arriving.md", type: "net.daringfireball.markdown", size: 7)
        incomplete.states = [.incomplete]
        return [
            D.document("Plain.txt", type: "public.plain-text", size: 12, modified: 1_700_000_100),
            inFolder, placeholder, folder, incomplete,
            D.document("Résumé 2.png", type: "public.png", size: 4_000_000, modified: 1_700_000_050, location: .cloud),
            D.document("Zebra.txt", type: "public.plain-text", size: 0, modified: 1_700_000_000),
        ]
    }

    @Test("each row holds its document's fields, in the listing's order", arguments: [DocumentQuery.SortKey.name, .size])
    func rowsAreTheirDocuments(sort: DocumentQuery.SortKey) {
        var listing = DocumentListing()
        for document in Self.documents { listing.append(document) }
        var query = DocumentQuery()
        query.sort = sort
        listing.sort(as: query, registry: SystemTypes.registry)
        var seen: [Int] = []
        listing.forEachRow(in: 0..<listing.count) { row in
            seen.append(row.position)
            let document = listing[row.position]
            #expect(String(decoding: row.name, as: UTF8.self) == document.name)
            #expect(row.isAtTopLevel == (document.listedName == document.name), "\(document.relativePath)")
            #expect(listing.typeIdentifiers[row.typeIndex] == document.type)
            #expect(row.size == document.size)
            #expect(row.modificationDate == document.modificationDate)
            #expect(row.location == document.location)
            #expect(row.isFolder == document.isFolder)
            #expect(row.hasStates == !document.states.isEmpty, "\(document.relativePath)")
        }
        #expect(seen == Array(0..<Self.documents.count))
        // Sorted, the listing's order is not the order the documents came in.
        #expect((0..<listing.count).map { listing[$0].name } != Self.documents.map(\.name))
    }

    @Test("each document keeps its type, with more types than are found by comparing, coming back in turns, as equal strings that are not the same")
    func typesOfManyKinds() {
        let kinds = (0..<(DocumentListing.typesFoundByComparing * 2 + 3)).map { "org.example.kind-\($0)" }
        var listing = DocumentListing()
        var expected: [String] = []
        for round in 0..<3 {
            for (index, kind) in kinds.enumerated() {
                // Each document's type is a string of its own, not the one before's.
                let type = String(decoding: Array(kind.utf8), as: UTF8.self)
                listing.append(D.document("Doc \(round)-\(index).bin", type: type))
                expected.append(kind)
            }
        }
        #expect((0..<listing.count).map { listing[$0].type } == expected)
        #expect(Set(listing.typeIdentifiers) == Set(kinds))
        #expect(listing.typeIdentifiers.count == kinds.count, "a type is kept once")
    }

    @Test("rows of a part of the listing are that part's")
    func rowsOfAPart() {
        var listing = DocumentListing()
        for document in Self.documents { listing.append(document) }
        var names: [String] = []
        listing.forEachRow(in: 2..<5) { names.append(String(decoding: $0.name, as: UTF8.self)) }
        #expect(names == Self.documents[2..<5].map(\.name))
    }
}
