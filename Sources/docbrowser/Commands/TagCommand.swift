import ArgumentParser
import DocKit

struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Show, add or remove the tags of documents.",
        discussion: """
        Tags are kept in the user.xdg.tags extended attribute, as KDE's Dolphin keeps them. \
        +NAME adds a tag, -NAME removes one; without either, each document's tags are shown. \
        Put -- before a tag that docbrowser would take for an option (tag Notes.txt -- -v). \
        Finder tags a sync engine carried from a Mac are shown too, never changed. \
        With --json, each document is one JSON line.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Documents (paths, or names as 'list' shows them), then +NAME or -NAME for each tag to add or remove.", valueName: "DOC|+NAME|-NAME"))
    var items: [String]

    struct Event: Encodable {
        var event = "tags"
        var document: String
        var path: String
        var tags: [String]
    }

    func run() throws {
        var names: [String] = []
        var added: [String] = []
        var removed: [String] = []
        for item in items {
            if item.hasPrefix("+") { added.append(String(item.dropFirst())) }
            else if item.hasPrefix("-") { removed.append(String(item.dropFirst())) }
            else { names.append(item) }
        }
        guard !names.isEmpty else { throw ValidationError("Give at least one document.") }
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        var failures = FailureCollector()
        for name in names {
            do {
                let document = try catalog.resolve(name)
                let tags = added.isEmpty && removed.isEmpty
                    ? try DocumentTags.of(document.path)
                    : try catalog.changeTags(of: document, adding: added, removing: removed)
                try context.output.event(Event(document: document.qualifiedName, path: document.path.description, tags: tags.names)) { form in
                    // Names and tags come from peers and archives: a newline in either
                    // shows as ␊, as `list` shows it.
                    form.line(TerminalText.line("\(document.qualifiedName): \(tags.names.isEmpty ? "no tags" : tags.names.joined(separator: ", "))"))
                }
            } catch {
                failures.record(error, output: context.output)
            }
        }
        try failures.finish()
    }
}
