import DocKit
import DocKitTesting
import Foundation
import Testing

/// The samples of Threading.md.
@Suite("Threading samples")
struct ThreadingSamplesTests {
    @Test func aLongMoveRunsOnAThreadOfItsOwn() async throws {
        let home = try TemporaryHome()
        try home.write("Buy milk", to: "Groceries.txt")
        let library = home.library
        let groceries = try library.catalog().resolve("local:Groceries.txt")

        let moved = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try library.mover().move(groceries, to: .cloud, onConflict: .fail) })
            }
        }

        #expect(moved.document.qualifiedName == "cloud:Groceries.txt")
        #expect(try home.text(of: "Groceries.txt", in: .cloud) == "Buy milk")
    }
}
