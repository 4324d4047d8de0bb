import ArgumentParser
import DocBrowserReports
import DocKit

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create an empty document, or a folder.",
        discussion: "Without NAME it is \"Untitled\", then \"Untitled 2\", … The extension comes from the type, or without --type the type from NAME's extension (\"Notes.md\" is Markdown); a package type gets a directory. With --folder, NAME is a folder and may be nested (Projects/2026); the folders above it are made as needed. It goes to the preferred location (see 'storage') unless --local or --cloud says otherwise."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var where_: LocationOption

    @Argument(help: "The document's name, with or without its extension; with --folder, the folder's path.")
    var name: String?

    @Flag(name: .long, help: "Create a folder instead of a document.")
    var folder = false

    @Option(name: .customLong("type"), help: ArgumentHelp("The document's type, such as public.plain-text or com.apple.rtfd; by default, the one NAME's extension names.", valueName: "UTI"))
    var type: String?

    func validate() throws {
        if folder, name == nil { throw ValidationError("--folder needs the folder's NAME") }
        if folder, type != nil { throw ValidationError("--folder and --type cannot go together: a folder has no type to choose") }
    }

    func run() throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let document = if folder, let name {
            try catalog.createFolder(name, in: where_.location)
        } else {
            try catalog.createDocument(named: name, type: type, in: where_.location)
        }
        try context.output.confirmation(DocumentReport(document, registry: catalog.registry)) {
            "Created \(document.qualifiedName)"
        }
    }
}
