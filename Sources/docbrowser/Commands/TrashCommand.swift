import ArgumentParser
import DocBrowserReports
import DocKit
import Foundation

struct TrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "List the Trash, put items back, or empty it.",
        discussion: """
        The Trash is the freedesktop.org one, $XDG_DATA_HOME/Trash, which 'delete' fills and \
        file managers, gio trash and trash-cli share: what any of them trashed is listed and \
        restored here, and what is restored or removed here leaves their lists too.
        """,
        subcommands: [TrashList.self, TrashRestore.self, TrashEmpty.self],
        defaultSubcommand: TrashList.self
    )
}

struct TrashList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List what is in the Trash, newest first: its name there, where it was, when it was trashed, and its size."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = CommandContext(global)
        // Newest first across them all, as each Trash lists its own.
        let items = try context.library.trashes().flatMap { try $0.items() }.sorted(by: TrashedItem.newestFirst)
        try context.output.result(items.map(TrashItemReport.init)) { text in
            guard !items.isEmpty else { return text.confirmation("The Trash is empty") }
            var table = Table("NAME", "DELETED", "SIZE", "ORIGINAL PATH")
            for item in items {
                table.append([item.name.description, Formatting.date(item.info.deletionDate), Formatting.size(item.size), item.info.originalPath.description])
            }
            text.table(table)
        }
    }
}

struct TrashRestore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put items from the Trash back where they were.",
        discussion: """
        An item is named by its name in the Trash (the NAME column of 'trash'), by the path it \
        had, or by that path's last part when only one item had it. With --json, each event \
        is one JSON line.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Items: names in the Trash, or the paths they had.")
    var items: [String]

    @Option(name: .long, help: ArgumentHelp("Put them in this folder instead of where they were.", valueName: "FOLDER"), completion: .directory)
    var to: String?

    @Option(name: .long, help: "When the name is taken there: fail, rename (\"Name 2.ext\") or replace (the old one goes to the Trash).")
    var onConflict: ConflictPolicy = .fail

    struct Event: Encodable {
        var event: String
        var name: String
        var originalPath: String
        var path: String
        var displacedTrashName: String?
    }

    func run() throws {
        let context = CommandContext(global)
        // Opening the catalog finishes or undoes what a killed restore left.
        _ = try context.documentCatalog()
        let restorer = TrashRestorer(home: context.home, trash: context.trash)
        let trashes = try context.library.trashes()
        let folder = to.map { RawPath(argument: $0) }
        var failures = FailureCollector()
        for argument in items {
            do {
                let item = try TrashItemArgument.resolve(argument, in: trashes)
                let result = try restorer.restore(item, to: folder, onConflict: onConflict)
                try context.output.event(Event(event: "restored", name: item.name.description, originalPath: item.info.originalPath.description,
                                               path: result.destination.description, displacedTrashName: result.displacedTrashName?.description)) { form in
                    form.confirmation("Restored \(result.destination)")
                }
            } catch {
                failures.record(error, output: context.output)
            }
        }
        try failures.finish()
    }
}

struct TrashEmpty: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "empty",
        abstract: "Remove what is in the Trash for good.",
        discussion: "With --older-than, only what was trashed longer ago than that: 30d, 12h, 2w, 90m."
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Only items trashed longer ago than this.", valueName: "DURATION"))
    var olderThan: TrashAge?

    struct Report: Encodable {
        var items: [TrashItemReport]
        var size: Int64
    }

    func run() throws {
        let context = CommandContext(global)
        _ = try context.documentCatalog()
        let cutoff = olderThan.map { Date(timeIntervalSinceNow: -$0.seconds) }
        let removed = try context.library.trashes().flatMap { try TrashEmptier(trash: $0).empty(trashedBefore: cutoff) }
        let size = removed.reduce(0) { $0 + $1.size }
        try context.output.confirmation(Report(items: removed.map(TrashItemReport.init), size: size)) {
            removed.isEmpty ? "Nothing to remove" : "Removed \(removed.count) \(removed.count == 1 ? "item" : "items") (\(Formatting.size(size))) from the Trash"
        }
    }
}

/// `--older-than`'s value: a whole number and a unit (m, h, d or w).
struct TrashAge: ExpressibleByArgument {
    var seconds: Double

    init?(argument: String) {
        let units: [Character: Double] = ["m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
        guard let unit = argument.last.flatMap({ units[$0] }), let count = Int(argument.dropLast()), count >= 0 else { return nil }
        seconds = Double(count) * unit
    }
}
