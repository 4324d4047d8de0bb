import Foundation
import Testing
@testable import DocKit

@Suite("NSKeyedArchiver property lists previewed as the object graph they archive")
struct KeyedArchivePreviewTests {
    /// Writes a binary keyed archive with Python's plistlib, which writes
    /// UIDs as NSKeyedArchiver does; Foundation on Linux cannot.
    /// `objects` is a Python expression for `$objects`, `top` for `$top`.
    private func writeArchive(_ bench: PreviewBench, objects: String, top: String = "{'root': UID(1)}", to name: String = "State.plist") throws {
        try bench.python("""
            import plistlib
            from plistlib import UID
            archive = {'$archiver': 'NSKeyedArchiver', '$version': 100000, '$top': \(top), '$objects': \(objects)}
            open(\(StructuredValueFormatter.quoted(name)), 'wb').write(plistlib.dumps(archive, fmt=plistlib.FMT_BINARY))
            """)
    }

    static let person = """
        ['$null',
         {'$class': UID(5), 'name': UID(2), 'tags': UID(3), 'parent': UID(0), 'age': 42, 'self': UID(1)},
         'Ada',
         {'$class': UID(4), 'NS.objects': [UID(2), UID(6)]},
         {'$classname': 'NSMutableArray', '$classes': ['NSMutableArray', 'NSArray', 'NSObject']},
         {'$classname': 'Person', '$classes': ['Person', 'NSObject']},
         'Lovelace']
        """

