import ArgumentParser
import DocBrowserReports
import DocKit
import Foundation

struct InboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "List an app's Inbox; accept its items as documents, or clear it.",
        discussion: """
        Without --app, the launcher's own Inbox: the Inbox folder of the local Documents, which is never \
        listed as a document. With --app ID, HOME/Containers/ID/Documents/Inbox. --accept moves each item \
        into the app's Documents folder (for the launcher: the local Documents) as "Name.ext", or \
        "Name 2.ext" when taken; nothing is replaced. --clear deletes every item.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("app"), help: ArgumentHelp("The app whose Inbox to use (default: the launcher, org.docbrowser.launcher).", valueName: "ID"))
    var app: String?

    @Flag(help: "Turn the Inbox items into documents.")
    var accept = false

    @Flag(help: "Delete the Inbox items.")
    var clear = false

    func validate() throws {
        if accept && clear { throw ValidationError("Give --accept or --clear, not both.") }
        if let app, !HandlerManifest.isValidIdentifier(app) { throw ValidationError("'\(app)' is not an app identifier (reverse-DNS).") }
    }

    struct ItemReport: Encodable {
        var name: String
        var path: String
        var type: String
        var size: Int64
        var modified: String
        var isPackage: Bool
        var isFolder: Bool
        var acceptedAs: String?

        init(_ item: Inbox.Item, acceptedAs: RawPath? = nil, registry: TypeRegistry) {
            name = item.name
            path = item.path.description
            type = item.type
            size = item.size
            modified = Formatting.isoDate(item.modificationDate)
            isPackage = item.isDirectory && registry.isPackage(item.type)
            isFolder = item.isDirectory && !isPackage
            self.acceptedAs = acceptedAs?.description
        }
    }

    func run() throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let inbox = Inbox(app: app, home: context.home, locations: catalog.locations, registry: catalog.registry)
        // An app unregistered since a delivery still has its Inbox; a name
        // with neither is a typo.
        if let app, context.handlerRegistry().handler(withIdentifier: app) == nil, try FileStatus.of(inbox.directory) == nil {
            throw DocKitError.noSuchHandler(app)
        }
        if accept {
            let moved = try inbox.accept()
            try context.output.result(moved.map { ItemReport($0.item, acceptedAs: $0.destination, registry: catalog.registry) }) { text in
                for (item, destination) in moved { text.confirmation("Accepted \(item.name) as \(destination.lastComponent)") }
                if moved.isEmpty { text.confirmation("The Inbox of \(inbox.appIdentifier) is empty.") }
            }
            return
        }
        if clear {
            let removed = try inbox.clear()
            try context.output.confirmation(removed.map { ItemReport($0, registry: catalog.registry) }) {
                "Removed \(removed.count) \(removed.count == 1 ? "item" : "items") from the Inbox of \(inbox.appIdentifier)."
            }
            return
        }
        let items = try inbox.items()
        try context.output.result(items.map { ItemReport($0, registry: catalog.registry) }) { text in
            if items.isEmpty {
                text.confirmation("The Inbox of \(inbox.appIdentifier) is empty (\(inbox.directory)).")
                return
            }
            var table = Table("NAME", "TYPE", "SIZE", "MODIFIED")
            for item in items {
                table.append([item.name, item.type, Formatting.size(item.size), Formatting.date(item.modificationDate)])
            }
            text.line(table.render())
        }
    }
}
