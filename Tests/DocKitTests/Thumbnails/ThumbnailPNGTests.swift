import Foundation
import Testing
@testable import DocKit

@Suite("Thumbnail PNG chunks: texts read and written, hostile files refused")
struct ThumbnailPNGTests {
    /// The cache's 1×1 PNG with a thumbnail's texts, as docbrowser writes it.
    private func tagged(_ texts: [(String, String)] = [("Thumb::URI", "file:///tmp/a.png"), ("Thumb::MTime", "1700000000")]) throws -> [UInt8] {
        try #require(ThumbnailPNG.replacingTexts(texts.map { (keyword: $0.0, text: $0.1) }, in: ThumbnailCache.emptyPNG))
    }

    @Test func textsWrittenAreReadBackAndTheImageIsKept() throws {
        let png = try tagged()
        #expect(ThumbnailPNG.textChunks(in: png) == ["Thumb::URI": "file:///tmp/a.png", "Thumb::MTime": "1700000000"])
        // Right after IHDR, where readers that stop at the image find them.
        #expect(Array(png[37..<41]) == Array("tEXt".utf8))
        let chunks = try #require(ThumbnailPNG.chunks(in: png))
        #expect(chunks.map { String(decoding: $0.type, as: UTF8.self) } == ["IHDR", "tEXt", "tEXt", "IDAT", "IEND"])
    }

    @Test func aGeneratorsOwnThumbTextsAreReplacedAndOthersKept() throws {
        let theirs = try tagged([("Thumb::URI", "file:///tmp/work/embedded.png"), ("Comment", "made by hand")])
        let ours = try #require(ThumbnailPNG.replacingTexts([(keyword: "Thumb::URI", text: "file:///doc.odt")], in: theirs))
        #expect(ThumbnailPNG.textChunks(in: ours) == ["Thumb::URI": "file:///doc.odt", "Comment": "made by hand"])
    }

    @Test func latin1TextsKeepEveryByte() throws {
        let png = try tagged([("Thumb::URI", "file:///caf\u{E9}")])
        #expect(ThumbnailPNG.textChunks(in: png)?["Thumb::URI"] == "file:///caf\u{E9}")
        #expect(png.contains(0xE9))
    }

    @Test("hostile bytes are not a thumbnail", arguments: [
        "empty", "signature only", "truncated", "bad CRC", "length past the end", "no IHDR first", "no IEND", "not a PNG",
    ])
    func hostileBytesAreRefused(_ what: String) throws {
        let png = try tagged()
        var bytes = png
        switch what {
        case "empty": bytes = []
        case "signature only": bytes = Array(png.prefix(8))
        case "truncated": bytes = Array(png.dropLast(13))
        case "bad CRC": bytes[50] ^= 0x20
        case "length past the end": bytes[33...36] = [0x7F, 0xFF, 0xFF, 0xFF]
        case "no IHDR first": bytes = Array(png.prefix(8)) + Array(png[33...])
        case "no IEND": bytes = Array(png.dropLast(12))
        default: bytes = Array("GIF89a not a png at all".utf8)
        }
        #expect(ThumbnailPNG.textChunks(in: bytes) == nil, "\(what)")
        #expect(ThumbnailPNG.replacingTexts([(keyword: "Thumb::URI", text: "x")], in: bytes) == nil, "\(what)")
    }

    @Test func aTextWithoutItsSeparatorIsSkipped() throws {
        // A correct length and CRC, but no NUL between keyword and text.
        let data = Array("Thumb::URIx".utf8)
        let png = Array(ThumbnailCache.emptyPNG.prefix(33)) + Self.chunk("tEXt", data) + Array(ThumbnailCache.emptyPNG[33...])
        #expect(ThumbnailPNG.textChunks(in: png) == [:])
    }

    @Test func filesThatAreNotRegularOrTooLargeAreNotRead() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let valid = folder.appending(path: "valid.png")
        try Data(try tagged()).write(to: valid)
        #expect(ThumbnailPNG.textChunks(ofFileAt: RawPath(valid.path))?["Thumb::MTime"] == "1700000000")

        let link = folder.appending(path: "link.png")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: valid)
        #expect(ThumbnailPNG.textChunks(ofFileAt: RawPath(link.path)) == nil)

        let fifo = folder.appending(path: "fifo.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(ThumbnailPNG.textChunks(ofFileAt: RawPath(fifo.path)) == nil)

        let huge = folder.appending(path: "huge.png")
        var bytes = try tagged()
        bytes += [UInt8](repeating: 0, count: ThumbnailPNG.maximumBytes)
        try Data(bytes).write(to: huge)
        #expect(ThumbnailPNG.textChunks(ofFileAt: RawPath(huge.path)) == nil)
        #expect(ThumbnailPNG.textChunks(ofFileAt: RawPath(folder.path)) == nil)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = CRC32.checksum(body)
        let length = UInt32(data.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + body
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }
}
