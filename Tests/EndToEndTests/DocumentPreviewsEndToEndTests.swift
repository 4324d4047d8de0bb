import Foundation
import Testing

@Suite("preview reads what documents hold, run as a user would")
struct DocumentPreviewsEndToEndTests {
    /// The output's lines from the first that starts with `prefix`: what
    /// follows the type and size every preview shows.
    static func lines(of result: Sandbox.Result, from prefix: String) -> [Substring] {
        Array(result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix(prefix) })
    }

    /// The output's lines but the type and size, which depend on the tools that wrote the files.
    static func linesWithoutTypeAndSize(of result: Sandbox.Result) -> [Substring] {
        result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  type:") && !$0.hasPrefix("  size:") }
    }

    @Test func aKeyedArchiveIsShownAsItsObjectGraphTheSameInEveryRun() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell(#"""
            mkdir -p home/Documents
            python3 - <<'PY'
            import plistlib
            from plistlib import UID
            objects = ['$null',
                {'$class': UID(4), 'title': UID(2), 'pages': UID(3), 'owner': UID(0), 'itself': UID(1), 'lost': UID(77)},
                'Sketch',
                {'$class': UID(5), 'NS.objects': [UID(2)]},
                {'$classname': 'Notebook', '$classes': ['Notebook', 'NSObject']},
                {'$classname': 'NSArray', '$classes': ['NSArray', 'NSObject']}]
            archive = {'$archiver': 'NSKeyedArchiver', '$version': 100000, '$top': {'root': UID(1)}, '$objects': objects}
            open('home/Documents/Notebook.plist', 'wb').write(plistlib.dumps(archive, fmt=plistlib.FMT_BINARY))
            PY
            """#)
        let first = try await sandbox.run("preview", "Notebook.plist")
        #expect(first.status == 0, "\(first)")
        let body = Self.lines(of: first, from: "  format:")
        #expect(body == [
            "  format:  binary",
            "  archive: NSKeyedArchiver, 6 objects",
            "  root:    dictionary of 1 key",
            "",
            "  {",
            "    \"root\": {",
            "      \"$class\": \"Notebook\",",
            "      \"itself\": UID(1),",
            "      \"lost\": UID(77),",
            "      \"owner\": null,",
            "      \"pages\": [",
            "        \"Sketch\"",
            "      ],",
            "      \"title\": \"Sketch\"",
            "    }",
            "  }",
            "",
            "  note: 1 reference leads back to an object that holds it, shown as UID(n)",
            "  note: 1 reference points past the archive's 6 objects, shown as UID(n)",
            "",
        ])
        #expect(!first.standardOutput.contains("0x"))
        let second = try await sandbox.run("preview", "Notebook.plist")
        #expect(second.standardOutput == first.standardOutput)
    }

    @Test func anXMLKeyedArchiveIsResolvedToo() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>$archiver</key><string>NSKeyedArchiver</string>
            <key>$objects</key><array><string>$null</string><dict><key>$class</key><dict><key>CF$UID</key><integer>2</integer></dict>\
            <key>next</key><dict><key>CF$UID</key><integer>1</integer></dict></dict><dict><key>$classname</key><string>Ring</string></dict></array>
            <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict></dict></plist>
            """, to: "home/Documents/Ring.plist")
        let result = try await sandbox.run("preview", "Ring.plist")
        #expect(result.status == 0, "\(result)")
        #expect(Self.lines(of: result, from: "  format:") == [
            "  format:  XML",
            "  archive: NSKeyedArchiver, 3 objects",
            "  root:    dictionary of 1 key",
            "",
            "  {",
            "    \"root\": {",
            "      \"$class\": \"Ring\",",
            "      \"next\": UID(1)",
            "    }",
            "  }",
            "",
            "  note: 1 reference leads back to an object that holds it, shown as UID(n)",
            "",
        ])
    }

    /// A one-page PDF with an Info dictionary and a correct
    /// cross-reference table, as a PDF writer lays it out.
    static let writePDF = #"""
        def write_pdf(path, title, author, lines):
            stream = 'BT /F1 12 Tf 72 720 Td 14 TL' + ''.join(' (%s) \'' % line for line in lines) + ' ET'
            objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
                '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
                '<< /Length %d >>\nstream\n%s\nendstream' % (len(stream), stream),
                '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
                '<< /Title (%s) /Author (%s) >>' % (title, author)]
            body, offsets = '%PDF-1.4\n', []
            for number, obj in enumerate(objects, 1):
                offsets.append(len(body))
                body += '%d 0 obj\n%s\nendobj\n' % (number, obj)
            xref = len(body)
            body += 'xref\n0 %d\n0000000000 65535 f \n' % (len(objects) + 1) + ''.join('%010d 00000 n \n' % o for o in offsets)
            body += 'trailer\n<< /Size %d /Root 1 0 R /Info 6 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (len(objects) + 1, xref)
            open(path, 'w').write(body)
        """#

    private func makePDF(_ sandbox: Sandbox) async throws {
        try await sandbox.shell("mkdir -p home/Documents\npython3 - <<'PY'\n" + Self.writePDF + """

            write_pdf('home/Documents/Minutes.pdf', 'Board Minutes', 'Grace Hopper', ['Present: all members', 'Agenda: the budget'])
            PY
            pdfinfo home/Documents/Minutes.pdf >/dev/null
            """)
    }

    @Test func aPDFShowsPagesTitleAuthorAndItsFirstPageThroughPoppler() async throws {
        let sandbox = try Sandbox()
        try await makePDF(sandbox)
        let result = try await sandbox.run("preview", "Minutes.pdf")
        #expect(result.status == 0, "\(result)")
        let body = Self.lines(of: result, from: "  version:")
        #expect(body == [
            "  version: PDF 1.4",
            "  pages:   1",
            "  title:   Board Minutes",
            "  author:  Grace Hopper",
            "",
            "  Present: all members",
            "  Agenda: the budget",
            "",
        ])
        #expect(result.standardError.isEmpty)
    }

    @Test func aPdftotextThatHangsIsStoppedAndThePreviewStillShows() async throws {
        let sandbox = try Sandbox()
        try await makePDF(sandbox)
        try await sandbox.shell("mkdir -p fake-bin && printf '#!/bin/sh\\nsleep 4321\\n' > fake-bin/pdftotext && chmod +x fake-bin/pdftotext")
        let path = sandbox.root.appending(path: "fake-bin").path + ":/usr/bin:/bin"
        let result = try await sandbox.run(["preview", "Minutes.pdf"], environment: ["PATH": path])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("  title:   Board Minutes\n"))
        #expect(result.standardOutput.hasSuffix("\n  note: pdftotext did not finish within 5 s and was stopped; the first page's text is not shown\n"))
        // The whole group went: the script's sleep does not outlive the preview.
        try await sandbox.shell("! pgrep -f 'sleep [4]321'")
    }

    @Test func withoutPopplerThePDFsOwnEndsAreReadWithANote() async throws {
        let sandbox = try Sandbox()
        try await makePDF(sandbox)
        let result = try await sandbox.run(["preview", "Minutes.pdf"], environment: ["PATH": sandbox.root.appending(path: "empty").path])
        #expect(result.status == 0, "\(result)")
        let body = Self.lines(of: result, from: "  version:")
        #expect(body == [
            "  version: PDF 1.4",
            "  pages:   1",
            "  title:   Board Minutes",
            "  author:  Grace Hopper",
            "",
            "  note: poppler's pdfinfo is not installed; the pages and title are what the file's first and last 65536 bytes state",
            "",
        ])
    }

    @Test func officeDocumentsShowTitleAuthorThumbnailAndFirstLines() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell(#"""
            mkdir -p home/Documents
            python3 - <<'PY'
            import zipfile
            DC = 'xmlns:dc="http://purl.org/dc/elements/1.1/"'
            with zipfile.ZipFile('home/Documents/Plan.odt', 'w') as z:
                z.writestr('mimetype', 'application/vnd.oasis.opendocument.text')
                z.writestr('meta.xml', '<office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' + DC + '><office:meta><dc:title>Garden Plan</dc:title><dc:creator>Ada</dc:creator></office:meta></office:document-meta>')
                z.writestr('content.xml', '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text><text:h>Spring</text:h><text:p>Tomatoes by the wall</text:p></office:text></office:body></office:document-content>')
                z.writestr('Thumbnails/thumbnail.png', b'\x89PNG')
            with zipfile.ZipFile('home/Documents/Memo.docx', 'w') as z:
                z.writestr('[Content_Types].xml', '<Types/>')
                z.writestr('docProps/core.xml', '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' + DC + '><dc:title>Memo</dc:title><dc:creator>Grace</dc:creator></cp:coreProperties>')
                z.writestr('word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Ship it \x1b[31m</w:t></w:r></w:p></w:body></w:document>')
            PY
            """#)
        let result = try await sandbox.run("preview", "Plan.odt", "Memo.docx")
        #expect(result.status == 0, "\(result)")
        let lines = Self.linesWithoutTypeAndSize(of: result)
        #expect(lines == [
            "==> Plan.odt <==",
            "  format:    OpenDocument",
            "  title:     Garden Plan",
            "  author:    Ada",
            "  thumbnail: Thumbnails/thumbnail.png",
            "",
            "  Spring",
            "  Tomatoes by the wall",
            "",
            "==> Memo.docx <==",
            "  format: Office Open XML",
            "  title:  Memo",
            "  author: Grace",
            "",
            // XML cannot hold an ESC: libxml2 drops it.
            "  Ship it [31m",
            "",
        ])
        #expect(!result.standardOutput.contains("\u{1B}"))
    }

    @Test func audioAndVideoShowDurationCodecsAndDimensions() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("""
            mkdir -p home/Documents && cd home/Documents
            ffmpeg -v error -f lavfi -i testsrc=duration=1:size=64x48:rate=10 -f lavfi -i sine=duration=1 -c:v libx264 -c:a aac -shortest Clip.mp4
            ffmpeg -v error -f lavfi -i sine=duration=3 Tone.ogg
            """)
        let result = try await sandbox.run("preview", "Clip.mp4", "Tone.ogg")
        #expect(result.status == 0, "\(result)")
        let lines = Self.linesWithoutTypeAndSize(of: result)
        #expect(lines == [
            "==> Clip.mp4 <==",
            "  container: QuickTime / MOV",
            "  duration:  1.0 s",
            "  video:     h264, 64×48, 10 fps",
            "  audio:     aac, 44100 Hz, mono",
            "",
            "==> Tone.ogg <==",
            "  container: Ogg",
            "  duration:  3.0 s",
            "  audio:     vorbis, 44100 Hz, mono",
            "",
        ])
    }

    @Test func anEPUBShowsTitleAuthorAndCover() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell(#"""
            mkdir -p home/Documents
            python3 - <<'PY'
            import zipfile
            with zipfile.ZipFile('home/Documents/Walden.epub', 'w') as z:
                z.writestr('mimetype', 'application/epub+zip')
                z.writestr('META-INF/container.xml', '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="book.opf"/></rootfiles></container>')
                z.writestr('book.opf', '<package xmlns="http://www.idpf.org/2007/opf"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Walden</dc:title>'
                    '<dc:creator>Henry David Thoreau</dc:creator></metadata><manifest><item id="c" href="cover.jpg" properties="cover-image"/></manifest></package>')
            PY
            """#)
        let result = try await sandbox.run("preview", "Walden.epub")
        #expect(result.status == 0, "\(result)")
        let body = Self.lines(of: result, from: "  format:")
        #expect(body == ["  format: EPUB", "  title:  Walden", "  author: Henry David Thoreau", "  cover:  cover.jpg", ""])
    }
}
