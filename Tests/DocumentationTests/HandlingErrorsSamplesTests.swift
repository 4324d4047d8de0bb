import DocKit
import DocKitTesting
import Foundation
import Testing

/// The samples of HandlingErrors.md.
@Suite("Handling errors samples")
struct HandlingErrorsSamplesTests {
    @Test func aTakenNameIsMatchedByItsCode() throws {
        let home = try TemporaryHome()
        try home.write("Buy milk", to: "Groceries.txt")
        let catalog = try home.library.catalog()
        var message = ""

        do {
            _ = try catalog.createDocument(named: "Groceries.txt")
        } catch DocKitError.alreadyExists {
            message = "There is already a list with that name."
        }

        #expect(message == "There is already a list with that name.")
        #expect(try home.text(of: "Groceries.txt", in: .local) == "Buy milk")
    }

    @Test func anUnknownNameSaysWhichOne() throws {
        let home = try TemporaryHome()
        let catalog = try home.library.catalog()
        var message = ""

        do {
            _ = try catalog.resolve("Shopping")
        } catch let error as DocKitError where error.code == .documentNotFound {
            message = error.description
        }

        #expect(message == "Shopping: no such document")
    }
}
