import Foundation
import Testing
@testable import DocKit

@Suite("OpenDocument, Office Open XML and iWork previews: title, author, first lines and thumbnail, read by the archiver")
struct OfficeDocumentPreviewerTests {
    /// The parts each format's writer puts in the zip, with the namespaces
    /// LibreOffice and Word declare.
    static let writers = #"""
        import zipfile
        DC = 'xmlns:dc="http://purl.org/dc/elements/1.1/"'
        def odt(name, body, title='Field Notes', creator='Ada Lovelace'):
            with zipfile.ZipFile(name, 'w') as z:
                z.writestr('mimetype', 'application/vnd.oasis.opendocument.text')
                z.writestr('meta.xml', '<?xml version="1.0"?><office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
                    'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" ' + DC + '><office:meta><dc:title>' + title + '</dc:title>'
                    '<meta:initial-creator>' + creator + '</meta:initial-creator></office:meta></office:document-meta>')
                z.writestr('content.xml', body)
                z.writestr('Thumbnails/thumbnail.png', b'\x89PNG')
        def odf_body(paragraphs):
            return ('<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
                'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text>'
                + ''.join(paragraphs) + '</office:text></office:body></office:document-content>')
        def ooxml(name, part, xml, title='Quarterly', creator='Grace Hopper'):
            with zipfile.ZipFile(name, 'w') as z:
                z.writestr('[Content_Types].xml', '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
                z.writestr('docProps/core.xml', '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
                    + DC + '><dc:title>' + title + '</dc:title><dc:creator>' + creator + '</dc:creator></cp:coreProperties>')
                z.writestr('docProps/thumbnail.jpeg', b'\xff\xd8')
                z.writestr(part, xml)
        W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
        A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
        # Nine levels of ten entities each: a billion "lol"s, were any expanded.
        laughs_body = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' + ''.join(
            '<!ENTITY lol%d "%s">' % (i, ('&lol%d;' % (i - 1) if i > 1 else '&lol;') * 10) for i in range(1, 10)) + ']>'
            '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><text:p>&lol9;</text:p></office:document-content>')
        # An EPUB of a container, a package document and the given files.
        def epub(name, package, files={}):
            with zipfile.ZipFile(name, 'w') as z:
                z.writestr('mimetype', 'application/epub+zip')
                z.writestr('META-INF/container.xml', '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0"><rootfiles>'
                    '<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>')
                z.writestr('OEBPS/content.opf', '<package xmlns="http://www.idpf.org/2007/opf" version="3.0">' + package + '</package>')
                for entry, body in files.items():
                    z.writestr(entry, body)
        """#

    @Test func anOpenDocumentTextShowsTitleAuthorThumbnailAndParagraphs() async throws {
        let bench = try PreviewBench()
        try bench.python(Self.writers + "\n" + #"""
            odt('Notes.odt', odf_body(['<text:h>Chapter <text:span>One</text:span></text:h>', '<text:p>First<text:s/>line<text:tab/>here</text:p>', '<text:p/>', '<text:p>Last</text:p>']))
            """#)
        let preview = try await bench.preview("Notes.odt")
        #expect(preview.kind == .document)
        #expect(preview.previewer == "office document")
        #expect(preview.fields.dropFirst(2).map { "\($0.label): \($0.value)" } == [
            "format: OpenDocument", "title: Field Notes", "author: Ada Lovelace", "thumbnail: Thumbnails/thumbnail.png",
        ])
        #expect(preview.text == ["Chapter One", "First line here", "", "Last"])
        #expect(preview.notes.isEmpty)
    }

    @Test func wordPowerPointAndExcelShowTheirText() async throws {
        let bench = try PreviewBench()
        try bench.python(Self.writers + "\n" + #"""
            ooxml('Letter.docx', 'word/document.xml', '<w:document ' + W + '><w:body><w:p><w:r><w:t>Dear</w:t></w:r><w:r><w:t xml:space="preserve"> reader,</w:t></w:r></w:p>'
                '<w:p><w:r><w:instrText>PAGE</w:instrText><w:t>Yours</w:t></w:r></w:p></w:body></w:document>')
            ooxml('Deck.pptx', 'ppt/slides/slide1.xml', '<p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" ' + A + '><a:p><a:r><a:t>Welcome</a:t></a:r></a:p><a:p><a:r><a:t>Agenda</a:t></a:r></a:p></p:sld>')
            ooxml('Sheet.xlsx', 'xl/sharedStrings.xml', '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Name</t></si><si><r><t>Total</t></r><r><t> cost</t></r></si></sst>')
            """#)
        let letter = try await bench.preview("Letter.docx")
        #expect(letter.fields.dropFirst(2).map { "\($0.label): \($0.value)" } == [
            "format: Office Open XML", "title: Quarterly", "author: Grace Hopper", "thumbnail: docProps/thumbnail.jpeg",
        ])
        #expect(letter.text == ["Dear reader,", "Yours"])
        #expect(try await bench.preview("Deck.pptx").text == ["Welcome", "Agenda"])
        #expect(try await bench.preview("Sheet.xlsx").text == ["Name", "Total cost"])
    }

    @Test func anIWorkZipNamesItsPreviewImage() async throws {
        let bench = try PreviewBench()
        try bench.python("""
            import zipfile
            with zipfile.ZipFile('Talk.key', 'w') as z:
                z.writestr('Index/Document.iwa', b'\\x00')
                z.writestr('Metadata/Properties.plist', b'')
                z.writestr('preview.jpg', b'\\xff\\xd8')
            """)
        let preview = try await bench.preview("Talk.key")
        #expect(preview.fields.dropFirst(2).map { "\($0.label): \($0.value)" } == ["format: iWork", "thumbnail: preview.jpg"])
        #expect(preview.notes == ["the text is in iWork's compressed binary form (Index), which docbrowser does not read"])
    }

    @Test func aBillionLaughsPartIsRefusedAndTheRestStillShown() async throws {
        let bench = try PreviewBench()
        try bench.python(Self.writers + "\n" + #"""
            odt('Laughs.odt', laughs_body)
            """#)
        let preview = try await bench.preview("Laughs.odt")
        #expect(preview.field("title") == "Field Notes")
        #expect(preview.text.isEmpty)
        #expect(preview.notes == ["content.xml was not read: it declares a DTD, which office documents never do"])
    }

    @Test func aPartLargerThanTheCapIsReadOnlyToTheCap() async throws {
        let bench = try PreviewBench()
        try bench.python(Self.writers + "\n" + #"""
            # Each paragraph 27 bytes: the cap of 4096 falls inside a two-byte é.
            odt('Long.odt', odf_body(['<text:p>paragraph é %05d</text:p>' % i for i in range(20000)]))
            """#)
        let preview = try await bench.preview("Long.odt", options: PreviewOptions(maxLines: 3, structuredBytes: 4096))
        #expect(preview.text == ["paragraph é 00000", "paragraph é 00001", "paragraph é 00002"])
        #expect(preview.notes.contains("content.xml is larger than 4096 bytes; only its start was read"))
    }

    @Test func aZipThatIsNoOfficeDocumentFallsBackToTheGenericPreview() async throws {
        let bench = try PreviewBench()
        try bench.python("import zipfile\nwith zipfile.ZipFile('Odd.docx', 'w') as z: z.writestr('readme.txt', 'hello')")
        let preview = try await bench.preview("Odd.docx")
        #expect(preview.kind == .generic)
        #expect(preview.notes.first == "the office document preview failed (neither OpenDocument, Office Open XML nor iWork inside); showing the generic preview")
    }

    @Test func theExtractorExpandsNoEntityEvenWhenCalledDirectly() throws {
        let laughs = Array(#"<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "bbbbbbbb"><!ENTITY c "&b;&b;&b;&b;">]><p>&c;</p>"#.utf8)
        let extractor = XMLTextExtractor(paragraphElements: [.init("", "p")])
        #expect(throws: XMLTextExtractor.Failure(reason: "it declares a DTD, which office documents never do")) { try extractor.extract(laughs) }
        #expect(throws: XMLTextExtractor.Failure(reason: "it is not well-formed XML")) { try extractor.extract(Array("not xml <<".utf8)) }
        // A name that is not UTF-8 traps Foundation's parser: refused before it.
        #expect(throws: XMLTextExtractor.Failure(reason: "it is not UTF-8")) { try extractor.extract(Array("<r><b".utf8) + [0xC8] + Array("/></r>".utf8)) }
        // The same laughs as UTF-16 without a byte-order mark: valid UTF-8 bytes, no "<!DOCTYPE" in them.
        let wide: [UInt8] = laughs.flatMap { byte -> [UInt8] in [byte, 0] }
        #expect(throws: XMLTextExtractor.Failure(reason: "it is not UTF-8")) { try extractor.extract(wide) }
        #expect(try extractor.extract(Array("<r><p>one</p><p>two</p></r>".utf8)).paragraphs == ["one", "two"])
    }

    /// Found by `make fuzz` (office-xml): XMLParser on Linux crashes on a
    /// processing instruction without data.
    @Test func aProcessingInstructionWithoutDataIsRefusedOneWithDataRead() throws {
        let extractor = XMLTextExtractor(paragraphElements: [.init("", "p")])
        #expect(throws: XMLTextExtractor.Failure(reason: "it holds a processing instruction without data at byte 0")) {
            try extractor.extract(Array("<?xm?><!Dutf8PE lo".utf8))
        }
        #expect(throws: XMLTextExtractor.Failure(reason: "it holds a processing instruction without data at byte 3")) {
            try extractor.extract(Array("<r><?pi  ?><p>one</p></r>".utf8))
        }
        let word = #"<?xml version="1.0"?><?mso-application progid="Word.Document"?><r><p>one</p></r>"#
        #expect(try extractor.extract(Array(word.utf8)).paragraphs == ["one"])
    }
}
