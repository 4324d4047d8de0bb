import ArgumentParser
import DocBrowserReports
import DocKit

struct RenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a document in place, keeping its extension.",
        discussion: "NEW keeps the document's extension unless it ends with another extension of the same type. An existing name is never replaced."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A path, or a name as 'list' shows it.", completion: DocumentNameCompletion.kind)
    var document: String

    @Argument(help: "The new name.")
    var newName: String

    @Flag(name: .long, help: "Rename a document a handler has open, and wait for other docbrowser processes instead of refusing.")
    var force = false

    @OptionGroup var syncWait: SyncWaitOption

    func run() async throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let document = try await SyncWaitOption.settled(try catalog.resolve(self.document), within: syncWait.start(), in: catalog, output: context.output)
        let renamed = try catalog.renameDocument(document, to: newName, force: force)
        try context.output.confirmation(DocumentReport(renamed, registry: catalog.registry)) {
            "Renamed \(document.qualifiedName) to \(renamed.name)"
        }
    }
}
