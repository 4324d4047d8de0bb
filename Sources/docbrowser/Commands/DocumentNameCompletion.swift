import ArgumentParser
import DocKit
import Foundation

/// Completes DOC arguments with the names `list` shows, by asking the home
/// named on the command line being completed (or the default one). A name
/// held by a document in both locations is offered as `local:NAME` and
/// `cloud:NAME`, the forms that resolve. Completion never creates a home,
/// recovers interrupted operations, or prints anything but candidates.
enum DocumentNameCompletion {
    static let kind = CompletionKind.custom { words, _, prefix in
        candidates(words: words, prefix: prefix)
    }

    static func candidates(words: [String], prefix: String) -> [String] {
        let home = Home.resolve(explicit: explicitHome(in: words))
        guard FileManager.default.fileExists(atPath: home.url.path),
              let options = try? GlobalOptions.parse(["--home", home.url.path, "--quiet"]),
              let registry = try? CommandContext(options).typeRegistryStore().snapshot().registry,
              let catalog = try? DocumentCatalog(home: home, registry: registry),
              let documents = try? catalog.documents(matching: DocumentQuery())
        else { return [] }
        var counts: [String: Int] = [:]
        for document in documents { counts[document.listedName, default: 0] += 1 }
        return documents
            .map { counts[$0.listedName, default: 0] > 1 ? $0.qualifiedName : $0.listedName }
            .filter { $0.hasPrefix(prefix) }
            .sorted()
    }

    /// `--home DIR` or `--home=DIR`, wherever it stands among the words.
    static func explicitHome(in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == "--home", index + 1 < words.count { return words[index + 1] }
            if word.hasPrefix("--home=") { return String(word.dropFirst("--home=".count)) }
        }
        return nil
    }
}
