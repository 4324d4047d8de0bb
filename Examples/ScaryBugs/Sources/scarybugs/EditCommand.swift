import ArgumentParser
import Foundation
import ScaryBugsKit

struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a bug's title, rating or picture, and save it.")

    @OptionGroup var shelf: ShelfOptions

    @Argument(help: "The bug, by name or path.")
    var bug: String

    @Option(help: "Its new title.")
    var title: String?

    @Option(help: "Its new rating, 0 to 5.")
    var rating: Int?

    @Option(help: ArgumentHelp("Its new picture.", valueName: "file"))
    var image: String?

    func validate() throws {
        if let rating, !ScaryBug.scariness.contains(rating) { throw ValidationError("--rating: from 0 to 5") }
        if title == nil, rating == nil, image == nil { throw ValidationError("Give --title, --rating or --image.") }
    }

    func run() async throws {
        try await reportingFailure {
            let document = try await shelf.shelf.openBug(bug)
            let (title, rating) = (title, rating)
            await document.edit { bug in
                if let title { bug.title = title }
                if let rating { bug.rating = rating }
            }
            if let image { await document.setImage(try BugImage(contentsOf: URL(fileURLWithPath: image))) }
            try await document.document.close()
            say("Saved \(document.document.path.lastComponent): \(summary(of: await document.bug, image: await document.contents.image))")
        }
    }
}
