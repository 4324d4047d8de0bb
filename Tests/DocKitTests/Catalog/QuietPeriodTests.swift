import Foundation
import Testing
@testable import DocKit

/// The quiet period: a cloud document something in which changed moments
/// ago is incomplete, in listings and in every mutation's check alike.
/// Periods here are either far longer than a test runs (600 s), so that
/// "just now" holds however slow the machine, or short ones that are
/// waited out in full; nothing asserts how long anything took.
@Suite("QuietPeriod")
struct QuietPeriodTests {
    /// The document's states as a full listing, a recursive one and a
    /// lookup by name each give them.
    static func states(of name: String, in home: TestHome) throws -> [[DocumentState]] {
        let catalog = try home.catalog()
        let listed = try catalog.scanner.scan(.cloud).first { $0.name == name }
        let recursive = try catalog.scanner.scan(.cloud, recursive: true).first { $0.relativePath == RawPath(name) }
        let resolved = try catalog.resolve("cloud:\(name)")
        return [try #require(listed).stateList, try #require(recursive).stateList, resolved.stateList]
    }

    static func setQuietSeconds(_ value: String, in home: TestHome) throws {
        try ConfigurationFile(home: home.home).update { configuration throws(DocKitError) in
            try configuration.set(.cloudQuietSeconds, to: value)
        }
    }

    @Test("a package whose inner file changed just now is listed incomplete and refused, with how long ago; once quiet, neither")
    func innerChange() async throws {
        let home = try TestHome("quiet", quietSeconds: "600")
        try home.write("index", to: "Deck.key/Index.zip", in: .cloud)
        try home.write("slide", to: "Deck.key/Data/slide-1.png", in: .cloud)
        #expect(try Self.states(of: "Deck.key", in: home) == [[.incomplete], [.incomplete], [.incomplete]])
        let deck = try await home.catalog().resolve("cloud:Deck.key")
        let error = try #require(throws: DocKitError.self) {
            try SyncActivity.refuseIfIncomplete(deck, force: false, quietPeriod: home.catalog().quietPeriod)
        }
        guard case .recentlyChanged(let document, let ago)? = error.failure(as: CoordinationError.self) else {
            Issue.record("expected recentlyChanged, got \(error)")
            return
        }
        #expect(document == "cloud:Deck.key")
        #expect(ago < .seconds(600))
        #expect(error.description.wholeMatch(of: /cloud:Deck\.key: incomplete: changed \d+ ms ago; may still be syncing/) != nil, "\(error)")

        try Self.setQuietSeconds("0.2", in: home)
        try await Task.sleep(for: .milliseconds(400))
        #expect(try Self.states(of: "Deck.key", in: home) == [[.normal], [.normal], [.normal]])
        try SyncActivity.refuseIfIncomplete(try await home.catalog().resolve("cloud:Deck.key"), force: false, quietPeriod: home.catalog().quietPeriod)
    }

    @Test("a package whose only recent change is deep inside it is judged by that change, as the catalog keeps it")
    func deepChangeCounts() async throws {
        let home = try TestHome("quiet-deep", quietSeconds: "600")
        try home.write("index", to: "Deck.key/Index.zip", in: .cloud)
        try home.directory("Deck.key/Data", in: .cloud)
        try await Task.sleep(for: .milliseconds(50))
        try home.write("slide", to: "Deck.key/Data/slide-1.png", in: .cloud)
        let root = try #require(try FileStatus.of(home.path("Deck.key", in: .cloud)))
        let slide = try #require(try FileStatus.of(home.path("Deck.key/Data/slide-1.png", in: .cloud)))
        #expect(slide.changeTime > root.changeTime)

        let contents = try PackageContents.walk(home.path("Deck.key", in: .cloud))
        #expect(contents.latestChangeTime == slide.changeTime)
        // A period as long as the gap between the two changes, however long
        // a loaded machine made it: the root alone is then quiet a moment
        // after the slide changed, and the slide is not.
        let gap = slide.changeTime - root.changeTime
        let period = QuietPeriod(length: .nanoseconds(gap))
        let justAfterTheSlide = slide.changeTime + 1_000_000
        #expect(period.changedAgo(in: .cloud, status: root, package: nil, now: justAfterTheSlide) == nil)
        #expect(period.changedAgo(in: .cloud, status: root, package: contents, now: justAfterTheSlide) == .nanoseconds(1_000_000))
        #expect(period.changedAgo(in: .cloud, status: root, package: contents, now: slide.changeTime + gap) == nil)

        // The listing takes the time from the catalog's record of the package.
        _ = try home.catalog().scanner.scan(.cloud)
        let stored = try #require(try home.catalogEntries(.cloud)[RawPath("Deck.key")]?.package)
        #expect(stored.latestChangeTime == slide.changeTime)
    }

