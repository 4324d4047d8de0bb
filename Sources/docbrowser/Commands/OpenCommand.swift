import ArgumentParser
import DocKit
import Foundation

struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a document in place with its handler.",
        discussion: """
        The handler is your default for the type, else the best-ranked claim (see 'handlers DOC'). \
        It runs as a child process, argv only, never through a shell, with a minimal environment \
        (README, "Write a handler"). Without --wait docbrowser returns at once and the handler runs on \
        in a session of its own, its output and errors appended to HOME/Library/Logs/ID.log. With --wait its output is docbrowser's and \
        docbrowser exits with its exit status (128 + N for signal N). A .desktop handler with \
        Terminal=true (vim, less) runs in docbrowser's terminal and is always waited for; without a \
        terminal it is refused (exit 5). No handler for the type: exit 3.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A path, or a name as 'list' shows it.", completion: DocumentNameCompletion.kind)
    var document: String

    @Option(name: .customLong("with"), help: ArgumentHelp("Open with this handler instead of the chosen one.", valueName: "ID"))
    var handler: String?

    @Flag(help: "Wait for the handler to exit and exit with its status.")
    var wait = false

    struct Report: Encodable {
        var document: String
        var path: String
        var type: String
        var handler: String
        var pid: Int32
        var exitStatus: Int32?
    }

    func run() async throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let document = try catalog.resolveForHandler(self.document)
        let chosen: HandlerManifest
        if let handler {
            let handlers = context.handlerRegistry()
            guard let found = handlers.handler(withIdentifier: handler) else { throw DocKitError.noSuchHandler(handler) }
            try handlers.checkOpens(found, type: document.type, registry: catalog.registry)
            chosen = found
        } else {
            let defaults = try context.handlerDefaults()
            // Only the apps that can open this type are read: a desktop has hundreds.
            let handlers = context.reportingProblems(of: context.library.handlers(forType: document.type, registry: catalog.registry, defaults: defaults))
            chosen = try handlers.preferredHandler(forType: document.type, document: document.qualifiedName, registry: catalog.registry, defaults: defaults).handler
        }
        let wait = try HandlerLaunching.waits(for: chosen, asked: wait)
        let invocation = try HandlerLauncher.invocation(
            of: chosen, document: document.path, type: document.type, home: context.home, environment: context.library.environment
        )
        let recent = HandlerLaunching.RecentUse(path: document.path, mimeType: catalog.registry.type(withIdentifier: document.type)?.preferredMIMEType)
        try await HandlerLaunching.launch(invocation, wait: wait, context: context, recordingOpen: document.path, recent: recent) { pid, status in
            Report(document: document.qualifiedName, path: document.path.description, type: document.type, handler: chosen.identifier, pid: pid, exitStatus: status)
        } describe: { pid in
            "Opened \(document.qualifiedName) with \(chosen.identifier) (pid \(pid))"
        }
    }
}

/// The launch both `open` and `open-in` end with.
enum HandlerLaunching {
    /// A `Terminal=true` handler takes over docbrowser's terminal, so it is
    /// waited for, as a shell waits for a foreground program. With no
    /// terminal it is refused before anything is copied or recorded.
    static func waits(for handler: HandlerManifest, asked wait: Bool) throws(DocKitError) -> Bool {
        guard handler.runsInTerminal else { return wait }
        guard Terminal.isInteractive else { throw .runsInTerminal(handler: handler.identifier) }
        return true
    }

    /// The document the desktop's recent files get once its handler runs.
    struct RecentUse {
        var path: RawPath
        var mimeType: String?

        /// Another program owns the file too: one it cannot read costs a
        /// warning, never the open.
        func record(_ context: CommandContext) {
            do {
                try context.library.recordRecentlyUsed(path, mimeType: mimeType ?? "application/octet-stream")
            } catch {
                context.output.warning("not added to the recent files: \(error)")
            }
        }
    }

    static func launch<Report: Encodable>(
        _ invocation: HandlerInvocation, wait: Bool, context: CommandContext, recordingOpen document: RawPath? = nil, recent: RecentUse,
        report: (Int32, Int32?) -> Report, describe: (Int32) -> String
    ) async throws {
        guard wait else {
            let pid = try await HandlerLauncher.launchDetached(invocation, log: context.home.handlerLog(for: invocation.handler))
            recent.record(context)
            try context.output.confirmation(report(pid, nil)) { describe(pid) }
            return
        }
        // While the handler runs, the document is `open`: move and delete
        // refuse it, naming the handler and its pid (SPEC §1).
        let activity = "open in \(invocation.handler)"
        let record = try document.map { try OpenDocumentRecord($0, in: LockDirectory(home: context.home), holder: LockHolder(activity: activity, handlerIdentifier: invocation.handler)) }
        defer { record?.close() }
        var started: Int32 = 0
        let termination = try await HandlerLauncher.launchAndWait(invocation) { pid in
            started = pid
            recent.record(context)
            record?.update(LockHolder(pid: pid, activity: activity, handlerIdentifier: invocation.handler))
            context.output.note(describe(pid) + ", waiting for it to exit")
        }
        // The handler's own output was the text form.
        try context.output.result(report(started, termination.exitStatus)) { _ in }
        if termination.exitStatus != 0 {
            if case .signaled(let signal) = termination { context.output.note("\(invocation.handler) was killed by signal \(signal)") }
            throw ExitCode(termination.exitStatus)
        }
    }
}
