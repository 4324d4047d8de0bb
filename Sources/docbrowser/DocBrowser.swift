import ArgumentParser
import DocKit
import Foundation

@main
struct DocBrowser: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docbrowser",
        abstract: "Browse, preview, move and share documents, iOS-style, on Linux.",
        discussion: """
        Exit status: 0 success, 1 the operation failed, 2 usage error, 3 not found, \
        4 conflict (the destination exists), 5 refused for safety, 6 invalid input.
        """,
        version: "0.1.0",
        subcommands: [
            ListCommand.self, SearchCommand.self, InfoCommand.self, PreviewCommand.self, ThumbnailCommand.self, NewCommand.self, RenameCommand.self, TagCommand.self,
            MoveCommand.self, CopyCommand.self, DuplicateCommand.self, DeleteCommand.self, TrashCommand.self, StorageCommand.self,
            VersionsCommand.self, ResolveCommand.self, WatchCommand.self, ServeCommand.self,
            OpenCommand.self, OpenInCommand.self, InboxCommand.self, HandlersCommand.self,
            ExportCommand.self,
            ImportCommand.self,
            ConfigCommand.self, TypesCommand.self,
        ]
    )

    /// Declared here too so that global options may come before the
    /// command name (`docbrowser --home DIR types`); each command reads them
    /// through its own option group.
    @OptionGroup var global: GlobalOptions

    /// Runs a command and turns what it throws into one line on stderr and
    /// a documented exit status, instead of ArgumentParser's defaults
    /// (which use 64 for usage errors).
    ///
    /// Synchronous, so that a command that never waits (`info`, `list`,
    /// `types`) runs on the main thread and starts none of Swift
    /// concurrency's threads; a command that waits runs through
    /// ``AsyncCommandRunner``.
    static func main() {
        runToExit()
    }

    /// Apart from `main`, which the compiler isolates to the main actor:
    /// casts made there could find main-actor conformances, and a command
    /// that waits could not then be handed to its task.
    private nonisolated static func runToExit() -> Never {
        TerminalColumns.prepare()
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitForArgumentParser(error)
        }
        if let command = command as? any CommandWithErrorHints {
            ErrorHints.current = type(of: command).errorHints
        }
        var failureStyle: (output: Output, waitOption: String)?
        if let command = command as? any CommandWithGlobalOptions {
            failureStyle = (command.global.output, type(of: command).syncWaitOption)
        }
        do {
            try run(command)
        } catch let failure as PartialFailure {
            Foundation.exit(failure.status)
        } catch let error as DocKitError {
            if let (output, waitOption) = failureStyle {
                output.finalError(error, waitOption: waitOption)
            } else {
                ErrorMessage.write(error, json: false)
            }
            Foundation.exit(ExitStatus.status(for: error))
        } catch {
            exitForArgumentParser(error)
        }
        Foundation.exit(ExitStatus.success)
    }

    private static func run(_ command: sending any ParsableCommand) throws {
        if let asyncCommand = command as? any AsyncParsableCommand {
            try AsyncCommandRunner.run(asyncCommand)
        } else {
            var command = command
            try command.run()
        }
    }

    private static func exitForArgumentParser(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code == .success {
            if !message.isEmpty { print(message) }
            Foundation.exit(ExitStatus.success)
        }
        if !message.isEmpty {
            Terminal.standardError.write(message.hasSuffix("\n") ? message : message + "\n")
        }
        Foundation.exit(code == .validationFailure ? ExitStatus.usage : code.rawValue)
    }
}