    @Test func theGraphIsResolvedFromTopWithClassNamesAndNull() async throws {
        let bench = try PreviewBench()
        try writeArchive(bench, objects: Self.person)
        let preview = try await bench.preview("State.plist")
        #expect(preview.kind == .propertyList)
        #expect(preview.fields.dropFirst(2).map { "\($0.label): \($0.value)" } == ["format: binary", "archive: NSKeyedArchiver, 7 objects", "root: dictionary of 1 key"])
        #expect(preview.text == [
            "{",
            "  \"root\": {",
            "    \"$class\": \"Person\",",
            "    \"age\": 42,",
            "    \"name\": \"Ada\",",
            "    \"parent\": null,",
            "    \"self\": UID(1),",
            "    \"tags\": [",
            "      \"Ada\",",
            "      \"Lovelace\"",
            "    ]",
            "  }",
            "}",
        ])
        #expect(preview.notes == ["1 reference leads back to an object that holds it, shown as UID(n)"])
        let again = try await bench.preview("State.plist")
        #expect(again == preview)
    }

    @Test func foundationDictionariesStringsAndDatesShowWhatTheyHold() async throws {
        let bench = try PreviewBench()
        try writeArchive(bench, objects: """
            ['$null',
             {'$class': UID(2), 'NS.keys': [UID(3), UID(4)], 'NS.objects': [UID(5), UID(6)]},
             {'$classname': 'NSDictionary', '$classes': ['NSDictionary', 'NSObject']},
             'title', 'when',
             {'$class': UID(7), 'NS.string': 'Draft'},
             {'$class': UID(8), 'NS.time': 0.0},
             {'$classname': 'NSMutableString', '$classes': ['NSMutableString', 'NSString', 'NSObject']},
             {'$classname': 'NSDate', '$classes': ['NSDate', 'NSObject']}]
            """)
        let preview = try await bench.preview("State.plist")
        #expect(preview.text == ["{", "  \"root\": {", "    \"title\": \"Draft\",", "    \"when\": 2001-01-01T00:00:00Z", "  }", "}"])
        #expect(preview.notes.isEmpty)
    }

    @Test func aReferencePastTheObjectsStaysAUID() async throws {
        let bench = try PreviewBench()
        try writeArchive(bench, objects: "['$null', {'$class': UID(99), 'next': UID(4000000000)}]")
        let preview = try await bench.preview("State.plist")
        #expect(preview.text == ["{", "  \"root\": {", "    \"$class\": \"UID(99)\",", "    \"next\": UID(4000000000)", "  }", "}"])
        #expect(preview.notes == ["1 reference points past the archive's 2 objects, shown as UID(n)"])
    }

    @Test func aLongChainIsResolvedOnlyAsDeepAsThePreviewShows() async throws {
        let bench = try PreviewBench()
        // 5,000 objects, each holding the next: far deeper than any stack.
        try writeArchive(bench, objects: "['$null', {'$classname': 'Node'}] + [{'$class': UID(1), 'next': UID(i + 3)} for i in range(5000)]", top: "{'root': UID(2)}")
        let preview = try await bench.preview("State.plist", options: PreviewOptions(maxDepth: 2))
        #expect(preview.text == [
            "{",
            "  \"root\": {",
            "    \"$class\": \"Node\",",
            "    \"next\": {…2 keys}",
            "  }",
            "}",
        ])
        #expect(preview.notes == ["1 container deeper than 2 levels collapsed"])
    }

    @Test func sharedObjectsCannotMultiplyTheWork() async throws {
        let bench = try PreviewBench()
        // Each object names the next twice: 2^60 paths through 60 objects.
        try writeArchive(bench, objects: "['$null', {'$classname': 'Pair'}] + [{'$class': UID(1), 'a': UID(i + 3), 'b': UID(i + 3)} for i in range(60)] + ['end']", top: "{'root': UID(2)}")
        let preview = try await bench.preview("State.plist", options: PreviewOptions(maxLines: 5, maxDepth: 64))
        #expect(preview.text.count == 5)
        #expect(preview.notes.contains("stopped resolving after 10000 objects; the rest are shown as UID(n)"))
    }

    /// What `plutil -convert xml1` makes of a keyed archive: each UID a
    /// `CF$UID` dictionary.
    static let xmlArchive = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        <key>$archiver</key><string>NSKeyedArchiver</string>
        <key>$objects</key>
        <array>
        <string>$null</string>
        <dict><key>$class</key><dict><key>CF$UID</key><integer>2</integer></dict><key>name</key><string>Ada</string>\
        <key>self</key><dict><key>CF$UID</key><integer>1</integer></dict><key>born</key><real>1815.5</real><key>known</key><true/></dict>
        <dict><key>$classname</key><string>Person</string></dict>
        </array>
        <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
        <key>$version</key><integer>100000</integer>
        </dict>
        </plist>
        """

    @Test func anXMLKeyedArchiveIsResolvedAsABinaryOneIs() async throws {
        let bench = try PreviewBench()
        try bench.write(Self.xmlArchive, to: "State.plist")
        let preview = try await bench.preview("State.plist")
        #expect(preview.fields.dropFirst(2).map { "\($0.label): \($0.value)" } == ["format: XML", "archive: NSKeyedArchiver, 3 objects", "root: dictionary of 1 key"])
        #expect(preview.text == [
            "{",
            "  \"root\": {",
            "    \"$class\": \"Person\",",
            "    \"born\": 1815.5,",
            "    \"known\": true,",
            "    \"name\": \"Ada\",",
            "    \"self\": UID(1)",
            "  }",
            "}",
        ])
    }

    @Test func aPlainBinaryPropertyListIsPrettyPrintedAsBefore() async throws {
        let bench = try PreviewBench()
        // `$archiver` names another archiver: not a keyed archive.
        let data = try PropertyListSerialization.data(fromPropertyList: ["$archiver": "Other", "$objects": [1], "$top": [:] as [String: Any]], format: .binary, options: 0)
        try bench.write(Array(data), to: "Other.plist")
        let preview = try await bench.preview("Other.plist")
        #expect(preview.field("archive") == nil)
        #expect(preview.text.contains("  \"$archiver\": \"Other\","))
    }

    @Test func theReaderRefusesCraftedListsWithoutCrashing() throws {
        // An array that holds itself: object 0 is `A1 00`.
        var cyclic: [UInt8] = Array("bplist00".utf8) + [0xA1, 0x00]
        cyclic += [0x08] // offset table: object 0 at 8
        cyclic += [0, 0, 0, 0, 0, 0, 1, 1] + Self.bigEndian(1) + Self.bigEndian(0) + Self.bigEndian(10)
        #expect(throws: BinaryPropertyList.Failure(reason: "containers nest deeper than 64 levels")) { try BinaryPropertyList.decode(cyclic) }

        // A string whose length runs past the object area.
        var long: [UInt8] = Array("bplist00".utf8) + [0x5F, 0x13] + Self.bigEndian(1 << 40)
        long += [0x08]
        long += [0, 0, 0, 0, 0, 0, 1, 1] + Self.bigEndian(1) + Self.bigEndian(0) + Self.bigEndian(18)
        #expect(throws: BinaryPropertyList.Failure.self) { try BinaryPropertyList.decode(long) }

        #expect(throws: BinaryPropertyList.Failure(reason: "not a binary property list")) { try BinaryPropertyList.decode(Array("bplist00".utf8)) }
    }

    @Test func oneLargeObjectReferencedOverAndOverIsNotCopiedEachTime() throws {
        // 300 kB of data and 100,000 references to it in 600 kB: copied
        // at each reference, 30 GB.
        let bench = try PreviewBench()
        try bench.python("import plistlib\nopen('Many.plist', 'wb').write(plistlib.dumps([b'x' * 300000] * 100000, fmt=plistlib.FMT_BINARY))")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bench.path("Many.plist").description)))
        #expect(bytes.count < 1 << 20)
        #expect(throws: BinaryPropertyList.Failure(reason: "its objects hold more than four times its own bytes")) { try BinaryPropertyList.decode(bytes) }
    }

    private static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
