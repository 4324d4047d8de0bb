import DocKit
import Foundation
import ScaryBugsKit
import Testing

/// `kill -9` at any instant of an app's save leaves the bug as it was or
/// as it was being saved, whole, under its name; what the killed save left
/// is hidden, and swept once it is old.
@Suite("A save killed at any instant, in the Scary Bugs app")
struct KilledSaveEndToEndTests {
    static let before = ScaryBug(title: "Ladybug", rating: 2)
    static let after = ScaryBug(title: "Ladybug", rating: 5)

    private func sandboxWithABug() async throws -> AppSandbox {
        let sandbox = try AppSandbox()
        #expect(try await sandbox.scarybugs("register").status == 0)
        let picture = try sandbox.write(ShelfFixture.picture(9).data, to: "ladybug.png")
        let made = try await sandbox.scarybugs("new", "Ladybug", "--rating", "2", "--image", picture.path)
        #expect(made.status == 0, "\(made)")
        return sandbox
    }

    private var documents: (AppSandbox) -> URL { { $0.home.appending(path: "Documents") } }

    /// The bug reads whole, one of the two versions, and docbrowser lists
    /// it alone: no temporary shows.
    private func expectWhole(_ sandbox: AppSandbox, oneOf versions: Set<ScaryBug>, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let package = RawPath(documents(sandbox).appending(path: "Ladybug.scarybug"))
        let bug = try ShelfFixture.bug(at: package)
        #expect(versions.contains(bug), "the bug is \(bug)", sourceLocation: sourceLocation)
        let picture = try Data(contentsOf: package.url.appending(path: "Image.png"))
        #expect(picture == ShelfFixture.picture(9).data, "the picture is whole", sourceLocation: sourceLocation)
        let listed = try await sandbox.docbrowser("list")
        #expect(listed.status == 0 && listed.standardOutput.split(separator: "\n").count == 2, "one document, and no temporary: \(listed)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [("save-written", before), ("save-placed", after)])
    func aKillAtEachStepLeavesOneWholeVersion(_ step: String, _ expected: ScaryBug) async throws {
        let sandbox = try await sandboxWithABug()
        let killed = try await sandbox.scarybugs(["edit", "Ladybug", "--rating", "5"], environment: ["DOCBROWSER_TEST_CRASH_AT": step])
        #expect(killed.status == 137, "the save reached \(step) and died there: \(killed)")
        try await expectWhole(sandbox, oneOf: [expected])
        let shown = try await sandbox.scarybugs("show", "Ladybug")
        #expect(shown.status == 0 && shown.standardOutput.hasPrefix("Ladybug: \(expected.stars)"), "\(shown)")

        // What the killed save left is hidden, and the sweep takes it once
        // it is old enough that no live save can own it.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: documents(sandbox).path).filter { $0.hasPrefix(FileSystem.temporaryPrefix) }
        #expect(leftovers.count == 1, "\(leftovers)")
        for name in leftovers {
            let aged = try await sandbox.tool("touch", "-h", "-d", "2 hours ago", documents(sandbox).appending(path: name).path)
            #expect(aged.status == 0)
        }
        #expect(try await sandbox.docbrowser("list").status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: documents(sandbox).path) == ["Ladybug.scarybug"])
    }

    @Test func killsAtRandomInstantsNeverLeaveAHalfWrittenBug() async throws {
        let sandbox = try await sandboxWithABug()
        var instants = KillInstants(startingAt: 0.3)
        var current = Self.before
        for round in 0..<16 {
            let next = ScaryBug(title: "Ladybug", rating: round % 2 == 0 ? 5 : 2)
            let delay = instants.next()
            let run = try await sandbox.scarybugs(["edit", "Ladybug", "--rating", String(next.rating)], killedAfter: delay)
            instants.record(run.status, killedAfter: delay)
            try await expectWhole(sandbox, oneOf: [current, next])
            current = try ShelfFixture.bug(at: RawPath(documents(sandbox).appending(path: "Ladybug.scarybug")))
        }
        #expect(instants.landed > 0, "at least one kill landed mid-run")
    }
}

/// Random kill instants that follow how long a run takes on this machine:
/// a run that finished lowers the latest instant, a run cut short raises
/// it, so kills keep landing mid-save on a fast machine and a slow one.
struct KillInstants {
    private var ceiling: Double
    private(set) var landed = 0

    init(startingAt ceiling: Double) {
        self.ceiling = ceiling
    }

    func next() -> Double {
        Double.random(in: 0.005...max(0.006, ceiling))
    }

    mutating func record(_ status: Int32, killedAfter delay: Double) {
        if status == 137 {
            landed += 1
            ceiling = min(3, ceiling * 1.2)
        } else {
            ceiling = delay * 0.8
        }
    }
}
