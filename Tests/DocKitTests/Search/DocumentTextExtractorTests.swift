import Foundation
import Testing
@testable import DocKit

@Suite("the words of each document search reads, and the hostile ones it gives up on")
struct DocumentTextExtractorTests {
    static let extractor = DocumentTextExtractor(tools: PreviewTools(environment: ProcessInfo.processInfo.environment, searchPath: []), maxBytes: 16)
    /// Poppler's tools and gzip as installed; the archiver beside the tests.
    static let installed = DocumentTextExtractor(tools: PreviewTools(environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(20)))

    static func document(at url: URL, type: String, isFolder: Bool = false, isPackage: Bool = false) -> Document {
        Document(
            location: .local, relativePath: RawPath(url.lastPathComponent), path: RawPath(url.path), name: url.lastPathComponent,
            displayName: url.deletingPathExtension().lastPathComponent, type: type, size: 0, modificationDate: Date(),
            isPackage: isPackage, isFolder: isFolder, isSymbolicLink: false, typeWasGuessed: false, states: []
        )
    }

    /// The text of a file in the bench, typed as the shipped declarations type it.
    static func text(_ name: String, in bench: PreviewBench, with extractor: DocumentTextExtractor = installed) async throws -> ExtractedText {
        let subject = try bench.subject(name)
        let url = URL(fileURLWithPath: bench.path(name).description)
        return await extractor.extract(document(at: url, type: subject.type, isFolder: subject.isPackage, isPackage: subject.isPackage),
                                       registry: bench.registry)
    }

