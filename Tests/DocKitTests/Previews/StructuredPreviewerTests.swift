import Foundation
import Testing
@testable import DocKit

@Suite("JSON, property list and CSV previews")
struct StructuredPreviewerTests {
    @Test func jsonIsPrettyPrintedWithKeysSortedAndTypesKept() async throws {
        let bench = try PreviewBench()
        try bench.write(#"{"zeta":1,"alpha":{"on":true,"off":false,"one":1,"none":null,"text":"a\"b\u0007"},"list":[1.5,"x"]}"#, to: "config.json")
        let preview = try await bench.preview("config.json")
        #expect(preview.kind == .json)
        #expect(preview.field("root") == "dictionary of 3 keys")
        #expect(preview.text == [
            "{",
            "  \"alpha\": {",
            "    \"none\": null,",
            "    \"off\": false,",
            "    \"on\": true,",
            "    \"one\": 1,",
            "    \"text\": \"a\\\"b\\u0007\"",
            "  },",
            "  \"list\": [",
            "    1.5,",
            "    \"x\"",
            "  ],",
            "  \"zeta\": 1",
            "}",
        ])
    }

    @Test func jsonDeeperThanTheLimitIsCollapsedIntoCounts() async throws {
        let bench = try PreviewBench()
        try bench.write(#"{"a":{"b":{"c":{"d":1,"e":2}},"list":[[1,2,3]]}}"#, to: "deep.json")
        let preview = try await bench.preview("deep.json", options: PreviewOptions(maxDepth: 2))
        #expect(preview.text.contains("    \"b\": {…1 key},"))
        #expect(preview.text.contains("    \"list\": […1 item]"))
        #expect(preview.notes.contains("2 containers deeper than 2 levels collapsed"))
    }

    @Test func jsonIsTruncatedByLinesAndTooLargeJSONIsShownAsText() async throws {
        let bench = try PreviewBench()
        try bench.write("[" + (1...50).map(String.init).joined(separator: ",") + "]", to: "numbers.json")
        let truncated = try await bench.preview("numbers.json", options: PreviewOptions(maxLines: 5))
        #expect(truncated.text == ["[", "  1,", "  2,", "  3,", "  4,"])
        #expect(truncated.notes.contains("showing the first 5 of 52 lines"))

        let large = try await bench.preview("numbers.json", options: PreviewOptions(structuredBytes: 64))
        #expect(large.kind == .text)
        #expect(large.notes.first?.contains("too large to pretty-print") == true)
    }

    @Test func invalidJSONFallsBackToTheTextPreview() async throws {
        let bench = try PreviewBench()
        try bench.write("{\"open\": ", to: "broken.json")
        let preview = try await bench.preview("broken.json")
        #expect(preview.kind == .text)
        #expect(preview.notes.first == "the json preview failed (not valid JSON); showing the text preview")
        #expect(preview.text == ["{\"open\": "])
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func propertyListsArePrettyPrintedInEitherForm(format: PropertyListSerialization.PropertyListFormat) async throws {
        let bench = try PreviewBench()
        let plist: [String: Any] = [
            "CFBundleName": "Sketchbook", "Count": 3, "Enabled": true,
            "Stamp": Date(timeIntervalSince1970: 0), "Blob": Data([1, 2, 3]), "Nested": ["Inner": ["Deep": ["x"]]],
        ]
        try bench.write(Array(try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)), to: "Settings.plist")
        let preview = try await bench.preview("Settings.plist", options: PreviewOptions(maxDepth: 2))
        #expect(preview.kind == .propertyList)
        #expect(preview.field("format") == (format == .binary ? "binary" : "XML"))
        #expect(preview.field("root") == "dictionary of 6 keys")
        #expect(preview.text.contains("  \"Blob\": <3 bytes: 010203>,"))
        #expect(preview.text.contains("  \"CFBundleName\": \"Sketchbook\","))
        #expect(preview.text.contains("  \"Count\": 3,"))
        #expect(preview.text.contains("  \"Enabled\": true,"))
        #expect(preview.text.contains("    \"Inner\": {…1 key}"))
        #expect(preview.text.contains("  \"Stamp\": 1970-01-01T00:00:00Z"))
    }

    @Test func csvBecomesATableWithQuotedFieldsHandled() async throws {
        let bench = try PreviewBench()
        try bench.write("name,qty,note\r\napple,3,\"red, crisp\"\r\npear,10,\"said \"\"ripe\"\"\"\r\nfig,1,\"two\nlines\"\r\nshort\r\n", to: "fruit.csv")
        let preview = try await bench.preview("fruit.csv")
        #expect(preview.kind == .table)
        let table = try #require(preview.table)
        #expect(table.columns == ["name", "qty", "note"])
        #expect(table.rows == [
            ["apple", "3", "red, crisp"],
            ["pear", "10", "said \"ripe\""],
            ["fig", "1", "two⏎lines"],
            ["short", "", ""],
        ])
        #expect(preview.field("columns") == "3")
    }

    @Test func csvShowsOnlyTheFirstRows() async throws {
        let bench = try PreviewBench()
        try bench.write("n\n" + (1...30).map(String.init).joined(separator: "\n") + "\n", to: "many.csv")
        let preview = try await bench.preview("many.csv", options: PreviewOptions(maxLines: 4))
        #expect(preview.table?.rows == [["1"], ["2"], ["3"], ["4"]])
        #expect(preview.notes.contains("showing the first 4 rows"))
    }
}
