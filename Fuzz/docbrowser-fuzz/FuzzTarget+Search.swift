import DocKit
import Foundation

extension FuzzTarget {
    /// Search reads the words of documents a sync engine or an import
    /// brought in; the readers that run in docbrowser's own process get
    /// any bytes, as text and as RTF. Its queries come from whoever types
    /// them, or from a web page through `serve`.
    static let searchTargets = [
        FuzzTarget(name: "text-readers", summary: "a document's words, read as RTF, HTML and Markdown") { input, _ in
            _ = RTFText.text(input, maxBytes: 1 << 16)
            let text = String(decoding: input, as: UTF8.self)
            _ = HTMLText.text(text, maxBytes: 1 << 16)
            _ = MarkdownText.text(text)
        },
        FuzzTarget(name: "search-query", summary: "a search query, parsed and written back") { input, _ in
            let text = String(decoding: input, as: UTF8.self)
            let query: SearchQuery
            do {
                query = try SearchQuery(text, now: SearchQueryText.now, timeZone: SearchQueryText.timeZone)
            } catch let error as DocKitError where error.code == .invalidQuery {
                // The column the user is pointed at lies in what they typed, or just past it.
                let (column, reason) = SearchQueryText.column(of: error)
                if !(1...text.count + 1).contains(column ?? 0) || reason.isEmpty {
                    fatalError("refused at column \(column ?? 0) of \(text.count) characters: '\(reason)'")
                }
                return
            } catch {
                fatalError("refused with \(error)")
            }
            guard let written = SearchQueryText.text(of: query.expression), written.count <= SearchQueryText.longest else { return }
            do {
                let reread = try SearchQuery(written, now: SearchQueryText.now, timeZone: SearchQueryText.timeZone)
                if reread.expression != query.expression {
                    fatalError("'\(text)' reads back from '\(written)' as another query")
                }
            } catch {
                fatalError("'\(text)' was accepted, but its writing '\(written)' is refused: \(error)")
            }
        },
        FuzzTarget(name: "structured-text", summary: "a JSON document and a property list, their keys and strings extracted") { input, scratch in
            let json = try? JSONSerialization.jsonObject(with: Data(input), options: [.fragmentsAllowed])
            let extracted = extractedText(of: scratch.file("document.json", holding: input), type: "public.json")
            if let json, let expected = StructuredWords.text(of: json) {
                if extracted != .text(expected) { fatalError("the JSON's words came out as \(extracted), not \(expected.debugDescription)") }
            }
            let propertyList = try? PropertyListSerialization.propertyList(from: Data(input), format: nil)
            let listed = extractedText(of: scratch.file("document.plist", holding: input), type: "com.apple.property-list")
            guard let propertyList, let expected = StructuredWords.text(of: propertyList) else { return }
            // A binary property list may be refused by docbrowser's own
            // checks before Foundation reads it; a text one whose tags nest
            // too deep is read as text instead.
            let isBinary = input.starts(with: Array("bplist".utf8))
            let tags = input.count { $0 == UInt8(ascii: "<") }
            switch listed {
            case .text(expected): break
            case .failed where isBinary: break
            case .text where !isBinary && tags > 250: break
            default: fatalError("the property list's words came out as \(listed), not \(expected.debugDescription)")
            }
        },
        FuzzTarget(name: "text-decoding", summary: "a text file in UTF-8, UTF-16 without a byte-order mark, or Windows-1252") { input, scratch in
            let file = scratch.file("document.txt", holding: input)
            let extracted = extractedText(of: file, type: "public.text")
            if case .text(let text) = extracted, text.unicodeScalars.contains("\0") { fatalError("NUL read as text") }
            let marked = input.starts(with: [0xEF, 0xBB, 0xBF]) || input.starts(with: [0xFF, 0xFE]) || input.starts(with: [0xFE, 0xFF])
            if !marked, !input.contains(0) {
                if let utf8 = String(validating: input, as: UTF8.self) {
                    if extracted != .text(utf8) { fatalError("UTF-8 came out as \(extracted)") }
                } else if input.count(where: { $0 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D, 0x1B].contains($0) }) * 20 <= input.count {
                    // Foundation's table is the reference, where it assigns every byte.
                    let unassigned: Set<UInt8> = [0x81, 0x8D, 0x8F, 0x90, 0x9D]
                    if !input.contains(where: unassigned.contains), let windows = String(bytes: input, encoding: .windowsCP1252), extracted != .text(windows) {
                        fatalError("Windows-1252 came out as \(extracted), not \(windows.debugDescription)")
                    }
                }
            }
            // The same characters in UTF-16 without a byte-order mark, both
            // ways round, must read back as they were.
            let latin1 = input.filter { $0 != 0 }
            guard latin1.count >= 2 else { return }
            let expected = String(String.UnicodeScalarView(latin1.map { Unicode.Scalar($0) }))
            for bigEndian in [false, true] {
                let units: [UInt8] = latin1.flatMap { bigEndian ? [0, $0] : [$0, 0] }
                let read = extractedText(of: scratch.file("document.txt", holding: units), type: "public.text")
                if read != .text(expected) {
                    fatalError("\(expected.debugDescription) in UTF-16\(bigEndian ? "BE" : "LE") without a mark came out as \(read)")
                }
            }
        },
    ]

    /// A listed file, as a catalog would give it; DocKit makes documents
    /// only by listing, but decodes them too.
    private static let listedFile: Document = {
        let fields = #"""
            {"location": "local", "relativePath": {"bytes": []}, "path": {"bytes": []}, "name": "document", "displayName": "document",
             "type": "public.data", "size": 0, "modificationDate": 0, "isPackage": false, "isFolder": false, "isSymbolicLink": false,
             "typeWasGuessed": false, "states": []}
            """#
        guard let document = try? JSONDecoder().decode(Document.self, from: Data(fields.utf8)) else { fatalError("a Document no longer decodes from \(fields)") }
        return document
    }()

    /// What search extracts from `file` read as `type`.
    private static func extractedText(of file: URL, type: String) -> ExtractedText {
        var document = listedFile
        document.path = RawPath(file.path)
        document.relativePath = RawPath(file.lastPathComponent)
        document.type = type
        let extractor = DocumentTextExtractor(tools: PreviewTools(environment: [:], searchPath: []))
        let registry = TypeRegistry(types: [], claims: [])
        let listed = document
        return blocking { await extractor.extract(listed, registry: registry) }
    }
}

/// The words search should find in a decoded JSON value or property list,
/// worked out apart from docbrowser's own walk: keys and non-empty strings,
/// one a line, a dictionary's keys sorted, each key before its value.
enum StructuredWords {
    /// Nil for a value nested deeper than docbrowser decodes (it reads
    /// such a file as text).
    static func text(of value: Any) -> String? {
        var lines: [String] = []
        return collect(value, depth: 0, into: &lines) ? lines.joined(separator: "\n") : nil
    }

    private static func collect(_ value: Any, depth: Int, into lines: inout [String]) -> Bool {
        if let string = value as? String {
            if !string.isEmpty { lines.append(string) }
            return true
        }
        guard depth < 200 else { return false }
        if let dictionary = value as? [String: Any] {
            for key in dictionary.keys.sorted() {
                if !key.isEmpty { lines.append(key) }
                guard collect(dictionary[key]!, depth: depth + 1, into: &lines) else { return false }
            }
        } else if let array = value as? [Any] {
            for item in array {
                guard collect(item, depth: depth + 1, into: &lines) else { return false }
            }
        }
        return true
    }
}
