#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
@testable import DocKit

/// Counts, through the previewers' reading seam, how many bytes they read
/// and from which files, so that tests can hold them to their bounds.
final class CountingReader: PreviewFileReader {
    private let state = Mutex<(bytes: Int, paths: Set<String>)>((0, []))
    private let reader = BoundedFileReader()

    func read(_ path: RawPath, offset: Int64, count: Int) throws(DocKitError) -> [UInt8] {
        let bytes = try reader.read(path, offset: offset, count: count)
        state.withLock { state in
            state.bytes += bytes.count
            state.paths.insert(path.description)
        }
        return bytes
    }

    var bytesRead: Int { state.withLock { $0.bytes } }
    var pathsRead: Set<String> { state.withLock { $0.paths } }
}

/// A temporary directory of fixture files, previewed with the shipped type
/// declarations and a counting reader.
final class PreviewBench: @unchecked Sendable {
    let directory: TemporaryDirectory
    let reader = CountingReader()
    let registry = SystemTypes.registry

    init(_ label: String = "previews") throws {
        directory = try TemporaryDirectory(label)
    }

    func path(_ relativePath: String) -> RawPath {
        RawPath(directory.url(relativePath))
    }

    @discardableResult
    func write(_ bytes: [UInt8], to relativePath: String) throws -> RawPath {
        try directory.write(bytes: bytes, to: relativePath)
        return path(relativePath)
    }

    @discardableResult
    func write(_ text: String, to relativePath: String) throws -> RawPath {
        try directory.write(text, to: relativePath)
        return path(relativePath)
    }

    /// Runs a Python script in the bench's directory: Python's zipfile and
    /// plistlib write documents as other programs do, and UIDs, which
    /// Foundation on Linux cannot.
    func python(_ script: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: path("").description)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Tools found first in the bench's `bin`, where `name` is a shell
    /// script standing in for the real tool; the rest found on `PATH`.
    func fakeTool(_ name: String, script: String, timeLimit: Duration) throws -> PreviewTools {
        let fake = try write("#!/bin/sh\n" + script, to: "bin/" + name)
        guard chmod(fake.description, 0o755) == 0 else { throw CocoaError(.fileWriteNoPermission) }
        return PreviewTools(environment: ProcessInfo.processInfo.environment, searchPath: [path("bin").description] + PreviewTools.searchPath(environment: ProcessInfo.processInfo.environment), timeLimit: timeLimit)
    }

    func subject(_ relativePath: String) throws -> PreviewSubject {
        try PreviewSubject.file(at: path(relativePath), registry: registry)
    }

    func preview(_ relativePath: String, options: PreviewOptions = PreviewOptions(), previewers: [any Previewer] = PreviewGenerator.builtIn,
                 tools: PreviewTools = PreviewTools(environment: ProcessInfo.processInfo.environment)) async throws -> Preview {
        let context = PreviewContext(registry: registry, reader: reader, options: options, tools: tools)
        return try await PreviewGenerator(previewers: previewers).preview(try subject(relativePath), in: context)
    }
}

