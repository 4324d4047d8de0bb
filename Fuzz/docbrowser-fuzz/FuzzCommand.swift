import ArgumentParser
import Foundation

// A fuzzing build is libFuzzer's program, whose own main reads the options
// and calls LLVMFuzzerTestOneInput (see LibFuzzerEntry.swift).
#if !FUZZING
@main
#endif
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docbrowser-fuzz",
        abstract: "Feeds docbrowser's readers of outside input with arbitrary bytes.",
        discussion: """
            Built normally, it replays saved inputs, so that every input that \
            once crashed a reader stays a regression test. Built with \
            '-sanitize=fuzzer' and '-DFUZZING' ('make fuzz'), it is a libFuzzer \
            program that fuzzes the target named by DOCBROWSER_FUZZ_TARGET.
            """,
        subcommands: [ListTargets.self, Replay.self]
    )
}

extension FuzzCommand {
    struct ListTargets: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Lists the targets.")

        func run() {
            for target in FuzzTarget.all {
                print("\(target.name)\t\(target.summary)")
            }
        }
    }

    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Runs a target once on each saved input.")

        @Argument(help: "The target, as 'list' names it.")
        var target: String

        @Argument(help: "Input files, or folders of them.")
        var inputs: [String]

        func run() throws {
            guard let target = FuzzTarget.named(target) else { throw ValidationError("no target named '\(self.target)'") }
            let scratch = try FuzzScratch.make()
            defer { scratch.remove() }
            var count = 0
            for path in try inputFiles() {
                guard let input = FileManager.default.contents(atPath: path) else { throw ValidationError("cannot read '\(path)'") }
                target.run([UInt8](input), scratch)
                count += 1
            }
            print("\(target.name): \(count) inputs replayed")
        }

        private func inputFiles() throws -> [String] {
            var files: [String] = []
            for input in inputs {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                    throw ValidationError("no such file or folder: '\(input)'")
                }
                if isDirectory.boolValue {
                    let names = try FileManager.default.contentsOfDirectory(atPath: input).filter { !$0.hasPrefix(".") }.sorted()
                    files += names.map { URL(fileURLWithPath: input).appending(path: $0).path }
                } else {
                    files.append(input)
                }
            }
            return files
        }
    }
}
