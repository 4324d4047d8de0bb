#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// `search` finds the words inside documents that must be taken apart to
/// read them, and a document made to hang or bomb an extractor costs one
/// note, on the search that first met it, never a hung or crashed search.
@Suite("search reads inside PDF and OpenDocument files, and gives up on hostile ones once")
struct SearchContentEndToEndTests {
    /// A PDF as a writer lays it out, every offset right, whose one page
    /// shows `line`; and an OpenDocument text of `paragraph`.
    static let writers = #"""
        import zipfile
        def pdf(name, line):
            stream = 'BT /F1 12 Tf 72 720 Td (%s) Tj ET' % line
            objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
                '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
                '<< /Length %d >>\nstream\n%s\nendstream' % (len(stream), stream), '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>']
            body, offsets = '%PDF-1.4\n', []
            for number, value in enumerate(objects, 1):
                offsets.append(len(body))
                body += '%d 0 obj\n%s\nendobj\n' % (number, value)
            xref = len(body)
            body += 'xref\n0 %d\n0000000000 65535 f \n' % (len(objects) + 1) + ''.join('%010d 00000 n \n' % o for o in offsets)
            body += 'trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (len(objects) + 1, xref)
            open(name, 'w').write(body)
        ODF = ('<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text>')
        def odt(name, paragraph):
            with zipfile.ZipFile(name, 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('mimetype', 'application/vnd.oasis.opendocument.text')
                z.writestr('content.xml', ODF + '<text:p>' + paragraph + '</text:p></office:text></office:body></office:document-content>')
        """#

    static func python(_ sandbox: Sandbox, _ script: String) async throws {
        try await sandbox.shell("cd home/Documents && python3 - <<'EOF'\n\(writers)\n\(script)\nEOF")
    }

    @Test func wordsInsideAPDFAndAnOpenDocumentAreFound() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.localDocuments, withIntermediateDirectories: true)
        try await Self.python(sandbox, """
            pdf('Whale.pdf', 'Call me Ishmael, said the harpooneer')
            odt('Minutes.odt', 'The committee approved the harpooneer budget')
            """)
        let pdf = try await sandbox.run("search", "ishmael")
        #expect(pdf.status == 0, "\(pdf)")
        #expect(pdf.standardOutput == "local:Whale.pdf  PDF document\n    Call me [Ishmael], said the harpooneer\n", "\(pdf)")
        let odt = try await sandbox.run("search", "committee")
        #expect(odt.standardOutput == "local:Minutes.odt  OpenDocument text\n    The [committee] approved the harpooneer budget\n", "\(odt)")
        let both = try await sandbox.run("search", "harpooneer")
        #expect(both.standardOutput.split(separator: "\n").filter { !$0.hasPrefix(" ") }.sorted() == ["local:Minutes.odt  OpenDocument text", "local:Whale.pdf  PDF document"])
        #expect(pdf.standardError + odt.standardError + both.standardError == "")
    }

    @Test func hostileDocumentsNeverHangSearchAndAreReportedOnce() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.localDocuments, withIntermediateDirectories: true)
        try await Self.python(sandbox, """
            pdf('Loop.pdf', 'never read')
            with zipfile.ZipFile('Bomb.odt', 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('mimetype', 'application/vnd.oasis.opendocument.text')
                with z.open('content.xml', 'w', force_zip64=True) as part:
                    part.write(ODF.encode() + b'<text:p>')
                    for _ in range(16):
                        part.write(b' ' * (4 << 20))
            # Not UTF-8: read as Windows-1252, whose words are found.
            open('Legacy.txt', 'wb').write(b'mileage r\\xe9sum\\xe9 \\xff\\xfe\\x80 ledger')
            """)
        // A pdftotext that never finishes, first on the PATH search runs it from.
        let fake = try sandbox.write("#!/bin/sh\nsleep 600 &\nwait\n", to: "bin/pdftotext")
        #expect(chmod(fake.path, 0o755) == 0)
        let path = sandbox.root.appending(path: "bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let first = try await sandbox.run(["search", "ledger"], environment: ["PATH": path], killAfter: 120)
        #expect(first.status == 0, "\(first)")
        #expect(first.standardOutput == "local:Legacy.txt  plain text\n    mileage résumé ÿþ€ [ledger]\n", "\(first)")
        #expect(first.standardError.split(separator: "\n").sorted() == [
            "docbrowser: local:Bomb.odt: its text could not be read (content.xml inflates to more than 8388608 bytes); it is found by its name only",
            "docbrowser: local:Loop.pdf: its text could not be read (pdftotext did not finish within 5 s and was stopped); it is found by its name only",
        ], "\(first)")
        let second = try await sandbox.run(["search", "loop OR bomb"], environment: ["PATH": path], killAfter: 120)
        #expect(second.status == 0, "\(second)")
        #expect(second.standardOutput == "local:Bomb.odt  OpenDocument text\nlocal:Loop.pdf  PDF document\n", "\(second)")
        #expect(second.standardError == "", "\(second)")
    }
}
