import ArgumentParser
import DocBrowserReports
import DocKit

struct VersionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "versions",
        abstract: "Show a document's current version and the conflict versions sync engines left.",
        discussion: """
        Conflict copies of Syncthing, Nextcloud, ownCloud, Dropbox and rclone bisync are versions of \
        the document they name, numbered from 1, oldest first. For a package, one version gathers the \
        copies one conflict left inside it. The date is the copy's own: the engines' names tell when the \
        conflict was found, and Syncthing's device is the one whose change won.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A path, or a name as 'list' shows it.", completion: DocumentNameCompletion.kind)
    var document: String

    func run() throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let versions = try catalog.versions(of: try catalog.resolve(document))
        try context.output.result(VersionReport.All(versions)) { text in
            text.line(VersionReport.lines(versions).joined(separator: "\n"))
            if versions.isResolved { text.note("\(versions.document.qualifiedName) has no conflict versions") }
        }
    }
}
