@testable import DocKit
import Foundation
import Testing

/// What a move returns: the document where it put it, judged among the
/// destination folder's names as the move read them under its lock.
@Suite("A move returns the document as a lookup finds it where it went")
struct DocumentMoverTests {
    @Test func theMovedDocumentHasTheStatesItsNewNeighboursGiveIt() throws {
        let home = try TestHome()
        _ = try home.write("dear", to: "Letter.txt", in: .cloud)
        // Syncthing's copy of another device's edit, already in the folder
        // the letter goes to: beside it, the letter is in conflict.
        _ = try home.write("theirs", to: "Letter.sync-conflict-20261122-120303-JZLXCF2.txt")
        let catalog = try home.catalog()
        let letter = try catalog.resolve("cloud:Letter.txt")
        let moved = try DocumentMover(catalog: catalog, trash: home.trash).move(letter, to: .local, onConflict: .fail).document
        #expect(moved.location == .local)
        #expect(moved.states.contains(.inConflict))
        #expect(moved == (try catalog.document(in: .local, at: RawPath(bytes: Array("Letter.txt".utf8)))), "as a lookup after the move finds it: in conflict, and not locked")
    }

    @Test func theMovedDocumentReplacesTheOneItDisplaced() throws {
        let home = try TestHome()
        _ = try home.write("new", to: "Report.txt", in: .cloud)
        _ = try home.write("old", to: "Report.txt")
        let catalog = try home.catalog()
        let report = try catalog.resolve("cloud:Report.txt")
        let result = try DocumentMover(catalog: catalog, trash: home.trash).move(report, to: .local, onConflict: .replace)
        #expect(result.plan.replaces)
        #expect(result.document.size == 3)
        #expect(result.document == (try catalog.document(in: .local, at: RawPath(bytes: Array("Report.txt".utf8)))))
    }
}
