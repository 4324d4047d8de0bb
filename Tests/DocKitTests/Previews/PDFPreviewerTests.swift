import Foundation
import Testing
@testable import DocKit

@Suite("PDF previews: poppler's facts and first page, or version, pages and title from a bounded window")
struct PDFPreviewerTests {
    @Test func smallPDFGivesVersionPageCountAndTitle() async throws {
        let bench = try PreviewBench()
        try bench.write(PDFBytes.document(version: "1.7", pages: 3, title: #"(Quarterly \(draft\) report\051)"#), to: "Report.pdf")
        let preview = try await bench.preview("Report.pdf", tools: Self.withoutPoppler)
        #expect(preview.kind == .pdf)
        #expect(preview.field("version") == "PDF 1.7")
        #expect(preview.field("pages") == "3")
        #expect(preview.field("title") == "Quarterly (draft) report)")
        #expect(preview.field("producer") == "docbrowser tests")
    }

    @Test func hexTitleInUTF16BigEndianIsDecoded() async throws {
        let bench = try PreviewBench()
        var utf16: [UInt8] = [0xFE, 0xFF]
        for unit in "Ünïcødé ☃".utf16 { utf16 += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        let hex = "<" + utf16.map { String(format: "%02X", Int($0)) }.joined() + ">"
        try bench.write(PDFBytes.document(pages: 1, title: hex), to: "Unicode.pdf")
        let preview = try await bench.preview("Unicode.pdf", tools: Self.withoutPoppler)
        #expect(preview.field("title") == "Ünïcødé ☃")
        #expect(preview.field("pages") == "1")
    }

    @Test func pdfWithoutATitleHasNone() async throws {
        let bench = try PreviewBench()
        try bench.write(PDFBytes.document(version: "1.3", pages: 2, title: nil), to: "Untitled.pdf")
        let preview = try await bench.preview("Untitled.pdf", tools: Self.withoutPoppler)
        #expect(preview.field("version") == "PDF 1.3")
        #expect(preview.field("title") == nil)
    }

    @Test func largePDFIsReadOnlyAtBothEnds() async throws {
        let bench = try PreviewBench()
        // The page tree is in the head, the Info dictionary in the tail,
        // 2 MB of content stream between them.
        try bench.write(PDFBytes.document(pages: 12, title: "(Big one)", filler: 2 << 20), to: "Big.pdf")
        let options = PreviewOptions(pdfWindowBytes: 16 << 10)
        let preview = try await bench.preview("Big.pdf", options: options, tools: Self.withoutPoppler)
        #expect(preview.field("pages") == "12")
        #expect(preview.field("title") == "Big one")
        #expect(bench.reader.bytesRead <= 2 * options.pdfWindowBytes)
        #expect(preview.notes.contains { $0.hasPrefix("read the first and last 16384 bytes") })
    }

    @Test func pagesAreCountedFromPageObjectsWhenTheTreeHasNoCount() async throws {
        let bench = try PreviewBench()
        var text = String(decoding: PDFBytes.document(pages: 4, title: nil), as: UTF8.self)
        text = text.replacingOccurrences(of: " /Count 4", with: "")
        try bench.write(text, to: "NoCount.pdf")
        #expect(try await bench.preview("NoCount.pdf", tools: Self.withoutPoppler).field("pages") == "4")
    }

    @Test func notAPDFFallsBackToTheGenericPreview() async throws {
        let bench = try PreviewBench()
        try bench.write("just text", to: "fake.pdf")
        let preview = try await bench.preview("fake.pdf")
        #expect(preview.kind == .generic)
        #expect(preview.notes.first == "the pdf preview failed (no %PDF- header); showing the generic preview")
    }

    /// No directory to find poppler's tools in: the header parse alone.
    static let withoutPoppler = PreviewTools(environment: ProcessInfo.processInfo.environment, searchPath: [])

    @Test func withoutPopplerANoteSaysWhereTheFactsCameFrom() async throws {
        let bench = try PreviewBench()
        try bench.write(PDFBytes.withText(title: "Field Notes", author: "Ada", lines: ["Hello"]), to: "Notes.pdf")
        let preview = try await bench.preview("Notes.pdf", tools: Self.withoutPoppler)
        #expect(preview.field("pages") == "1")
        #expect(preview.field("title") == "Field Notes")
        #expect(preview.text.isEmpty)
        #expect(preview.notes == ["poppler's pdfinfo is not installed; the pages and title are what the file's first and last 65536 bytes state"])
    }

    @Test func popplerGivesPagesTitleAuthorAndTheFirstPageText() async throws {
        let bench = try PreviewBench()
        try bench.write(PDFBytes.withText(title: "Field Notes", author: "Ada Lovelace", lines: ["First line of the page", "Second line"]), to: "Notes.pdf")
        let preview = try await bench.preview("Notes.pdf")
        #expect(preview.fields.dropFirst(2).map { "\($0.label): \($0.value)" } == [
            "version: PDF 1.4", "pages: 1", "title: Field Notes", "author: Ada Lovelace", "producer: docbrowser tests",
        ])
        #expect(preview.text == ["First line of the page", "Second line"])
        #expect(preview.notes.isEmpty)
    }

    @Test func withoutAnInfoTitleTheXMPMetadataGivesTitleAndAuthors() async throws {
        let bench = try PreviewBench()
        let xmp = #"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
            + #"<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Analytical   Engine</rdf:li></rdf:Alt></dc:title>"#
            + #"<dc:creator><rdf:Seq><rdf:li>Ada Lovelace</rdf:li><rdf:li>Charles Babbage</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>"#
        try bench.write(PDFBytes.withText(title: nil, author: nil, lines: ["Notes"], xmp: xmp), to: "Engine.pdf")
        let preview = try await bench.preview("Engine.pdf")
        #expect(preview.field("title") == "Analytical Engine")
        #expect(preview.field("author") == "Ada Lovelace, Charles Babbage")
        #expect(preview.text == ["Notes"])
    }

    @Test func aPdftotextThatHangsIsKilledAtTheLimitAndThePreviewStillShows() async throws {
        let bench = try PreviewBench()
        try bench.write(PDFBytes.withText(title: "Field Notes", author: "Ada", lines: ["Hello"]), to: "Notes.pdf")
        let fake = try bench.write("#!/bin/sh\nsleep 600 &\nwait\n", to: "bin/pdftotext")
        #expect(chmod(fake.description, 0o755) == 0)
        // The limit is every tool's: the real pdfinfo, which must finish
        // within it, took over a second on a loaded CI machine.
        let tools = PreviewTools(environment: ProcessInfo.processInfo.environment, searchPath: [bench.path("bin").description] + PreviewTools.searchPath(environment: ProcessInfo.processInfo.environment), timeLimit: .seconds(8))
        let preview = try await bench.preview("Notes.pdf", tools: tools)
        #expect(preview.field("title") == "Field Notes")
        #expect(preview.field("pages") == "1")
        #expect(preview.text.isEmpty)
        #expect(preview.notes == ["pdftotext did not finish within 8 s and was stopped; the first page's text is not shown"])
    }
}
