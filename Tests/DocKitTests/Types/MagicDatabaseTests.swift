import Foundation
import Testing
@testable import DocKit

/// The compiled shared-mime-info magic format, read from files made here.
@Suite("MagicDatabase: shared-mime-info's content rules")
struct MagicDatabaseTests {
    /// One rule line: `[indent]>offset=LLvalue[&mask][~word][+range]\n`.
    static func rule(_ indent: Int = 0, offset: Int, _ value: [UInt8], mask: [UInt8]? = nil, word: Int? = nil, range: Int? = nil) -> [UInt8] {
        var line = Array((indent > 0 ? "\(indent)" : "").utf8) + Array(">\(offset)=".utf8)
        line += [UInt8(value.count >> 8), UInt8(value.count & 0xFF)] + value
        if let mask { line += Array("&".utf8) + mask }
        if let word { line += Array("~\(word)".utf8) }
        if let range { line += Array("+\(range)".utf8) }
        return line + [0x0A]
    }

    static func section(_ priority: Int, _ type: String, _ rules: [UInt8]...) -> [UInt8] {
        Array("[\(priority):\(type)]\n".utf8) + rules.flatMap { $0 }
    }

    static func database(_ sections: [UInt8]...) throws -> MagicDatabase {
        MagicDatabase(sections: try MagicDatabase.parse(Array("MIME-Magic\0\n".utf8) + sections.flatMap { $0 }))
    }

    @Test("a nested rule holds only under its parent; of the rules at one level, any may")
    func nesting() throws {
        let database = try Self.database(Self.section(50, "application/x-outer",
            Self.rule(offset: 0, Array("BOX".utf8)),
            Self.rule(1, offset: 4, Array("A".utf8)),
            Self.rule(1, offset: 4, Array("B".utf8)),
            Self.rule(offset: 0, Array("ALT".utf8))))
        #expect(database.match(Array("BOX A".utf8))?.mimeType == "application/x-outer")
        #expect(database.match(Array("BOX B".utf8))?.mimeType == "application/x-outer")
        #expect(database.match(Array("BOX C".utf8)) == nil, "the parent alone is not enough")
        #expect(database.match(Array("ALT".utf8))?.mimeType == "application/x-outer")
        #expect(database.match(Array("BO".utf8)) == nil, "too short to hold")
    }

    @Test("a range lets the value start anywhere in it; a mask ignores bits")
    func rangeAndMask() throws {
        let database = try Self.database(
            Self.section(60, "application/x-ranged", Self.rule(offset: 2, Array("KEY".utf8), range: 10)),
            Self.section(40, "application/x-masked", Self.rule(offset: 0, [0x40, 0x00], mask: [0xF0, 0x00])))
        #expect(database.match(Array("xx.....KEY".utf8))?.mimeType == "application/x-ranged")
        #expect(database.match(Array("xx...........KEY".utf8)) == nil, "past the range")
        #expect(database.match([0x4F, 0x99])?.mimeType == "application/x-masked")
        #expect(database.match([0x5F, 0x99]) == nil)
        #expect(database.extent == 2 + 10 - 1 + 3)
    }

    @Test("a 16-bit word is written big-endian and read in this machine's order")
    func wordSize() throws {
        let database = try Self.database(Self.section(50, "application/x-word", Self.rule(offset: 0, [0x12, 0x34], word: 2)))
        #expect(database.match([0x34, 0x12])?.mimeType == "application/x-word")
        #expect(database.match([0x12, 0x34]) == nil)
    }

    @Test("the highest priority wins, whatever the order of the file; at one priority, the first")
    func priority() throws {
        let database = try Self.database(
            Self.section(50, "application/x-low", Self.rule(offset: 0, Array("PK".utf8))),
            Self.section(80, "application/x-high", Self.rule(offset: 0, Array("PK".utf8))),
            Self.section(80, "application/x-also-high", Self.rule(offset: 0, Array("PK".utf8))))
        #expect(database.match(Array("PK..".utf8))?.mimeType == "application/x-high")
        #expect(database.match(Array("PK..".utf8))?.priority == 80)
    }

    @Test("a file that is not the format is refused; a section that cannot be read is skipped, the others kept")
    func malformed() throws {
        #expect(throws: MagicDatabase.FormatError.self) { try MagicDatabase.parse(Array("not magic".utf8)) }
        let good = Self.section(50, "application/x-good", Self.rule(offset: 0, Array("GOOD".utf8)))
        let broken: [[UInt8]] = [
            Array("[oops]\n".utf8),
            Array("[50:a/truncated]\n>0=".utf8) + [0x00, 0x09] + Array("short".utf8),
            Self.section(50, "a/unknown-flag", Array(">0=".utf8) + [0, 1] + Array("X^3\n".utf8)),
            Self.section(50, "a/odd-word", Self.rule(offset: 0, [1, 2, 3], word: 2)),
            Self.section(50, "a/indent-gap", Self.rule(offset: 0, [1]), Self.rule(2, offset: 1, [2])),
            Self.section(50, "a/child-first", Self.rule(1, offset: 0, [1])),
            Self.section(50, "a/too-deep", (0...MagicDatabase.maximumDepth).flatMap { Self.rule($0, offset: 0, Array("D".utf8)) }),
        ]
        for (index, section) in broken.enumerated() {
            let after = try MagicDatabase.parse(Array("MIME-Magic\0\n".utf8) + good + section)
            #expect(after.map(\.mimeType) == ["application/x-good"], "\(String(decoding: section, as: UTF8.self))")
            // A value cut short swallows what follows it; the others do not.
            guard index != 1 else { continue }
            let before = try MagicDatabase.parse(Array("MIME-Magic\0\n".utf8) + section + good)
            #expect(before.map(\.mimeType) == ["application/x-good"], "\(String(decoding: section, as: UTF8.self))")
        }
    }

    @Test("a hundred thousand nested rules are refused, not recursed into")
    func hostileNesting() throws {
        let deep = (0..<100_000).flatMap { Self.rule($0, offset: 0, Array("A".utf8)) }
        let sections = try MagicDatabase.parse(Array("MIME-Magic\0\n".utf8) + Self.section(50, "a/deep", deep))
        #expect(sections.isEmpty)
        let huge = Self.section(50, "a/far", Self.rule(offset: 1_000_000_000, Array("A".utf8), range: 1_000_000_000))
        let far = MagicDatabase(sections: try MagicDatabase.parse(Array("MIME-Magic\0\n".utf8) + huge))
        #expect(far.match(Array("AAAA".utf8)) == nil)
    }

    @Test("the machine's database reads whole, and names a PNG", .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/mime/magic")))
    func installed() throws {
        let database = try #require(MagicDatabase.load(environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/usr/share"]))
        #expect(database.sections.count > 100)
        #expect(database.match([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])?.mimeType == "image/png")
    }
}
