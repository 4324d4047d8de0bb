@testable import DocKit
import Foundation
import Testing

/// `.trashinfo` files in the user's Trash are written by every program
/// the user runs, so their reader takes any text.
@Suite("TrashInfo.parse")
struct TrashInfoTests {
    @Test("a well-formed file gives the path, decoded to bytes, and the date")
    func wellFormed() throws {
        let info = try #require(TrashInfo.parse("[Trash Info]\nPath=/home/u/R%C3%A9sum%C3%A9%FF.txt\nDeletionDate=2026-11-23T10:36:00\n"))
        #expect(info.originalPath == RawPath(bytes: Array("/home/u/Résumé".utf8) + [0xFF] + Array(".txt".utf8)))
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: info.deletionDate)
        #expect([parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second] == [2026, 11, 23, 10, 36, 0])
    }

    /// Foundation's DateFormatter trapped on this one (found by `make fuzz`).
    @Test("a date with a combining mark where a digit belongs is no date, and no crash")
    func combiningMarkInDate() {
        let text = "[Trash Info]\nPath=/home/u/a.txt\nDeletionDate=2026-11-2" + String(decoding: [0xCD, 0xAB, 0xCE, 0xD4], as: UTF8.self) + ":36:00\n"
        #expect(TrashInfo.parse(text) == nil)
    }

    @Test("dates of any other shape are refused", arguments: [
        "2026-11-23 10:36:00", "2026-11-23T10:36", "2026-11-23T10:36:00Z", "٢٠٢٦-11-23T10:36:00", "2026-11-23T10:36:00.5", "",
    ])
    func otherShapes(date: String) {
        #expect(TrashInfo.parse("[Trash Info]\nPath=/a\nDeletionDate=\(date)\n") == nil)
    }
}