    @Test("an empty package folder that just appeared is incomplete")
    func emptyPackage() throws {
        let home = try TestHome("quiet-empty", quietSeconds: "600")
        try home.directory("Deck.key", in: .cloud)
        #expect(try Self.states(of: "Deck.key", in: home) == [[.incomplete], [.incomplete], [.incomplete]])
        let deck = try home.catalog().resolve("cloud:Deck.key")
        #expect(deck.size == 0)
        #expect(throws: DocKitError.self) { try SyncActivity.refuseIfIncomplete(deck, force: false, quietPeriod: home.catalog().quietPeriod) }
    }

    @Test("force skips the rule")
    func forced() throws {
        let home = try TestHome("quiet-force", quietSeconds: "600")
        try home.write("text", to: "Notes.txt", in: .cloud)
        let notes = try home.catalog().resolve("cloud:Notes.txt")
        #expect(notes.stateList == [.incomplete])
        #expect(throws: DocKitError.self) { try SyncActivity.refuseIfIncomplete(notes, force: false, quietPeriod: home.catalog().quietPeriod) }
        try SyncActivity.refuseIfIncomplete(notes, force: true, quietPeriod: home.catalog().quietPeriod)
    }

    @Test("local documents and a period of 0 are never held back")
    func localAndOff() throws {
        let home = try TestHome("quiet-local", quietSeconds: "600")
        try home.write("text", to: "Notes.txt", in: .local)
        try home.write("index", to: "Deck.key/Index.zip", in: .local)
        let catalog = try home.catalog()
        for name in ["local:Notes.txt", "local:Deck.key"] {
            let document = try catalog.resolve(name)
            #expect(document.stateList == [.normal], "\(name)")
            try SyncActivity.refuseIfIncomplete(document, force: false, quietPeriod: catalog.quietPeriod)
        }

        let off = try TestHome("quiet-off", quietSeconds: "0")
        try off.write("index", to: "Deck.key/Index.zip", in: .cloud)
        let deck = try off.catalog().resolve("cloud:Deck.key")
        #expect(deck.stateList == [.normal])
        try SyncActivity.refuseIfIncomplete(deck, force: false, quietPeriod: off.catalog().quietPeriod)
    }

    @Test("a change time ahead of the clock (the clock set back) holds nothing back")
    func clockSetBack() throws {
        let status = FileStatus(kind: .regular, size: 1, modificationTime: 0, changeTime: 10_000_000_000, inode: 1, device: 1, mode: 0o100644)
        let period = QuietPeriod.standard
        #expect(period.changedAgo(in: .cloud, status: status, package: nil, now: 5_000_000_000) == nil)
        #expect(period.changedAgo(in: .cloud, status: status, package: nil, now: 10_000_000_000) == .zero)
        #expect(period.changedAgo(in: .cloud, status: status, package: nil, now: 12_999_999_999) == .nanoseconds(2_999_999_999))
        #expect(period.changedAgo(in: .cloud, status: status, package: nil, now: 13_000_000_000) == nil)
    }

    @Test("cloud.quiet-seconds takes seconds from 0 to an hour, and nothing else", arguments: [
        ("3", "3"), ("0", "0"), ("0.5", "0.5"), ("3600", "3600"), ("007", "7"), ("1.", "1"),
    ])
    func settingAccepted(value: String, shown: String) throws {
        var configuration = Configuration()
        try configuration.set(.cloudQuietSeconds, to: value)
        #expect(configuration.quietPeriod.seconds == shown)
        #expect(configuration.effectiveValue(of: .cloudQuietSeconds, home: Home(url: URL(fileURLWithPath: "/h"))) == shown)
    }

    @Test("hostile values of cloud.quiet-seconds are refused, naming the key", arguments: [
        "", "-1", "3601", "inf", "nan", "1e3", "0x10", ".", "1.2.3", " 3", "3 ", "+3", "３", "99999999999999999999",
    ])
    func settingRefused(value: String) throws {
        var configuration = Configuration()
        let error = try #require(throws: DocKitError.self) { try configuration.set(.cloudQuietSeconds, to: value) }
        #expect(error == DocKitError(ConfigurationError.invalidValue(key: "cloud.quiet-seconds", value: value, reason: "must be a number of seconds from 0 to 3600, such as 3 or 0.5")))
        #expect(configuration.quietPeriod == .standard)
    }

    @Test("unset, the period is the standard three seconds")
    func standard() {
        #expect(Configuration().quietPeriod == QuietPeriod(length: .seconds(3)))
        #expect(Configuration().effectiveValue(of: .cloudQuietSeconds, home: Home(url: URL(fileURLWithPath: "/h"))) == "3")
    }
}
