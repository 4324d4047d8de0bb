import ArgumentParser
import DocKit

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create an empty document.",
        discussion: "Without NAME it is \"Untitled\", then \"Untitled 2\", … The extension comes from the type, or without --type the type from NAME's extension (\"Notes.md\" is Markdown); a package type gets a directory. It goes to the preferred location (see 'storage') unless --local or --cloud says otherwise."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var where_: LocationOption

    @Argument(help: "The document's name, with or without its extension.")
    var name: String?

    @Option(name: .customLong("type"), help: ArgumentHelp("The document's type, such as public.plain-text or com.apple.rtfd; by default, the one NAME's extension names.", valueName: "UTI"))
    var type: String?

    func run() throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let document = try catalog.createDocument(named: name, type: type, in: where_.location)
        try context.output.confirmation(DocumentReport(document, registry: catalog.registry)) {
            "Created \(document.qualifiedName)"
        }
    }
}
