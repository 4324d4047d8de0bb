import DocKit
import Foundation
import ScaryBugsKit
import Testing

/// A docbrowser home of its own, with a Trash of its own, removed when
/// the fixture goes away.
final class ShelfFixture: Sendable {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appending(path: "ScaryBugsTests-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    var home: Home { Home(url: root.appending(path: "home", directoryHint: .isDirectory)) }
    var trash: URL { root.appending(path: "Trash", directoryHint: .isDirectory) }

    func shelf(autosave: Duration = .seconds(60)) -> BugShelf {
        BugShelf(home: home, trash: Trash(directory: RawPath(trash)), environment: ProcessInfo.processInfo.environment, autosaveInterval: autosave)
    }

    /// A picture's bytes: PNG's signature, then bytes that differ by `seed`.
    static func picture(_ seed: UInt8 = 1) -> BugImage {
        BugImage(filenameExtension: "png", data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<64).map { $0 &* seed }))
    }

    static func bug(at package: RawPath) throws -> ScaryBug {
        try ScaryBug(propertyList: Data(contentsOf: package.url.appending(path: BugPackage.propertyListName)))
    }

    static func inode(_ url: URL) throws -> UInt64 {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64)
    }

    /// Waits for `condition`, failing the test after a minute: a slow
    /// machine is slow, not wrong.
    static func waitUntil(_ what: String, _ condition: () async throws -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<600 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("never: \(what)", sourceLocation: sourceLocation)
    }
}