/// Image headers built byte by byte, as the format specifications lay
/// them out, with nothing after the header but what a test asks for.
enum ImageBytes {
    static func bigEndian32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func bigEndian16(_ value: Int) -> [UInt8] { [8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func littleEndian32(_ value: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func littleEndian16(_ value: Int) -> [UInt8] { [0, 8].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func littleEndian24(_ value: Int) -> [UInt8] { [0, 8, 16].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func png(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, interlaced: Bool = false) -> [UInt8] {
        let data = bigEndian32(width) + bigEndian32(height) + [bitDepth, colourType, 0, 0, interlaced ? 1 : 0]
        let chunk = ascii("IHDR") + data
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian32(13) + chunk + bigEndian32(Int(crc32(chunk)))
    }

    /// SOI, a JFIF APP0, an APP1 of `paddingBytes` (where an Exif block
    /// with a thumbnail would be), then the frame header `marker`.
    static func jpeg(width: Int, height: Int, components: UInt8, marker: UInt8 = 0xC0, paddingBytes: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0] + bigEndian16(16) + ascii("JFIF") + [0, 1, 2, 0, 0, 1, 0, 1, 0, 0]
        if paddingBytes > 0 {
            bytes += [0xFF, 0xE1] + bigEndian16(paddingBytes + 2) + Array(repeating: 0xAB, count: paddingBytes)
        }
        var componentSpecs: [UInt8] = []
        for component in 1...components { componentSpecs += [component, 0x11, 0] }
        bytes += [0xFF, marker]
        bytes += bigEndian16(8 + componentSpecs.count)
        bytes += [8]
        bytes += bigEndian16(height)
        bytes += bigEndian16(width)
        bytes += [components]
        bytes += componentSpecs
        bytes += [0xFF, 0xDA]
        bytes += bigEndian16(8)
        bytes += [1, 1, 0, 0, 0x3F, 0, 0xFF, 0xD9]
        return bytes
    }

    static func gif(width: Int, height: Int, paletteBits: Int) -> [UInt8] {
        ascii("GIF89a") + littleEndian16(width) + littleEndian16(height) + [0x80 | 0x70 | UInt8(paletteBits - 1), 0, 0]
    }

    static func riff(_ chunkType: String, _ payload: [UInt8]) -> [UInt8] {
        let chunk = ascii(chunkType) + littleEndian32(payload.count) + payload
        return ascii("RIFF") + littleEndian32(4 + chunk.count) + ascii("WEBP") + chunk
    }

    static func webpLossy(width: Int, height: Int) -> [UInt8] {
        riff("VP8 ", [0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A] + littleEndian16(width) + littleEndian16(height) + Array(repeating: 0, count: 8))
    }

    static func webpLossless(width: Int, height: Int, alpha: Bool) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14 | (alpha ? 1 : 0) << 28
        return riff("VP8L", [0x2F] + littleEndian32(bits) + [0, 0, 0])
    }

    static func webpExtended(width: Int, height: Int, alpha: Bool, animated: Bool) -> [UInt8] {
        let flags: UInt8 = (alpha ? 0x10 : 0) | (animated ? 0x02 : 0)
        return riff("VP8X", [flags, 0, 0, 0] + littleEndian24(width - 1) + littleEndian24(height - 1))
    }

    static func bmp(width: Int, height: Int, bitsPerPixel: Int) -> [UInt8] {
        ascii("BM") + littleEndian32(54) + [0, 0, 0, 0] + littleEndian32(54)
            + littleEndian32(40) + littleEndian32(width) + littleEndian32(height) + littleEndian16(1) + littleEndian16(bitsPerPixel)
            + Array(repeating: 0, count: 24)
    }

    /// One image directory right after the header, BitsPerSample stored
    /// after the directory because three SHORTs do not fit in an entry.
    static func tiff(width: Int, height: Int, littleEndian: Bool) -> [UInt8] {
        let u16 = littleEndian ? littleEndian16 : bigEndian16
        let u32 = littleEndian ? littleEndian32 : bigEndian32
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
            u16(tag) + u16(type) + u32(count) + value + Array(repeating: 0, count: 4 - value.count)
        }
        let entryCount = 5
        let bitsOffset = 8 + 2 + entryCount * 12 + 4
        var bytes = (littleEndian ? ascii("II") : ascii("MM")) + u16(42) + u32(8)
        bytes += u16(entryCount)
        bytes += entry(256, 3, 1, u16(width))
        bytes += entry(257, 4, 1, u32(height))
        bytes += entry(258, 3, 3, u32(bitsOffset))
        bytes += entry(262, 3, 1, u16(2))
        bytes += entry(277, 3, 1, u16(3))
        bytes += u32(0)
        bytes += u16(8) + u16(8) + u16(8)
        return bytes
    }
}

/// A PDF written as a PDF writer lays it out: header, objects, trailer.
enum PDFBytes {
    static func document(version: String = "1.4", pages: Int, title: String?, filler: Int = 0) -> [UInt8] {
        var objects: [String] = []
        objects.append("<< /Type /Catalog /Pages 2 0 R >>")
        let kids = (0..<pages).map { "\($0 + 3) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
        for _ in 0..<pages { objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>") }
        if filler > 0 {
            objects.append("<< /Length \(filler) >>\nstream\n" + String(repeating: "q Q\n", count: filler / 4) + "\nendstream")
        }
        let infoNumber = objects.count + 1
        objects.append("<< \(title.map { "/Title \($0) " } ?? "")/Producer (docbrowser tests) >>")
        var body = "%PDF-\(version)\n%\u{E2}\u{E3}\n"
        for (index, object) in objects.enumerated() { body += "\(index + 1) 0 obj\n\(object)\nendobj\n" }
        body += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Info \(infoNumber) 0 R >>\nstartxref\n0\n%%EOF\n"
        return Array(body.utf8)
    }
}

extension PDFBytes {
    /// A complete PDF that poppler reads without repairing it: one page
    /// whose content stream shows `lines` in Helvetica, an Info
    /// dictionary, and a cross-reference table with every offset right.
    static func withText(title: String?, author: String?, lines: [String], xmp: String? = nil) -> [UInt8] {
        var stream = "BT /F1 12 Tf 72 720 Td 14 TL"
        for line in lines { stream += " (\(line)) '" }
        stream += " ET"
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R\(xmp == nil ? "" : " /Metadata 7 0 R") >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            "<< \(title.map { "/Title (\($0)) " } ?? "")\(author.map { "/Author (\($0)) " } ?? "")/Producer (docbrowser tests) >>",
        ]
        if let xmp { objects.append("<< /Type /Metadata /Subtype /XML /Length \(xmp.utf8.count) >>\nstream\n\(xmp)\nendstream") }
        var body = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(body.utf8.count)
            body += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = body.utf8.count
        body += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { body += String(format: "%010d 00000 n \n", offset) }
        body += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Info 6 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(body.utf8)
    }
}
