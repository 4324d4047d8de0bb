import Foundation
import Testing

@Suite("preview reads what documents hold, run as a user would")
struct DocumentPreviewsEndToEndTests {
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
        let body = first.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("  format:") }
        #expect(Array(body) == [
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
}
