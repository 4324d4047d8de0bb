import ArgumentParser
import DocKit
import Foundation

@main
struct DocBrowser: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docbrowser",
        abstract: "Browse, preview, move and share documents, iOS-style, on Linux.",
        discussion: """
        Exit status: 0 success, 1 the operation failed, 2 usage error, 3 not found, \
        4 conflict (the destination exists), 5 refused for safety, 6 invalid input.
        """,
        version: "0.1.0",
        subcommands: [
            ListCommand.self, InfoCommand.self, PreviewCommand.self, NewCommand.self, RenameCommand.self,
            MoveCommand.self, DeleteCommand.self, StorageCommand.self,
            VersionsCommand.self, ResolveCommand.self, WatchCommand.self,
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
    static func main() async {
        TerminalColumns.prepare()
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitForArgumentParser(error)
        }
        do {
            var command = command
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as PartialFailure {
            Foundation.exit(failure.status)
        } catch let error as any DocKitError {
            if let command = command as? any CommandWithGlobalOptions {
                command.global.output.finalError(error, waitOption: type(of: command).syncWaitOption)
            } else {
                ErrorMessage.write(error, json: false)
            }
            Foundation.exit(ExitStatus.status(for: error))
        } catch {
            exitForArgumentParser(error)
        }
        Foundation.exit(ExitStatus.success)
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
