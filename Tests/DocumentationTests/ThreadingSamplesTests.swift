import DocKit
import DocKitTesting
import Foundation
import Testing

/// The samples of Threading.md.
@Suite("Threading samples")
struct ThreadingSamplesTests {
    @Test func listingAndALongMoveRunOnThreadsOfTheirOwn() async throws {
        let home = try TemporaryHome()
        try home.write("Buy milk", to: "Groceries.txt")
        let library = home.library
        var query = DocumentQuery()
        query.type = "public.plain-text"
        let groceries = try await library.catalog().resolve("local:Groceries.txt")

        let notes = try await library.documents(matching: query)
        let moved = try await library.mover().move(groceries, to: .cloud, onConflict: .fail)

        #expect(notes.map(\.qualifiedName) == ["local:Groceries.txt"])
        #expect(moved.document.qualifiedName == "cloud:Groceries.txt")
        #expect(try home.text(of: "Groceries.txt", in: .cloud) == "Buy milk")
    }
}
