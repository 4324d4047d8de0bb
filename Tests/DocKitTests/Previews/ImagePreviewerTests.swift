import Foundation
import Testing
@testable import DocKit

@Suite("Image previews from header bytes")
struct ImagePreviewerTests {
    struct Case: Sendable, CustomStringConvertible {
        var file: String
        var bytes: [UInt8]
        var format: String
        var dimensions: String
        var colour: String?
        var details: String?
        var description: String { file }
    }

    static let cases: [Case] = [
        Case(file: "a.png", bytes: ImageBytes.png(width: 640, height: 480, bitDepth: 8, colourType: 6), format: "PNG", dimensions: "640×480 pixels", colour: "8-bit RGBA"),
        Case(file: "b.png", bytes: ImageBytes.png(width: 1, height: 70000, bitDepth: 16, colourType: 0, interlaced: true), format: "PNG", dimensions: "1×70000 pixels", colour: "16-bit greyscale", details: "interlaced (Adam7)"),
        Case(file: "c.jpg", bytes: ImageBytes.jpeg(width: 800, height: 600, components: 3, marker: 0xC2, paddingBytes: 5000), format: "JPEG", dimensions: "800×600 pixels", colour: "8-bit YCbCr", details: "progressive"),
        Case(file: "d.jpeg", bytes: ImageBytes.jpeg(width: 32, height: 16, components: 1), format: "JPEG", dimensions: "32×16 pixels", colour: "8-bit greyscale", details: "baseline"),
        Case(file: "e.gif", bytes: ImageBytes.gif(width: 300, height: 200, paletteBits: 8), format: "GIF (89a)", dimensions: "300×200 pixels", colour: "256 colours (8-bit palette)"),
        Case(file: "f.webp", bytes: ImageBytes.webpLossy(width: 1024, height: 768), format: "WebP (lossy)", dimensions: "1024×768 pixels", colour: "8-bit YUV"),
        Case(file: "g.webp", bytes: ImageBytes.webpLossless(width: 5000, height: 3, alpha: true), format: "WebP (lossless)", dimensions: "5000×3 pixels", colour: "8-bit RGBA"),
        Case(file: "h.webp", bytes: ImageBytes.webpExtended(width: 70000, height: 2, alpha: true, animated: true), format: "WebP (extended)", dimensions: "70000×2 pixels", colour: "with alpha", details: "animated"),
        Case(file: "i.bmp", bytes: ImageBytes.bmp(width: 123, height: -45, bitsPerPixel: 24), format: "BMP", dimensions: "123×45 pixels", colour: "24 bits per pixel", details: "top-down"),
        Case(file: "j.tiff", bytes: ImageBytes.tiff(width: 2048, height: 1536, littleEndian: true), format: "TIFF (little-endian)", dimensions: "2048×1536 pixels", colour: "8-bit RGB"),
        Case(file: "k.tif", bytes: ImageBytes.tiff(width: 7, height: 9, littleEndian: false), format: "TIFF (big-endian)", dimensions: "7×9 pixels", colour: "8-bit RGB"),
    ]

    @Test(arguments: cases)
    func headerGivesFormatDimensionsAndColour(_ fixture: Case) async throws {
        let bench = try PreviewBench()
        try bench.write(fixture.bytes, to: fixture.file)
        let preview = try await bench.preview(fixture.file)
        #expect(preview.kind == .image)
        #expect(preview.field("format") == fixture.format)
        #expect(preview.field("dimensions") == fixture.dimensions)
        #expect(preview.field("colour") == fixture.colour)
        #expect(preview.field("details") == fixture.details)
    }

    @Test func aJPEGIsReadSegmentBySegmentNotWhole() async throws {
        let bench = try PreviewBench()
        // The frame header comes after 200 kB of Exif-like data and the
        // file goes on with 1 MB of "scan" data.
        var bytes = ImageBytes.jpeg(width: 10, height: 20, components: 3, paddingBytes: 60000)
        bytes.insert(contentsOf: [0xFF, 0xE2] + ImageBytes.bigEndian16(60002) + Array(repeating: 0, count: 60000), at: 2)
        bytes += Array(repeating: 0x55, count: 1 << 20)
        try bench.write(bytes, to: "big.jpg")
        let preview = try await bench.preview("big.jpg")
        #expect(preview.field("dimensions") == "10×20 pixels")
        #expect(bench.reader.bytesRead < 200)
    }

    @Test func anImageWhoseBytesAreNotAnImageFallsBackToTheGenericPreview() async throws {
        let bench = try PreviewBench()
        try bench.write("not really a PNG", to: "fake.png")
        let preview = try await bench.preview("fake.png")
        #expect(preview.kind == .generic)
        #expect(preview.notes.first?.hasPrefix("the image preview failed") == true)
        #expect(preview.text.first?.hasSuffix("not really a PNG") == true)
    }

    @Test func truncatedHeadersGiveNoDimensionsRatherThanGarbage() async throws {
        let bench = try PreviewBench()
        for (name, bytes) in [("t.png", Array(ImageBytes.png(width: 1, height: 1, bitDepth: 8, colourType: 2).prefix(20))),
                              ("t.gif", Array(ImageBytes.gif(width: 1, height: 1, paletteBits: 1).prefix(8))),
                              ("t.jpg", Array(ImageBytes.jpeg(width: 1, height: 1, components: 1).prefix(24)))] {
            try bench.write(bytes, to: name)
            #expect(try ImageHeader.read(bench.path(name), reader: bench.reader) == nil, "\(name)")
        }
    }
}
