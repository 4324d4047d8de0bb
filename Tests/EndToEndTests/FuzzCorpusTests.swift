import Foundation
import Subprocess
import SystemPackage
import Testing

/// Every input in `Fuzz/Corpus` (the fuzzers' seeds, and every input that
/// once crashed a reader) replayed through the same targets `make fuzz`
/// runs: an input that crashed once is a regression test for good.
@Suite("the fuzzers' saved inputs")
struct FuzzCorpusTests {
    static let fuzzer = Sandbox.builtBesideTests("docbrowser-fuzz")
    static let corpus: URL = {
        // Tests/EndToEndTests/FuzzCorpusTests.swift → repository root.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Fuzz/Corpus", directoryHint: .isDirectory)
    }()

    static func fuzz(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let result = try await Subprocess.run(
            .path(FilePath(fuzzer.path)), arguments: Arguments(arguments),
            output: .string(limit: 1 << 20), error: .string(limit: 1 << 20)
        )
        let status: Int32 = switch result.terminationStatus {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
        return (status, result.standardOutput + result.standardError)
    }

    static var targets: [String] {
        get async throws {
            try await fuzz(["list"]).output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
    }

    @Test("every target has saved inputs, and every one replays without a crash")
    func everyTargetReplaysItsCorpus() async throws {
        let targets = try await Self.targets
        #expect(targets.count >= 11, "\(targets)")
        for target in targets {
            let folder = Self.corpus.appending(path: target)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
            #expect(!files.isEmpty, "\(target) has no saved inputs")
            let replayed = try await Self.fuzz(["replay", target, folder.path])
            #expect(replayed.status == 0, "\(target): \(replayed.output)")
            #expect(replayed.output.contains("\(target): \(files.count) inputs replayed"), "\(target): \(replayed.output)")
        }
    }

    @Test("an unknown target is refused, naming it")
    func unknownTargetIsRefused() async throws {
        let result = try await Self.fuzz(["replay", "no-such-target", Self.corpus.path])
        #expect(result.status != 0)
        #expect(result.output.contains("no target named 'no-such-target'"), "\(result.output)")
    }
}
