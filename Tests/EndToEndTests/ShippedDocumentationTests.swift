import Foundation
import Subprocess
import SystemPackage
import Testing

/// The man page and completions are generated (`make docs`) and committed
/// under share/; these tests fail when they no longer match the commands.
@Suite("the man page and shell completions that ship")
struct ShippedDocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: [("bash", "docbrowser.bash"), ("zsh", "_docbrowser"), ("fish", "docbrowser.fish")])
    func completionsAreWhatTheCommandsGenerateToday(shell: String, file: String) async throws {
        let sandbox = try Sandbox()
        let generated = try await sandbox.run("--generate-completion-script", shell)
        #expect(generated.status == 0, "\(generated)")
        let shipped = try String(contentsOf: Self.repository.appending(path: "share/completions/\(file)"), encoding: .utf8)
        #expect(generated.standardOutput == shipped, "share/completions/\(file) is stale: run make docs")
    }

    @Test func theManPageWasMadeFromTodaysHelpAndNamesEveryCommand() async throws {
        let sandbox = try Sandbox()
        let help = try await sandbox.run("--experimental-dump-help")
        #expect(help.status == 0, "\(help)")
        let digest = try await Self.sha256(of: help.standardOutput, in: sandbox)
        let manual = try String(contentsOf: Self.repository.appending(path: "share/man/man1/docbrowser.1"), encoding: .utf8)
        #expect(manual.hasPrefix(".\\\" help-digest: \(digest)\n"), "share/man/man1/docbrowser.1 is stale: run make docs")

        let tool = try #require(try JSONSerialization.jsonObject(with: Data(help.standardOutput.utf8)) as? [String: Any])
        let root = try #require(tool["command"] as? [String: Any])
        let commands = try #require(root["subcommands"] as? [[String: Any]]).compactMap { $0["commandName"] as? String }
        #expect(commands.count >= 19, "\(commands)")
        for command in commands {
            #expect(manual.contains(".It Em \(command)\n"), "the man page has no entry for \(command)")
        }
    }

    @Test func makeInstallDataPutsThemWhereDebianLooks() async throws {
        let sandbox = try Sandbox()
        let prefix = sandbox.root.appending(path: "prefix")
        let installed = try await Subprocess.run(
            .name("make"), arguments: ["-s", "-C", Self.repository.path, "install-data", "PREFIX=\(prefix.path)"],
            output: .string(limit: 1 << 16), error: .string(limit: 1 << 16)
        )
        #expect(installed.terminationStatus.isSuccess, "\(installed.standardError)")
        for path in ["share/man/man1/docbrowser.1", "share/bash-completion/completions/docbrowser",
                     "share/zsh/site-functions/_docbrowser", "share/fish/vendor_completions.d/docbrowser.fish",
                     "share/docbrowser/web/templates/index.mustache"] {
            #expect(FileManager.default.fileExists(atPath: prefix.appending(path: path).path), "\(path) not installed")
        }
        // Types and the bundled manifests are compiled into DocKit; an
        // install that copied them would only invite them to drift.
        #expect(!FileManager.default.fileExists(atPath: prefix.appending(path: "share/docbrowser/types").path))
        let registered = try await Subprocess.run(
            .name("bash"), arguments: ["-c", "source \"$1\" && complete -p docbrowser", "bash", prefix.appending(path: "share/bash-completion/completions/docbrowser").path],
            output: .string(limit: 1 << 16), error: .string(limit: 1 << 16)
        )
        #expect(registered.standardOutput.contains("-F _docbrowser docbrowser"), "\(registered.standardError)")
    }

    @Test func bashCompletesDocumentArgumentsWithTheNamesListShows() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        _ = try sandbox.write("%PDF-1.7", to: "home/Documents/Report.pdf")
        _ = try sandbox.write("local", to: "home/Documents/Deck.txt")
        _ = try sandbox.write("cloud", to: "home/Cloud/Documents/Deck.txt")
        #expect(try await sandbox.run("list").status == 0)

        func completions(_ words: [String]) async throws -> [String] {
            let result = try await Self.bashCompletions(["--home", sandbox.home.path] + words, in: sandbox)
            #expect(result.standardError.isEmpty, "\(result.standardError)")
            return result.candidates
        }
        #expect(try await completions(["move", "N"]) == ["Notes.txt"])
        #expect(try await completions(["info", ""]) == ["Deck.txt", "Notes.txt", "Report.pdf"])
        #expect(try await completions(["export", "-o", "x.zip", "R"]) == ["Report.pdf"])
        // bash hands `cloud:D` over as three words, and replaces only the last.
        #expect(try await completions(["delete", "cloud", ":", "D"]) == ["Deck.txt"])
        #expect(try await completions(["delete", "cloud", ":", "N"]) == [], "Notes.txt is local only")
        #expect(try await completions(["rename", "No"]) == ["Notes.txt"])
        let documents = try FileManager.default.contentsOfDirectory(atPath: sandbox.home.path).sorted()
        #expect(try await completions(["info", "X"]) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home.path).sorted() == documents, "completion changed the home")
    }

    @Test func completionNeverCreatesAHomeOrItsFolders() async throws {
        let sandbox = try Sandbox()
        let absent = sandbox.root.appending(path: "no-such-home")
        let result = try await Self.bashCompletions(["--home", absent.path, "info", ""], in: sandbox)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        #expect(result.candidates.isEmpty, "\(result.candidates)")
        #expect(!FileManager.default.fileExists(atPath: absent.path))
    }

    /// What the shipped bash completion offers for the last of `words`,
    /// driven as bash drives it: COMP_WORDS and the function's arguments.
    private static func bashCompletions(_ words: [String], in sandbox: Sandbox) async throws -> (candidates: [String], standardError: String) {
        let script = """
            source "$1"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _docbrowser docbrowser "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await Subprocess.run(
            .name("bash"),
            arguments: Arguments(["-c", script, "bash", repository.appending(path: "share/completions/docbrowser.bash").path, Sandbox.binary.path] + words),
            environment: .inherit.updating(["HOME": sandbox.userHome.path, "XDG_DATA_DIRS": sandbox.systemData.path, "DOCBROWSER_HOME": nil]),
            output: .string(limit: 1 << 16), error: .string(limit: 1 << 16)
        )
        #expect(result.terminationStatus.isSuccess, "\(result.standardError)")
        return (result.standardOutput.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted(), result.standardError)
    }

    private static func sha256(of text: String, in sandbox: Sandbox) async throws -> String {
        let file = sandbox.root.appending(path: "help.json")
        try Data(text.utf8).write(to: file)
        let result = try await Subprocess.run(.name("sha256sum"), arguments: [file.path], output: .string(limit: 4096), error: .discarded)
        return String(result.standardOutput.prefix(64))
    }
}
