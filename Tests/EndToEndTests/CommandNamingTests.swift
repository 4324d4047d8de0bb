import Foundation
import Testing

/// argument-parser names a command that does not name itself with
/// `String(describing:)` of its type, and each such call scans every protocol
/// conformance in the statically linked binary (Foundation's and ICU's
/// included): before every command named itself, the four unnamed `config`
/// subcommands cost a short command about 4 ms of its 14.
@Suite("the commands' names")
struct CommandNamingTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Sources/docbrowser")

    @Test func everyCommandConfigurationNamesItsCommand() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var configurations = 0
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for call in Self.calls(of: "CommandConfiguration(", in: source) {
                configurations += 1
                #expect(call.contains("commandName:"), "\(file.lastPathComponent): \(call.prefix(120))")
            }
        }
        #expect(configurations >= 30, "found only \(configurations) command configurations under \(Self.sources.path)")
    }

    /// Each call's text up to its balancing parenthesis.
    static func calls(of opening: String, in source: String) -> [Substring] {
        var calls: [Substring] = []
        var searchStart = source.startIndex
        while let found = source.range(of: opening, range: searchStart..<source.endIndex) {
            var depth = 1
            var index = found.upperBound
            while depth > 0, index < source.endIndex {
                if source[index] == "(" { depth += 1 } else if source[index] == ")" { depth -= 1 }
                index = source.index(after: index)
            }
            calls.append(source[found.lowerBound..<index])
            searchStart = index
        }
        return calls
    }
}
