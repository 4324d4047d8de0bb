import Foundation
import Testing
@testable import DocKit

/// What every mutation asks before it starts (the end-to-end tests cover
/// the commands; these, the judgement itself).
@Suite("SyncActivity.refuseIfIncomplete")
struct SyncActivityTests {
    @Test("a file written in place since it was listed (as rclone writes) is refused, unless forced")
    func writtenInPlace() throws {
        let home = try TestHome("activity")
        try home.write("first part", to: "Big.bin")
        let document = try home.catalog().resolve("Big.bin")
        try SyncActivity.refuseIfIncomplete(document, force: false, quietPeriod: .standard)

        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: home.path("Big.bin").description))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(" and more".utf8))
        try handle.close()
        #expect(throws: DocKitError(CoordinationError.changing(document: "local:Big.bin", detail: "its size went from 10 to 19 bytes since it was listed"))) {
            try SyncActivity.refuseIfIncomplete(document, force: false, quietPeriod: .standard)
        }
        try SyncActivity.refuseIfIncomplete(document, force: true, quietPeriod: .standard)
    }

    @Test("a package that grew since it was listed is refused")
    func packageGrew() throws {
        let home = try TestHome("activity")
        try home.write("index", to: "Deck.key/Index.zip")
        let document = try home.catalog().resolve("Deck.key")
        try home.write("slide", to: "Deck.key/Data/slide.png")
        #expect(throws: DocKitError.self) { try SyncActivity.refuseIfIncomplete(document, force: false, quietPeriod: .standard) }
    }

    @Test("a temporary that appears after the listing, beside or inside, is found then")
    func temporaryAppearsLater() throws {
        let home = try TestHome("activity")
        try home.write("old", to: "Notes.txt")
        try home.write("index", to: "Deck.key/Index.zip")
        let catalog = try home.catalog()
        let notes = try catalog.resolve("Notes.txt")
        let deck = try catalog.resolve("Deck.key")
        try home.write("new", to: "~syncthing~Notes.txt.tmp")
        try home.write("x", to: "Deck.key/.syncthing.Index.zip.tmp")
        #expect(throws: DocKitError(CoordinationError.incomplete(document: "local:Notes.txt", temporary: home.path("~syncthing~Notes.txt.tmp").description, writer: "Syncthing"))) {
            try SyncActivity.refuseIfIncomplete(notes, force: false, quietPeriod: .standard)
        }
        #expect(throws: DocKitError(CoordinationError.incomplete(document: "local:Deck.key", temporary: home.path("Deck.key/.syncthing.Index.zip.tmp").description, writer: "Syncthing"))) {
            try SyncActivity.refuseIfIncomplete(deck, force: false, quietPeriod: .standard)
        }
    }
}
