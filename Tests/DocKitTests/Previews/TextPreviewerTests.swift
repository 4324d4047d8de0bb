import Foundation
import Testing
@testable import DocKit

@Suite("Text previews: encodings, limits, visible control characters, binary content")
struct TextPreviewerTests {
    @Test func utf8TextShowsItsLinesAndEncoding() async throws {
        let bench = try PreviewBench()
        try bench.write("première ligne\nzweite Zeile\n", to: "notes.txt")
        let preview = try await bench.preview("notes.txt")
        #expect(preview.kind == .text)
        #expect(preview.field("encoding") == "UTF-8")
        #expect(preview.field("lines") == "2")
        #expect(preview.text == ["première ligne", "zweite Zeile"])
        #expect(preview.notes.isEmpty)
    }

    @Test(arguments: [
        ("UTF-16LE with BOM", [UInt8(0xFF), 0xFE], String.Encoding.utf16LittleEndian),
        ("UTF-16BE with BOM", [UInt8(0xFE), 0xFF], String.Encoding.utf16BigEndian),
        ("UTF-8 with BOM", [UInt8(0xEF), 0xBB, 0xBF], String.Encoding.utf8),
    ])
    func byteOrderMarksTellTheEncoding(expected: String, bom: [UInt8], encoding: String.Encoding) async throws {
        let bench = try PreviewBench()
        let text = "Grüße ☃\r\nsecond line 🎉\r\n"
        try bench.write(bom + Array(text.data(using: encoding)!), to: "letter.txt")
        let preview = try await bench.preview("letter.txt")
        #expect(preview.field("encoding") == expected)
        #expect(preview.field("line endings") == "CRLF")
        #expect(preview.text == ["Grüße ☃", "second line 🎉"])
    }

    @Test func invalidUTF8FallsBackToLatin1AndSaysItGuessed() async throws {
        let bench = try PreviewBench()
        try bench.write(Array("café crème brûlée\n".data(using: .isoLatin1)!), to: "menu.txt")
        let preview = try await bench.preview("menu.txt")
        #expect(preview.field("encoding")?.hasPrefix("ISO-8859-1") == true)
        #expect(preview.field("encoding")?.contains("guessed") == true)
        #expect(preview.text == ["café crème brûlée"])
    }

    @Test func controlCharactersAreMadeVisibleAndTabsExpanded() async throws {
        let bench = try PreviewBench()
        try bench.write("a\tb\u{1B}[2Jc\u{7}d\re\u{7F}\n", to: "escapes.txt")
        let preview = try await bench.preview("escapes.txt")
        let line = try #require(preview.text.first)
        #expect(line == "a       b␛[2Jc␇d␍e␡")
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test func longLinesAreCutToTheWidthWithAMarker() async throws {
        let bench = try PreviewBench()
        try bench.write(String(repeating: "abcdefghij", count: 30) + "\nshort\n", to: "wide.txt")
        let preview = try await bench.preview("wide.txt", options: PreviewOptions(lineWidth: 40))
        #expect(preview.text[0].count == 40)
        #expect(preview.text[0].hasSuffix("…"))
        #expect(preview.text[1] == "short")
        #expect(preview.notes.contains { $0.contains("cut at 40 columns") })
    }

    @Test func onlyTheFirstLinesAreShownAndTheRestIsCounted() async throws {
        let bench = try PreviewBench()
        try bench.write((1...100).map { "line \($0)" }.joined(separator: "\n") + "\n", to: "long.txt")
        let preview = try await bench.preview("long.txt", options: PreviewOptions(maxLines: 7))
        #expect(preview.text == (1...7).map { "line \($0)" })
        #expect(preview.field("lines") == "100")
        #expect(preview.notes.contains("showing the first 7 of 100 lines"))
    }

    @Test func aHeadCutInsideACharacterStillDecodesAsUTF8() async throws {
        let bench = try PreviewBench()
        // 9 ASCII bytes then a 2-byte é straddling the 10-byte head.
        try bench.write("123456789é and more\n", to: "cut.txt")
        let preview = try await bench.preview("cut.txt", options: PreviewOptions(textHeadBytes: 10))
        #expect(preview.field("encoding") == "UTF-8")
        #expect(preview.text == ["123456789"])
        #expect(preview.notes.contains { $0.contains("only the first 10 of") })
    }

    @Test func binaryContentIsNotDumpedAsTextButAsAHexDump() async throws {
        let bench = try PreviewBench()
        try bench.write(Array("looks like text".utf8) + [0, 0, 1, 2, 0xFF] + Array(repeating: 0x41, count: 100), to: "data.txt")
        let preview = try await bench.preview("data.txt")
        #expect(preview.kind == .generic)
        #expect(preview.notes.first?.contains("the text preview failed (binary content") == true)
        #expect(preview.text.first == "00000000: 6c6f 6f6b 7320 6c69 6b65 2074 6578 7400  looks like text.")
    }

    @Test func utf16WithoutABOMIsBinary() async throws {
        let bench = try PreviewBench()
        try bench.write(Array("no byte order mark".data(using: .utf16LittleEndian)!), to: "bare16.txt")
        #expect(try await bench.preview("bare16.txt").kind == .generic)
    }
}
