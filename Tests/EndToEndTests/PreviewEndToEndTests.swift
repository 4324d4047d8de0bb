import Foundation
import Testing

@Suite("preview, run as a user would")
struct PreviewEndToEndTests {
    /// Documents of several kinds, written by Python as other programs
    /// would write them.
    private func makeDocuments(_ sandbox: Sandbox) async throws {
        try await sandbox.shell(#"""
            mkdir -p home/Documents home/Cloud/Documents
            python3 - <<'PY'
            import json, plistlib, struct, zlib, os
            d = 'home/Documents/'
            def png(w, h):
                def chunk(t, data): return struct.pack('>I', len(data)) + t + data + struct.pack('>I', zlib.crc32(t + data))
                return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0))
            open(d + 'Notes.txt', 'w', encoding='utf-8').write('Première ligne\nsecond line\nthird line\n')
            json.dump({'name': 'docbrowser', 'tags': ['a', 'b']}, open(d + 'Settings.json', 'w'))
            open(d + 'Photo.png', 'wb').write(png(1920, 1080))
            pdf = ('%PDF-1.6\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'
                   '2 0 obj\n<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>\nendobj\n'
                   '3 0 obj\n<< /Type /Page /Parent 2 0 R >>\nendobj\n4 0 obj\n<< /Type /Page /Parent 2 0 R >>\nendobj\n'
                   '5 0 obj\n<< /Title (Annual Report) >>\nendobj\ntrailer\n<< /Root 1 0 R /Info 5 0 R >>\n%%EOF\n')
            open('home/Cloud/Documents/Report.pdf', 'w').write(pdf)
            p = d + 'Letter.rtfd/'
            os.makedirs(p + 'QuickLook')
            open(p + 'TXT.rtf', 'w').write('{\\rtf1 Dear reader}')
            open(p + 'QuickLook/Thumbnail.png', 'wb').write(png(128, 96))
            plistlib.dump({'CFBundleIdentifier': 'com.example.letter', 'CFBundleVersion': '7'}, open(p + 'Info.plist', 'wb'), fmt=plistlib.FMT_BINARY)
            os.symlink('../../../secret.txt', p + 'outside')
            open('secret.txt', 'w').write('do not read')
            PY
            """#)
    }

    @Test func severalDocumentsArePreviewedEachUnderAHeader() async throws {
        let sandbox = try Sandbox()
        try await makeDocuments(sandbox)
        let result = try await sandbox.run("preview", "Notes.txt", "Photo", "Letter.rtfd", "cloud:Report.pdf", "Settings.json")
        #expect(result.status == 0, "\(result)")
        let output = result.standardOutput
        let headers = output.split(separator: "\n").filter { $0.hasPrefix("==> ") }
        #expect(headers == ["==> Notes.txt <==", "==> Photo.png <==", "==> Letter.rtfd <==", "==> Report.pdf <==", "==> Settings.json <=="])
        #expect(output.contains("  encoding: UTF-8\n"))
        #expect(output.contains("  Première ligne\n  second line\n  third line\n"))
        #expect(output.contains("1920×1080 pixels"))
        #expect(output.contains("8-bit RGBA"))
        #expect(output.contains("thumbnail:  QuickLook/Thumbnail.png (PNG, 128×96)"))
        #expect(output.contains("      CFBundleIdentifier = com.example.letter"))
        #expect(output.contains("outside -> ../../../secret.txt"))
        #expect(!output.contains("do not read"))
        #expect(output.contains("title:   Annual Report"))
        #expect(output.contains("pages:   2"))
        #expect(output.contains("\"name\": \"docbrowser\""))
        #expect(result.standardError.isEmpty)
    }

    @Test func jsonGivesOneArrayOfStructuredPreviews() async throws {
        let sandbox = try Sandbox()
        try await makeDocuments(sandbox)
        let result = try await sandbox.run("preview", "Photo.png", "Letter", "Notes", "--json")
        #expect(result.status == 0, "\(result)")
        let previews = try result.jsonArray()
        #expect(previews.map { $0["presentation"] as? String } == ["image", "package", "text"])
        func field(_ preview: [String: Any], _ label: String) -> String? {
            (preview["fields"] as? [[String: Any]])?.first { $0["label"] as? String == label }?["value"] as? String
        }
        #expect(field(previews[0], "dimensions") == "1920×1080 pixels")
        #expect(previews[0]["type"] as? String == "public.png")
        #expect(previews[0]["path"] as? String == sandbox.localDocuments.appending(path: "Photo.png").path)
        let tree = try #require(previews[1]["tree"] as? [[String: Any]])
        #expect(tree.contains { $0["relativePath"] as? String == "QuickLook/Thumbnail.png" && $0["type"] as? String == "public.png" && $0["size"] as? Int == 33 })
        #expect(tree.contains { $0["relativePath"] as? String == "outside" && $0["linkTarget"] as? String == "../../../secret.txt" })
        #expect(previews[2]["text"] as? [String] == ["Première ligne", "second line", "third line"])
        #expect(field(previews[2], "encoding") == "UTF-8")
    }

    @Test func aMissingDocumentIsReportedAndTheOthersStillPreviewed() async throws {
        let sandbox = try Sandbox()
        try await makeDocuments(sandbox)
        let result = try await sandbox.run("preview", "Notes.txt", "Nothing Here.txt", "Photo.png")
        #expect(result.status == 3, "\(result)")
        #expect(result.standardError == "docbrowser: Nothing Here.txt: no such document (see 'docbrowser list')\n")
        #expect(result.standardOutput.contains("==> Notes.txt <=="))
        #expect(result.standardOutput.contains("==> Photo.png <=="))

        let json = try await sandbox.run("preview", "Nothing Here.txt", "Notes.txt", "--json")
        #expect(json.status == 3)
        #expect(try json.jsonArray().map { $0["name"] as? String } == ["Notes.txt"])
    }

    @Test func plainFilesOutsideTheDocumentsFoldersArePreviewedToo() async throws {
        let sandbox = try Sandbox()
        let csv = try sandbox.write("city,population\n\"Paris, FR\",2100000\nLyon,520000\n", to: "elsewhere/cities.csv")
        let result = try await sandbox.run("preview", csv.path)
        #expect(result.status == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("  city       population"))
        #expect(lines.contains("  Paris, FR  2100000"))
    }

    @Test func linesLimitsWhatIsShown() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write((1...500).map { "line \($0)" }.joined(separator: "\n"), to: "home/Documents/Long.txt")
        let result = try await sandbox.run("preview", "Long.txt", "--lines", "3", "--json")
        let preview = try #require(try result.jsonArray().first)
        #expect(preview["text"] as? [String] == ["line 1", "line 2", "line 3"])
        #expect((preview["notes"] as? [String])?.contains("showing the first 3 of 500 lines") == true)
        let invalid = try await sandbox.run("preview", "Long.txt", "--lines", "0")
        #expect(invalid.status == 2)
    }

    @Test func namesAndContentCannotSendEscapeSequencesToTheTerminal() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("""
            mkdir -p home/Documents/Trap.rtfd
            printf 'x' > "home/Documents/Trap.rtfd/$(printf 'evil\\033]0;pwned\\007')"
            printf 'clear\\033[2J screen\\n' > home/Documents/Escape.txt
            """)
        let result = try await sandbox.run("preview", "Trap.rtfd", "Escape.txt")
        #expect(result.status == 0, "\(result)")
        #expect(!result.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(result.standardOutput.contains("evil␛]0;pwned␇"))
        #expect(result.standardOutput.contains("  clear␛[2J screen"))
    }

    @Test func aTwoGigabyteSparseFileIsPreviewedFromItsHead() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("mkdir -p home/Documents && printf 'header line\\n' > home/Documents/Huge.log && truncate -s 2G home/Documents/Huge.log && truncate -s 2G home/Documents/Huge.bin")
        let result = try await sandbox.run("preview", "Huge.log", "Huge.bin", "--json")
        #expect(result.status == 0, "\(result)")
        let previews = try result.jsonArray()
        #expect(previews.count == 2)
        for preview in previews {
            let fields = preview["fields"] as? [[String: Any]] ?? []
            #expect(fields.contains { $0["label"] as? String == "size" && $0["value"] as? String == "2147483648 bytes" })
        }
        // A head of text then NULs is binary: a hex dump, not a text dump.
        #expect((previews[0]["text"] as? [String])?.first?.hasPrefix("00000000: 6865 6164 6572") == true)
    }
}
