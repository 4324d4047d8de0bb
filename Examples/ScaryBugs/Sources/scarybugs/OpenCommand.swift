import ArgumentParser
import DocKit
import Foundation
import ScaryBugsKit

struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a bug, as 'docbrowser open' does, and edit it from standard input until it ends.",
        discussion: """
        Each line is a command: 'title TEXT', 'rating N', 'image FILE', 'save', 'revert', 'show' \
        or 'close'. Changes are autosaved every --autosave seconds and saved on close. While the \
        bug is open, docbrowser refuses to move, rename or delete it, naming this app and its pid; \
        what other processes do to it, and conflicts a sync engine leaves, are said as they happen.
        """
    )

    @OptionGroup var shelf: ShelfOptions

    @Argument(help: "The bug, by name or path.")
    var bug: String

    func run() async throws {
        try await reportingFailure {
            let document = try await shelf.shelf.openBug(bug)
            let name = document.document.path.lastComponent.description
            say("Opened \(name): \(summary(of: await document.bug, image: await document.contents.image))")
            let reports = [
                Task {
                    for await state in await document.document.stateChanges() { say("state: \(Self.describe(state))") }
                },
                Task {
                    for await change in await document.document.externalChanges() {
                        say(change == .modified ? "changed by another process: 'revert' takes the change, 'save' overwrites it" : "removed by another process")
                    }
                },
            ]
            defer { reports.forEach { $0.cancel() } }
            for await line in StandardInput.lines() {
                let words = line.split(separator: " ", maxSplits: 1).map(String.init)
                guard let verb = words.first else { continue }
                if verb == "close" { break }
                do {
                    try await Self.perform(verb, words.count > 1 ? words[1] : nil, on: document)
                } catch {
                    say("error: \(error)")
                }
            }
            try await document.document.close()
            say("Closed \(name)")
        }
    }

    private static func perform(_ verb: String, _ argument: String?, on document: BugDocument) async throws {
        switch (verb, argument) {
        case ("title", let title?):
            await document.edit { $0.title = title }
            say("edited: unsaved changes")
        case ("rating", let text?):
            guard let rating = Int(text), ScaryBug.scariness.contains(rating) else { return say("error: a rating is from 0 to 5") }
            await document.edit { $0.rating = rating }
            say("edited: unsaved changes")
        case ("image", let file?):
            await document.setImage(try BugImage(contentsOf: URL(fileURLWithPath: file)))
            say("edited: unsaved changes")
        case ("save", nil):
            try await document.document.save()
            say("saved")
        case ("revert", nil):
            try await document.document.revert()
            say("reverted: \(summary(of: await document.bug, image: await document.contents.image))")
        case ("show", nil):
            let unsaved = await document.document.hasUnsavedChanges ? ", unsaved changes" : ""
            say("\(summary(of: await document.bug, image: await document.contents.image))\(unsaved)")
        default:
            say("error: '\(verb)': commands are title TEXT, rating N, image FILE, save, revert, show and close")
        }
    }

    static func describe(_ state: EditableDocument.State) -> String {
        let names: [(EditableDocument.State, String)] = [
            (.closed, "closed"), (.inConflict, "inConflict"), (.savingError, "savingError"), (.editingDisabled, "editingDisabled"),
        ]
        let set = names.filter { state.contains($0.0) }.map(\.1)
        return set.isEmpty ? "normal" : set.joined(separator: ", ")
    }
}
