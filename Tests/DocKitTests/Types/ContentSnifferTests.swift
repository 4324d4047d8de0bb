import Foundation
import Testing
@testable import DocKit

@Suite("ContentSniffer")
struct ContentSnifferTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]
    static let zipHeader: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    /// A zip whose first entry is a stored file named `mimetype`, as EPUB
    /// and OpenDocument write it: the name starts at offset 30.
    static func zip(firstEntry name: String, contents: String) -> [UInt8] {
        zipHeader + [UInt8](repeating: 0, count: 26) + Array((name + contents).utf8) + [0x50, 0x4B, 0x01, 0x02]
    }

    static func guess(_ bytes: [UInt8]) -> String? { ContentSniffer.guess(head: bytes)?.identifier }
    static func guess(_ text: String) -> String? { guess(Array(text.utf8)) }

    @Test("PNG")
    func png() throws {
        let guess = try #require(ContentSniffer.guess(head: Self.png))
        #expect(guess.identifier == "public.png")
        #expect(guess.evidence.contains("PNG"))
    }

    @Test("PDF")
    func pdf() throws {
        let guess = try #require(ContentSniffer.guess(head: Array("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj\n".utf8)))
        #expect(guess.identifier == "com.adobe.pdf")
        #expect(guess.evidence.contains("PDF"))
    }

    @Test("gzip")
    func gzip() {
        #expect(Self.guess([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]) == "org.gnu.gnu-zip-archive")
    }

    @Test("zip")
    func zip() {
        #expect(Self.guess(Self.zipHeader + [0x14, 0x00, 0x00, 0x00, 0x08, 0x00] + Array("hello.txt".utf8)) == "public.zip-archive")
        #expect(Self.guess([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)) == "public.zip-archive")
    }

    @Test("EPUB: a zip whose first entry is its mimetype")
    func epub() throws {
        let guess = try #require(ContentSniffer.guess(head: Self.zip(firstEntry: "mimetype", contents: "application/epub+zip")))
        #expect(guess.identifier == "org.idpf.epub-container")
        #expect(guess.evidence.contains("EPUB"))
    }

    @Test("OpenDocument text")
    func openDocument() {
        #expect(Self.guess(Self.zip(firstEntry: "mimetype", contents: "application/vnd.oasis.opendocument.text")) == "org.oasis-open.opendocument.text")
    }

    @Test("a zip with another first entry is a plain zip")
    func zipWithOtherFirstEntry() {
        #expect(Self.guess(Self.zip(firstEntry: "mimetypx", contents: "application/epub+zip")) == "public.zip-archive")
    }

    @Test("tar: ustar at offset 257")
    func tar() {
        var header = [UInt8](repeating: 0, count: 512)
        header.replaceSubrange(0..<5, with: Array("a.txt".utf8))
        header.replaceSubrange(257..<263, with: Array("ustar\u{0}".utf8))
        #expect(Self.guess(header) == "public.tar-archive")
    }

    @Test("UTF-8 text is plain text")
    func utf8Text() throws {
        let guess = try #require(ContentSniffer.guess(head: Array("Dear Zoë,\r\n\tthe café is 5 € a cup — ☕️.\n".utf8)))
        #expect(guess.identifier == UTType.plainText)
        #expect(!guess.evidence.isEmpty)
    }

    @Test("JSON is public.json", arguments: [#"{"name": "docbrowser", "tags": [1, 2]}"#, "  \n[1, 2, {\"a\": null}]", "{}"])
    func json(_ text: String) throws {
        let guess = try #require(ContentSniffer.guess(head: Array(text.utf8)))
        #expect(guess.identifier == "public.json")
        #expect(guess.evidence.contains("JSON"))
    }

    @Test("text that only starts like JSON is plain text", arguments: ["{ this is not json", "[citation needed]"])
    func notJSON(_ text: String) {
        #expect(Self.guess(text) == UTType.plainText)
    }

    @Test("binary with a NUL or other control characters is not text", arguments: [
        [0x68, 0x65, 0x00, 0x6C, 0x6F] as [UInt8],
        Array("abc\u{1}def".utf8),
        Array("abc\u{1B}[0m".utf8),
        Array("abc\u{7F}".utf8),
    ])
    func binary(_ bytes: [UInt8]) {
        #expect(ContentSniffer.guess(head: bytes) == nil)
    }

    @Test("text in a legacy 8-bit encoding is plain text, and says it is not UTF-8", arguments: [
        Array("Caf".utf8) + [0xE9, 0x20] + Array("au lait".utf8),          // Latin-1
        [0x93] + Array("quoted".utf8) + [0x94, 0x0D, 0x0A],               // Windows-1252
        [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4, 0x0A],                       // KOI8-R
        Array("abc".utf8) + [0xC3] + Array("def".utf8),                   // a lead byte without its character
    ])
    func legacyEncodings(_ bytes: [UInt8]) throws {
        for head in [bytes, Array(repeating: UInt8(ascii: "a"), count: ContentSniffer.headLength - bytes.count) + bytes] {
            let guess = try #require(ContentSniffer.guess(head: head))
            #expect(guess.identifier == UTType.plainText)
            #expect(guess.evidence == "text in an 8-bit encoding (not UTF-8) without control characters")
        }
    }

    @Test("8-bit bytes do not make a control character text", arguments: [
        [0xE9, 0x00, 0xE9] as [UInt8], [0xE9, 0x1B, 0x5B, 0x30, 0x6D], [0xFF, 0xFE, 0x7F],
    ])
    func eightBitBinary(_ bytes: [UInt8]) {
        #expect(ContentSniffer.guess(head: bytes) == nil)
    }

    @Test("empty is nothing")
    func empty() {
        #expect(ContentSniffer.guess(head: []) == nil)
    }

    /// A head that fills the sample was cut by the sample's end, not by the
    /// file's; a shorter head ending mid-character is a broken file.
    private static func fullHead(ending tail: [UInt8]) -> [UInt8] {
        Array(repeating: UInt8(ascii: "a"), count: ContentSniffer.headLength - tail.count) + tail
    }

    @Test("text cut in the middle of a multi-byte character is still text", arguments: [1, 2, 3])
    func cutCharacter(_ kept: Int) {
        // "🎉" is four bytes: F0 9F 8E 89; keep only the first `kept`.
        let head = Self.fullHead(ending: Array("Party time ".utf8) + Array("🎉".utf8).prefix(kept))
        #expect(Self.guess(head) == UTType.plainText)
        let euro = Self.fullHead(ending: Array("Price: 5".utf8) + Array("€".utf8).prefix(min(kept, 2)))
        #expect(Self.guess(euro) == UTType.plainText)
        // A shorter head ending mid-character is broken UTF-8: text, but
        // not said to be UTF-8.
        let short = Array("Party time ".utf8) + Array("🎉".utf8).prefix(kept)
        #expect(ContentSniffer.guess(head: short)?.evidence == "text in an 8-bit encoding (not UTF-8) without control characters")
    }

    @Test("other signatures", arguments: [
        ("GIF89a\u{1}\u{0}", "com.compuserve.gif"),
        ("{\\rtf1\\ansi", "public.rtf"),
        ("#!/bin/sh\necho hi\n", "public.shell-script"),
        ("<?xml version=\"1.0\"?><a/>", "public.xml"),
        ("bplist00\u{D1}\u{1}", "com.apple.binary-property-list"),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\n", "public.vcard"),
    ])
    func otherSignatures(_ text: String, _ identifier: String) {
        #expect(Self.guess(text) == identifier)
    }

    @Test("every identifier the sniffer guesses is a declared system type")
    func guessesAreDeclared() {
        let samples: [[UInt8]] = [
            Self.png, Array("%PDF-1.4".utf8), [0x1F, 0x8B, 0x08], Self.zipHeader + [0, 0],
            Self.zip(firstEntry: "mimetype", contents: "application/epub+zip"),
            Array("plain".utf8), Array("{}".utf8), [0xFF, 0xD8, 0xFF, 0xE0], Array("BZh91AY".utf8),
        ]
        for sample in samples {
            guard let guess = ContentSniffer.guess(head: sample) else {
                Issue.record("no guess for \(sample.prefix(8))")
                continue
            }
            #expect(SystemTypes.registry.type(withIdentifier: guess.identifier)?.source == .system, "\(guess.identifier)")
        }
    }
}
