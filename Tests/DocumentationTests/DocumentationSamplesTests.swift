import Foundation
import Testing

/// Every Swift sample in DocKit's articles is code these tests compile
/// and run, so that no sample can rot: a block must appear, line by line,
/// in a source file of this folder. Lines are compared trimmed, blank
/// lines and `import` lines (which a file holds once, at its top) aside.
@Suite("Documentation samples")
struct DocumentationSamplesTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everySampleInTheArticlesIsCompiledAndRunHere() throws {
        let articles = try Self.files(in: Self.repository.appending(path: "Sources/DocKit/DocKit.docc"), ending: ".md")
        let sources = try Self.files(in: Self.repository.appending(path: "Tests/DocumentationTests"), ending: ".swift")
            .map { Self.normalized(try String(contentsOf: $0, encoding: .utf8)) }
        var checked = 0
        for article in articles {
            for block in Self.swiftBlocks(in: try String(contentsOf: article, encoding: .utf8)) {
                let lines = Self.normalized(block.code)
                checked += 1
                #expect(sources.contains { Self.contains($0, lines) },
                        "\(article.lastPathComponent):\(block.line): this sample is in no test under Tests/DocumentationTests")
            }
        }
        #expect(checked >= 20, "only \(checked) samples found: are the articles where this test looks?")
    }

    /// The doc comments of DocKit's and DocKitTesting's public API show
    /// in Xcode's Quick Help and in the DocC pages as the articles do.
    @Test func everySampleInADocCommentIsCompiledAndRunHere() throws {
        let sources = try Self.files(in: Self.repository.appending(path: "Tests/DocumentationTests"), ending: ".swift")
            .map { Self.normalized(try String(contentsOf: $0, encoding: .utf8)) }
        var checked = 0
        for target in ["Sources/DocKit", "Sources/DocKitTesting"] {
            let folder = Self.repository.appending(path: target)
            for file in try Self.files(in: folder, ending: ".swift") {
                for block in Self.swiftBlocks(in: Self.docComments(of: try String(contentsOf: file, encoding: .utf8))) {
                    checked += 1
                    #expect(sources.contains { Self.contains($0, Self.normalized(block.code)) },
                            "\(target)/\(file.path.dropFirst(folder.path.count + 1)):\(block.line): this sample is in no test under Tests/DocumentationTests")
                }
            }
        }
        #expect(checked >= 10, "only \(checked) samples found: are the sources where this test looks?")
    }

    @Test func aDocCommentsSampleIsReadWithoutItsSlashes() {
        let source = "/// Intro\n///\n/// ```swift\n/// let a = 1\n///\n///     let b = 2\n/// ```\nlet c = 3\n// ```swift\n"
        let blocks = Self.swiftBlocks(in: Self.docComments(of: source))
        #expect(blocks.map(\.line) == [3])
        #expect(Self.normalized(blocks[0].code) == ["let a = 1", "let b = 2"])
    }

    /// The text of a source file's `///` comments, each line where it was
    /// (other lines left empty), so that blocks keep their line numbers.
    static func docComments(of source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("///") else { return "" }
            let text = trimmed.dropFirst(3)
            return String(text.hasPrefix(" ") ? text.dropFirst() : text)
        }.joined(separator: "\n")
    }

    @Test func aSampleIsFoundOnlyWhenItsLinesFollowEachOther() {
        let article = "Intro\n\n```swift\nlet a = 1\n\n    let b = 2\n```\n\n```sh\nmake\n```\n"
        let blocks = Self.swiftBlocks(in: article)
        #expect(blocks.map(\.line) == [3])
        let sample = Self.normalized(blocks[0].code)
        #expect(sample == ["let a = 1", "let b = 2"])
        #expect(Self.contains(Self.normalized("func f() {\n        let a = 1\n        let b = 2\n}"), sample))
        #expect(!Self.contains(Self.normalized("let a = 1\nlet c = 3\nlet b = 2"), sample))
        #expect(!Self.contains(Self.normalized("let b = 2\nlet a = 1"), sample))
    }

    /// The ```swift blocks of a Markdown text, with the line each opens on.
    static func swiftBlocks(in markdown: String) -> [(line: Int, code: String)] {
        var blocks: [(line: Int, code: String)] = []
        var current: (line: Int, lines: [String])?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var open = current {
                if trimmed == "```" {
                    blocks.append((open.line, open.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    open.lines.append(String(line))
                    current = open
                }
            } else if trimmed == "```swift" {
                current = (index + 1, [])
            }
        }
        return blocks
    }

    static func normalized(_ code: String) -> [String] {
        code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in haystack[start..<(start + needle.count)].elementsEqual(needle) }
    }

    static func files(in folder: URL, ending suffix: String) throws -> [URL] {
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { folder.appending(path: $0) }
    }
}
