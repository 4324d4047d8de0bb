#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import DocKit

@Suite("Choosing previewers by conformance, falling back, and staying bounded")
struct PreviewGeneratorTests {
    /// Stands for a preview plugin: handles one type, and may fail.
    struct StubPreviewer: Previewer {
        var name: String
        var contentTypes: [String]
        var fails = false

        func preview(_ subject: PreviewSubject, in context: PreviewContext) throws -> Preview {
            if fails { throw DocKitError(PreviewError(path: subject.path.description, reason: "plugin exited with status 1")) }
            return Preview(kind: .generic, previewer: name, fields: [Preview.Field("by", name)])
        }
    }

    @Test func theMostSpecificTypeWinsWhateverTheOrder() async throws {
        let bench = try PreviewBench()
        try bench.write(ImageBytes.png(width: 2, height: 2, bitDepth: 8, colourType: 6), to: "tiny.png")
        let generator = PreviewGenerator(previewers: PreviewGenerator.builtIn + [StubPreviewer(name: "png-plugin", contentTypes: ["public.png"])])
        let subject = try bench.subject("tiny.png")
        #expect(generator.candidates(for: subject, registry: bench.registry).map(\.name) == ["png-plugin", "image", "generic"])
        // One for a less specific type than the built-in's comes after it.
        let broad = PreviewGenerator(previewers: [StubPreviewer(name: "data-plugin", contentTypes: ["public.data"])] + PreviewGenerator.builtIn)
        #expect(broad.candidates(for: subject, registry: bench.registry).map(\.name) == ["image", "data-plugin", "generic"])
    }

    @Test func aFailingPreviewerGivesWayToTheNextWithANote() async throws {
        let bench = try PreviewBench()
        try bench.write(ImageBytes.png(width: 3, height: 5, bitDepth: 8, colourType: 6), to: "small.png")
        let previewers = [StubPreviewer(name: "png-plugin", contentTypes: ["public.png"], fails: true)] + PreviewGenerator.builtIn
        let preview = try await bench.preview("small.png", previewers: previewers)
        #expect(preview.previewer == "image")
        #expect(preview.field("dimensions") == "3×5 pixels")
        #expect(preview.notes.first == "the png-plugin preview failed (plugin exited with status 1); showing the image preview")
    }

    @Test(arguments: [
        ("a.txt", Preview.Kind.text), ("b.json", .json), ("c.plist", .propertyList), ("d.csv", .table),
        ("e.png", .image), ("f.pdf", .pdf), ("g.swift", .text), ("h.unknownext", .generic),
    ])
    func eachKindOfFileGetsItsPreviewer(file: String, kind: Preview.Kind) async throws {
        let bench = try PreviewBench()
        let contents: [UInt8] = switch kind {
        case .json: Array("[1]".utf8)
        case .propertyList: Array(try PropertyListSerialization.data(fromPropertyList: ["k": 1], format: .xml, options: 0))
        case .image: ImageBytes.png(width: 1, height: 1, bitDepth: 1, colourType: 0)
        case .pdf: PDFBytes.document(pages: 1, title: nil)
        case .generic: [0, 1, 2, 3]
        default: Array("a,b\n1,2\n".utf8)
        }
        try bench.write(contents, to: file)
        let preview = try await bench.preview(file)
        #expect(preview.kind == kind)
        #expect(preview.fields.first?.label == "type")
        #expect(preview.fields.dropFirst().first?.label == "size")
    }

    @Test func genericPreviewShowsDatesAndAnXxdStyleHexDump() async throws {
        let bench = try PreviewBench()
        try bench.write(Array(0..<40), to: "raw.unknownext")
        let preview = try await bench.preview("raw.unknownext", options: PreviewOptions(hexDumpBytes: 32))
        #expect(preview.field("modified") != nil)
        #expect(preview.field("size") == "40 bytes")
        #expect(preview.text == [
            "00000000: 0001 0203 0405 0607 0809 0a0b 0c0d 0e0f  ................",
            "00000010: 1011 1213 1415 1617 1819 1a1b 1c1d 1e1f  ................",
        ])
        #expect(preview.notes == ["showing the first 32 of 40 bytes"])
    }

    @Test func aSymbolicLinkIsDescribedNotFollowed() async throws {
        let bench = try PreviewBench()
        try bench.write("secret", to: "secret.txt")
        try FileManager.default.createSymbolicLink(atPath: bench.directory.url("link.txt").path, withDestinationPath: "secret.txt")
        let preview = try await bench.preview("link.txt")
        #expect(preview.kind == .generic)
        #expect(preview.field("link to") == "secret.txt")
        #expect(bench.reader.bytesRead == 0)
    }

    @Test func aPlaceholderIsNotRead() async throws {
        let bench = try PreviewBench()
        try bench.write("placeholder plist", to: ".Photo.png.icloud")
        var subject = try bench.subject(".Photo.png.icloud")
        subject.type = "public.png"
        subject.isPlaceholder = true
        let preview = try await PreviewGenerator().preview(subject, in: PreviewContext(registry: bench.registry, reader: bench.reader, tools: PreviewTools(environment: [:], searchPath: [])))
        #expect(preview.kind == .generic)
        #expect(preview.field("state")?.hasPrefix("not downloaded") == true)
        #expect(bench.reader.bytesRead == 0)
    }

    /// A 2 GB sparse file of each kind: the preview reads a bounded head
    /// (and, for a PDF, tail), never the file.
    @Test(arguments: ["huge.txt", "huge.json", "huge.csv", "huge.pdf", "huge.png", "huge.jpg", "huge.unknownext", "huge.plist"])
    func aTwoGigabyteSparseFileIsPreviewedFromABoundedRead(file: String) async throws {
        let bench = try PreviewBench()
        let text = (1...5000).map { "row \($0),value" }.joined(separator: "\n")
        let path = try bench.write(file.hasSuffix(".jpg") ? ImageBytes.jpeg(width: 9, height: 9, components: 3) : Array(text.utf8), to: file)
        let size: Int64 = 2 << 30
        #expect(path.withCString { truncate($0, off_t(size)) } == 0)
        let preview = try await bench.preview(file)
        #expect(preview.field("size") == "\(size) bytes")
        #expect(bench.reader.bytesRead <= 2 * (64 << 10) + 4096, "read \(bench.reader.bytesRead) bytes")
        if file == "huge.txt" {
            #expect(preview.text.first == "row 1,value")
            #expect(preview.notes.contains("only the first 65536 of \(size) bytes were read"))
        }
        if file == "huge.jpg" { #expect(preview.field("dimensions") == "9×9 pixels") }
    }
}
