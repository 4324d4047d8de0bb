import ArgumentParser
import DocKit
import Foundation

/// Completes DOC arguments with the names `list` shows, by asking the home
/// named on the command line being completed (or the default one).
/// `local:` and `cloud:` narrow the names to one location, as they do for
/// every command. Completion never creates a home or a Documents folder,
/// recovers interrupted operations, or prints anything but candidates.
enum DocumentNameCompletion {
    static let kind = CompletionKind.custom { words, index, prefix in
        candidates(words: words, index: index, prefix: prefix, shell: ProcessInfo.processInfo.environment["SAP_SHELL"])
    }

    static func candidates(words: [String], index: Int, prefix: String, shell: String?) -> [String] {
        let typed = unescaped(prefix)
        // bash splits `local:Na` at the colon (COMP_WORDBREAKS) and replaces
        // only `Na`; zsh and fish hand over the whole word.
        if index >= 2, index <= words.count, words[index - 1] == ":", let location = Location(rawValue: words[index - 2]) {
            return names(in: [location], words: words).filter { $0.hasPrefix(typed) }
        }
        if let colon = typed.firstIndex(of: ":"), let location = Location(rawValue: String(typed[..<colon])) {
            let rest = typed[typed.index(after: colon)...]
            // zsh's _describe reads an unescaped colon as the start of a description.
            let separator = shell == "zsh" ? "\\:" : ":"
            return names(in: [location], words: words).filter { $0.hasPrefix(rest) }.map { location.rawValue + separator + $0 }
        }
        return Array(Set(names(in: Location.allCases, words: words))).filter { $0.hasPrefix(typed) }.sorted()
    }

    private static func names(in locations: [Location], words: [String]) -> [String] {
        let home = Home.resolve(explicit: explicitHome(in: words), environment: ProcessInfo.processInfo.environment)
        guard FileManager.default.fileExists(atPath: home.url.path),
              let options = try? GlobalOptions.parse(["--home", home.url.path, "--quiet"]),
              case let library = CommandContext(options).library,
              let registry = try? library.typeRegistryStore().snapshot().registry,
              let catalog = try? library.readOnlyCatalog(registry: registry)
        else { return [] }
        var names: [String] = []
        for location in locations where FileManager.default.fileExists(atPath: catalog.locations.documentsDirectory(location).description) {
            var query = DocumentQuery()
            query.locations = [location]
            // One location that cannot be read (a cloud folder not mounted)
            // leaves the other's names.
            names += ((try? catalog.documents(matching: query)) ?? []).map(\.listedName)
        }
        return names.sorted()
    }

    /// `--home DIR`, `--home=DIR`, or (as bash splits at `=`) `--home = DIR`.
    static func explicitHome(in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == "--home", index + 1 < words.count {
                let next = words[index + 1]
                if next == "=", index + 2 < words.count { return unescaped(words[index + 2]) }
                return unescaped(next)
            }
            if word.hasPrefix("--home=") { return unescaped(String(word.dropFirst("--home=".count))) }
        }
        return nil
    }

    /// A shell word as typed (`Caf\ menu`, `'Café menu'`) as the name it means.
    private static func unescaped(_ word: String) -> String {
        var result = ""
        var escaping = false
        for character in word {
            if escaping {
                result.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character != "'" && character != "\"" {
                result.append(character)
            }
        }
        return result
    }
}
