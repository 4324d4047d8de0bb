import Foundation
import Testing
@testable import DocKit

/// Documents made to hang, exhaust or crash a reader: each ends as a
/// failure with its reason, or as the text that is really there.
@Suite("hostile documents end as one failure with its reason, never a hang or a crash")
struct DocumentTextExtractorHostileTests {
    static func text(_ name: String, in bench: PreviewBench, with extractor: DocumentTextExtractor = DocumentTextExtractorTests.installed) async throws -> ExtractedText {
        try await DocumentTextExtractorTests.text(name, in: bench, with: extractor)
    }

    @Test func aZipBombDisguisedAsOpenDocumentStopsAtTheByteCap() async throws {
        let bench = try PreviewBench()
        try bench.python("""
            import zipfile
            with zipfile.ZipFile('Bomb.odt', 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('mimetype', 'application/vnd.oasis.opendocument.text')
                with z.open('content.xml', 'w', force_zip64=True) as part:
                    part.write(b'<office:document-content xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><text:p>')
                    for _ in range(16):
                        part.write(b' ' * (4 << 20))
                    part.write(b'</text:p></office:document-content>')
            """)
        #expect(try await Self.text("Bomb.odt", in: bench) == .failed(reason: "content.xml inflates to more than 8388608 bytes"))
    }

    @Test func damagedAndTruncatedZipsFail() async throws {
        let bench = try PreviewBench()
        try bench.python(OfficeDocumentPreviewerTests.writers + "\n" + #"""
            odt('Whole.odt', odf_body(['<text:p>para %d</text:p>' % i for i in range(2000)]))
            data = open('Whole.odt', 'rb').read()
            open('Cut.odt', 'wb').write(data[:len(data) // 2])
            open('Noise.odt', 'wb').write(bytes((i * 7919) % 251 for i in range(5000)))
            """#)
        let cut = try await Self.text("Cut.odt", in: bench)
        let noise = try await Self.text("Noise.odt", in: bench)
        #expect(cut == .failed(reason: "org.docbrowser.archiver: damaged or truncated at entry 'content.xml': Truncated input file (needed 51140 bytes, only 25474 available)"), "\(cut)")
        #expect(noise == .failed(reason: "org.docbrowser.archiver: not an archive docbrowser can read: Unrecognized archive format"), "\(noise)")
    }

    /// No entity is expanded; nesting costs libxml2 memory, not stack.
    @Test func entityExpansionFailsAndDeepNestingIsRead() async throws {
        let bench = try PreviewBench()
        try bench.python(OfficeDocumentPreviewerTests.writers + "\n" + #"""
            odt('Laughs.odt', laughs_body)
            odt('Deep.odt', odf_body(['<text:span>' * 100000 + 'deep' + '</text:span>' * 100000]))
            """#)
        #expect(try await Self.text("Laughs.odt", in: bench) == .failed(reason: "content.xml was not read: it declares a DTD, which office documents never do"))
        let deep = try await Self.text("Deep.odt", in: bench)
        #expect(deep == .text("deep"), "\(deep)")
    }

    /// libxml2 hands over each reference on its own: a paragraph of them
    /// is counted as it grows, never again from its start.
    @Test func aParagraphOfManyReferencesIsReadInOnePass() async throws {
        let bench = try PreviewBench()
        try bench.python(OfficeDocumentPreviewerTests.writers + "\n" + #"""
            odt('Amps.odt', odf_body(['<text:p>' + '&amp;' * 300000 + '</text:p>']))
            """#)
        #expect(try await Self.text("Amps.odt", in: bench) == .text(String(repeating: "&", count: 300_000)))
    }

    @Test func deeplyNestedJSONAndPropertyListsDoNotCrash() async throws {
        let bench = try PreviewBench()
        let depth = 100_000
        try bench.write(String(repeating: "[", count: depth) + "\"deep\"" + String(repeating: "]", count: depth), to: "Deep.json")
        try bench.write("<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: "<array>", count: depth) + "<string>deep</string>"
                        + String(repeating: "</array>", count: depth) + "</plist>", to: "Deep.plist")
        let json = try await Self.text("Deep.json", in: bench)
        #expect(json == .text(String(repeating: "[", count: depth) + "\"deep\"" + String(repeating: "]", count: depth)))
        let plist = try await Self.text("Deep.plist", in: bench)
        #expect(plist == .text("deep"), "\(plist)")
    }

    @Test func invalidUTF8IsReadAsWindows1252() async throws {
        let bench = try PreviewBench()
        // A lone continuation byte, a cut sequence, an overlong slash.
        try bench.write(Array("a".utf8) + [0x80, 0xC3] + Array("b".utf8) + [0xC0, 0xAF, 0x0A], to: "Bad.txt")
        try bench.write(Array("<p>caf".utf8) + [0xE9] + Array("</p>".utf8), to: "Bad.html")
        #expect(try await Self.text("Bad.txt", in: bench) == .text("a€Ãb\u{C0}\u{AF}\n"))
        #expect(try await Self.text("Bad.html", in: bench) == .text("café"))
    }

    @Test func rtfWithUnbalancedGroupsAndCutEscapesIsReadToItsEnd() async throws {
        let bench = try PreviewBench()
        try bench.write(#"{\rtf1 one}}}} two {{{\b three {\*\hidden x} four\'e"#, to: "Odd.rtf")
        try bench.write(#"{\rtf1 "# + String(repeating: "{", count: 200_000) + "deep" + #"\bin99999999999 gone"#, to: "Deep.rtf")
        try bench.write("plain words", to: "Plain.rtf")
        #expect(try await Self.text("Odd.rtf", in: bench) == .text("one two three  four"))
        #expect(try await Self.text("Deep.rtf", in: bench) == .text("deep"))
        #expect(try await Self.text("Plain.rtf", in: bench) == .failed(reason: #"it does not begin with {\rtf, as RTF does"#))
    }

    @Test func hugeSingleLinesOfOpenedSyntaxAreReadInOnePass() async throws {
        let bench = try PreviewBench()
        let count = 1 << 20
        try bench.write(String(repeating: "](<[", count: count), to: "Brackets.md")
        try bench.write("<p>words</p><!--" + String(repeating: "<a href='", count: count), to: "Open.html")
        try bench.write(#"{\rtf1 "# + String(repeating: #"\u"#, count: count), to: "Escapes.rtf")
        let extractor = DocumentTextExtractor(tools: PreviewTools(environment: ProcessInfo.processInfo.environment), maxBytes: 8 << 20)
        #expect(try await Self.text("Brackets.md", in: bench, with: extractor) == .text(String(repeating: "(<", count: count)))
        #expect(try await Self.text("Open.html", in: bench, with: extractor) == .text("words"))
        #expect(try await Self.text("Escapes.rtf", in: bench, with: extractor) == .text(""))
    }
}
