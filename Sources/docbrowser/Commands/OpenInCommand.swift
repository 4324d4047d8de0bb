import ArgumentParser
import DocKit
import Foundation

struct OpenInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open-in",
        abstract: "Hand a copy of a document to an app: \"Open in…\".",
        discussion: """
        The document (a package whole, symbolic links as links, modes and times kept) is copied into \
        HOME/Containers/ID/Documents/Inbox under a free name ("Name 2.ext" when taken), then the app is \
        launched on the copy with DOCBROWSER_SOURCE_APP=org.docbrowser.launcher. The source is only read.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A path, or a name as 'list' shows it.", completion: DocumentNameCompletion.kind)
    var document: String

    @Option(name: .customLong("to"), help: ArgumentHelp("The app (handler) to hand the copy to.", valueName: "ID"))
    var target: String

    @Flag(help: "Wait for the app to exit and exit with its status.")
    var wait = false

    @Flag(help: "Hand over a copy even of a document a sync engine is still writing.")
    var force = false

    @Option(name: .customLong("wait-complete"), defaultAsFlag: SyncWaitOption.defaultSeconds, help: SyncWaitOption.help("--wait-complete"))
    var waitComplete: Double?

    func validate() throws {
        try SyncWaitOption.validate(waitComplete, option: "--wait-complete")
    }

    struct Report: Encodable {
        var document: String
        var copy: String
        var handler: String
        var pid: Int32
        var exitStatus: Int32?
    }

    func run() async throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let document = try await SyncWaitOption.settled(try catalog.resolveForHandler(self.document), within: SyncWaitOption.start(waitComplete), in: catalog, output: context.output)
        try SyncActivity.refuseIfIncomplete(document, force: force, quietPeriod: catalog.quietPeriod)
        guard let handler = context.handlerRegistry().handler(withIdentifier: target) else { throw DocKitError.noSuchHandler(target) }
        guard handler.canOpen else {
            throw DocKitError.cannotOpen(handler: handler.identifier, reason: "it has no executable here (types only)")
        }
        let wait = try HandlerLaunching.waits(for: handler, asked: wait)
        let inbox = InboxDelivery.inboxDirectory(forApp: handler.identifier, home: context.home, locations: catalog.locations)
        let copy = try InboxDelivery.deliver(document.path, named: document.filename, into: inbox, registry: catalog.registry, home: context.home)
        let invocation = try HandlerLauncher.invocation(
            of: handler, document: copy, type: document.type, home: context.home, sourceApp: InboxDelivery.launcherIdentifier,
            environment: context.library.environment
        )
        let recent = HandlerLaunching.RecentUse(path: document.path, mimeType: catalog.registry.type(withIdentifier: document.type)?.preferredMIMEType)
        try await HandlerLaunching.launch(invocation, wait: wait, context: context, recent: recent) { pid, status in
            Report(document: document.qualifiedName, copy: copy.description, handler: handler.identifier, pid: pid, exitStatus: status)
        } describe: { pid in
            "Copied \(document.qualifiedName) to \(copy) and opened it with \(handler.identifier) (pid \(pid))"
        }
    }
}