    @Test func plainTextIsReadUpToTheLimit() async throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("héllo wörld, and then more than sixteen bytes", to: "Note.txt")
        let text = await Self.extractor.extract(Self.document(at: url, type: "public.plain-text"), registry: TypeFixtures.registry())
        #expect(text == .text("héllo wörld, a"))
    }

    @Test func typesThatAreNotTextHaveNone() async throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write(bytes: [0x89, 0x50, 0x4E, 0x47], to: "Picture.png")
        #expect(await Self.extractor.extract(Self.document(at: url, type: "public.png"), registry: TypeFixtures.registry()) == .none)
        let folder = try directory.directory("Folder")
        #expect(await Self.extractor.extract(Self.document(at: folder, type: "public.folder", isFolder: true), registry: TypeFixtures.registry()) == .none)
    }

    @Test func binaryBytesUnderATextTypeFail() async throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write(bytes: [0x61, 0x00, 0x62], to: "Odd.txt")
        let text = await Self.extractor.extract(Self.document(at: url, type: "public.plain-text"), registry: TypeFixtures.registry())
        #expect(text == .failed(reason: "it is not text in any encoding docbrowser reads"))
        // NULs in two of three odd bytes: too few for UTF-16 without a byte-order mark.
        let nearly = try directory.write(bytes: [0x62, 0x61, 0x64, 0x00, 0xFF, 0x00], to: "Nearly.txt")
        let nearlyText = await Self.extractor.extract(Self.document(at: nearly, type: "public.plain-text"), registry: TypeFixtures.registry())
        #expect(nearlyText == .failed(reason: "it is not text in any encoding docbrowser reads"))
    }

    @Test func textInEachEncodingIsDecoded() async throws {
        let bench = try PreviewBench()
        let words = "Grüße aus Köln"
        try bench.write([0xFF, 0xFE] + words.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, to: "little.txt")
        try bench.write([0xFE, 0xFF] + words.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, to: "big.txt")
        try bench.write(words.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, to: "unmarked.txt")
        // Not UTF-8: Latin-1 é and Windows-1252's euro sign and quotes.
        try bench.write(Array("caf".utf8) + [0xE9, 0x20, 0x80, 0x35, 0x20, 0x93] + Array("ok".utf8) + [0x94], to: "legacy.txt")
        for name in ["little.txt", "big.txt", "unmarked.txt"] {
            #expect(try await Self.text(name, in: bench) == .text(words), "\(name)")
        }
        #expect(try await Self.text("legacy.txt", in: bench) == .text("café €5 “ok”"))
    }

    @Test func markdownKeepsItsWordsAndDropsItsMarkup() async throws {
        let bench = try PreviewBench()
        try bench.write("""
            # Field *notes* #
            Setext title
            ============
            > A **bold** claim with `code_span` and snake_case_name, _emphasis_ and ~~gone~~ words.
            - [ ] a task with [a link](https://example.org/x_y "Title") and ![a picture](p.png)
            12. numbered [reference][ref] <https://docbrowser.example> <b>tag</b>
            ---
            [ref]: https://example.org/ref
            ```swift
            let *stars* = 1
            ```
            Escaped \\*star\\*
            """, to: "Notes.md")
        #expect(try await Self.text("Notes.md", in: bench) == .text("""
            Field notes
            Setext title
            A bold claim with code_span and snake_case_name, emphasis and gone words.
            a task with a link and a picture
            numbered reference https://docbrowser.example tag
            let *stars* = 1
            Escaped *star*
            """))
    }

    @Test func rtfLosesItsControlWordsAndKeepsItsCharacters() async throws {
        let bench = try PreviewBench()
        try bench.write(#"""
            {\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\fswiss Helvetica;}}{\colortbl;\red0\green0\blue0;}
            {\*\generator Writer 1.0;}{\info{\title Hidden title}}
            \pard\f0\fs24 Caf\'e9 \b bold\b0  text\par
            Euro \u8364? and {\uc2\u21487\'bf\'c9} done\par
            Smile \u-10179?\u-8704?{\field{\*\fldinst HYPERLINK "x"}{\fldrslt shown}}\line
            Braces \{ and \} and \\ back\tab end}
            """#, to: "Letter.rtf")
        #expect(try await Self.text("Letter.rtf", in: bench) == .text("Café bold text\nEuro € and 可 done\nSmile 😀shown\nBraces { and } and \\ back\tend"))
    }

    @Test func htmlLosesItsTagsScriptsAndStylesAndDecodesReferences() async throws {
        let bench = try PreviewBench()
        try bench.write("""
            <!DOCTYPE html><html><head><title>Page &amp; title</title><style>p { color: red }</style>
            <script type="text/javascript">if (a < b) { document.write("<p>no</p>") }</script></head>
            <body><!-- a comment <p>hidden</p> --><h1>Caf&eacute; &#233;&#xE9;</h1>
            <p class="a>b">One <b>bo</b>ld   word,&nbsp;&unknown; &lt;kept&gt;</p><SCRIPT>x()</SCRIPT><br/>Last</body></html>
            """, to: "Page.html")
        #expect(try await Self.text("Page.html", in: bench) == .text("Page & title\nCafé éé\nOne bold word,\u{A0}&unknown; <kept>\nLast"))
    }

    @Test func jsonAndPropertyListsGiveTheirKeysAndStrings() async throws {
        let bench = try PreviewBench()
        try bench.write(#"{"title": "Moby-Dick", "pages": 635, "tags": ["whale", {"sea": "salt"}], "empty": ""}"#, to: "Book.json")
        try bench.write("{\"unclosed\": \"still words", to: "Broken.json")
        try bench.python("""
            import plistlib
            value = {'Name': 'Ada', 'Languages': ['English', 'French'], 'Born': 1815, 'Data': b'xyz'}
            open('Person.plist', 'wb').write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
            open('PersonXML.plist', 'wb').write(plistlib.dumps(value, fmt=plistlib.FMT_XML))
            """)
        #expect(try await Self.text("Book.json", in: bench) == .text("empty\npages\ntags\nwhale\nsea\nsalt\ntitle\nMoby-Dick"))
        #expect(try await Self.text("Broken.json", in: bench) == .text("{\"unclosed\": \"still words"))
        #expect(try await Self.text("Person.plist", in: bench) == .text("Born\nData\nLanguages\nEnglish\nFrench\nName\nAda"))
        #expect(try await Self.text("PersonXML.plist", in: bench) == .text("Born\nData\nLanguages\nEnglish\nFrench\nName\nAda"))
    }

    @Test func aPDFIsReadByPdftotext() async throws {
        let bench = try PreviewBench()
        try bench.write(PDFBytes.withText(title: "Field Notes", author: "Ada", lines: ["Hello searchable world", "second line"]), to: "Notes.pdf")
        let text = try await Self.text("Notes.pdf", in: bench)
        #expect(text == .text("Hello searchable world\nsecond line\n\n\n"), "\(text)")
        try bench.write("not a pdf at all", to: "Fake.pdf")
        #expect(try await Self.text("Fake.pdf", in: bench) == .failed(reason: "it has no %PDF- header"))
    }

    @Test func aPdftotextThatHangsIsStoppedAtTheTimeLimit() async throws {
        let bench = try PreviewBench()
        try bench.write(PDFBytes.withText(title: nil, author: nil, lines: ["Hello"]), to: "Loop.pdf")
        let tools = try bench.fakeTool("pdftotext", script: "sleep 600 &\nwait\n", timeLimit: .seconds(1))
        let text = try await Self.text("Loop.pdf", in: bench, with: DocumentTextExtractor(tools: tools))
        #expect(text == .failed(reason: "pdftotext did not finish within 1 s and was stopped"))
    }

    @Test func aPdftotextThatWritesTooMuchKeepsItsHead() async throws {
        let bench = try PreviewBench()
        try bench.write(PDFBytes.withText(title: nil, author: nil, lines: ["Hello"]), to: "Endless.pdf")
        let tools = try bench.fakeTool("pdftotext", script: "exec yes 'é words'\n", timeLimit: .seconds(20))
        let text = try await Self.text("Endless.pdf", in: bench, with: DocumentTextExtractor(tools: tools, maxBytes: 20))
        #expect(text == .text("é words\né words\né"))
    }

    @Test func officeDocumentsGiveAllTheirParagraphs() async throws {
        let bench = try PreviewBench()
        try bench.python(OfficeDocumentPreviewerTests.writers + "\n" + #"""
            odt('Notes.odt', odf_body(['<text:h>Chapter <text:span>One</text:span></text:h>', '<text:p>First<text:s/>line</text:p>'] + ['<text:p>para %d</text:p>' % i for i in range(50)]))
            ooxml('Letter.docx', 'word/document.xml', '<w:document ' + W + '><w:body><w:p><w:r><w:t>Dear</w:t></w:r><w:r><w:t xml:space="preserve"> reader,</w:t></w:r></w:p>'
                '<w:p><w:r><w:instrText>PAGE</w:instrText><w:t>Yours</w:t></w:r></w:p></w:body></w:document>')
            import zipfile
            with zipfile.ZipFile('Deck.pptx', 'w') as z:
                z.writestr('[Content_Types].xml', '<Types/>')
                for n, word in [(10, 'Tenth'), (2, 'Second'), (1, 'First')]:
                    z.writestr('ppt/slides/slide%d.xml' % n, '<p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" ' + A + '><a:p><a:r><a:t>' + word + '</a:t></a:r></a:p></p:sld>')
            ooxml('Sheet.xlsx', 'xl/sharedStrings.xml', '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Name</t></si><si><r><t>Total</t></r><r><t> cost</t></r></si></sst>')
            with zipfile.ZipFile('Old.pages', 'w') as z:
                z.writestr('index.xml', '<sl:document xmlns:sl="http://developer.apple.com/namespaces/sl" xmlns:sf="http://developer.apple.com/namespaces/sf">'
                    '<sf:text-body><sf:p>Pages<sf:tab/>nine</sf:p><sf:p>Second</sf:p></sf:text-body></sl:document>')
            with zipfile.ZipFile('New.pages', 'w') as z:
                z.writestr('Index/Document.iwa', b'\x00')
            """#)
        let paragraphs = (0..<50).map { "para \($0)" }.joined(separator: "\n")
        #expect(try await Self.text("Notes.odt", in: bench) == .text("Chapter One\nFirst line\n" + paragraphs))
        #expect(try await Self.text("Letter.docx", in: bench) == .text("Dear reader,\nYours"))
        #expect(try await Self.text("Deck.pptx", in: bench) == .text("First\nSecond\nTenth"))
        #expect(try await Self.text("Sheet.xlsx", in: bench) == .text("Name\nTotal cost"))
        #expect(try await Self.text("Old.pages", in: bench) == .text("Pages nine\nSecond"))
        #expect(try await Self.text("New.pages", in: bench) == .none)
        let short = DocumentTextExtractor(tools: PreviewTools(environment: ProcessInfo.processInfo.environment), maxBytes: 29)
        #expect(try await Self.text("Notes.odt", in: bench, with: short) == .text("Chapter One\nFirst line\npara 0"))
    }

    @Test func anIWorkPackageGivesItsXMLGzippedOrNot() async throws {
        let bench = try PreviewBench()
        try bench.python("""
            import gzip, os
            body = '<sl:document xmlns:sf="http://developer.apple.com/namespaces/sf" xmlns:sl="http://developer.apple.com/namespaces/sl"><sf:p>Keynote words</sf:p></sl:document>'
            os.makedirs('Talk.key')
            open('Talk.key/index.apxl.gz', 'wb').write(gzip.compress(body.encode()))
            os.makedirs('Letter.pages')
            open('Letter.pages/index.xml', 'w').write(body.replace('Keynote', 'Pages'))
            os.makedirs('Modern.pages/Index')
            """)
        #expect(try await Self.text("Talk.key", in: bench) == .text("Keynote words"))
        #expect(try await Self.text("Letter.pages", in: bench) == .text("Pages words"))
        #expect(try await Self.text("Modern.pages", in: bench) == .none)
    }

    @Test func aBookGivesItsChaptersInSpineOrder() async throws {
        let bench = try PreviewBench()
        try bench.python(OfficeDocumentPreviewerTests.writers + "\n" + """
            epub('Book.epub', '<metadata/><manifest>'
                '<item id="one" href="text/one.xhtml" media-type="application/xhtml+xml"/>'
                '<item id="two" href="text/two%20b.xhtml" media-type="application/xhtml+xml"/>'
                '<item id="css" href="style.css" media-type="text/css"/></manifest>'
                '<spine><itemref idref="two"/><itemref idref="css"/><itemref idref="one"/><itemref idref="missing"/></spine>', {
                'OEBPS/text/one.xhtml': '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title></head><body><p>Call me Ishmael.</p></body></html>',
                'OEBPS/text/two b.xhtml': '<html xmlns="http://www.w3.org/1999/xhtml"><body><h1>Loomings</h1><p>Some years ago&#8212;never mind</p></body></html>',
                'OEBPS/style.css': 'p { margin: 0 }'})
            with zipfile.ZipFile('Empty.epub', 'w') as z:
                z.writestr('mimetype', 'application/epub+zip')
            """)
        #expect(try await Self.text("Book.epub", in: bench) == .text("Loomings\nSome years ago—never mind\nOne\nCall me Ishmael."))
        #expect(try await Self.text("Empty.epub", in: bench) == .failed(reason: "it has no META-INF/container.xml"))
    }
}
