@testable import DocKit
import Foundation
import Testing

@Suite("ConflictResolver plans")
struct ConflictResolverTests {
    private func setDate(_ url: URL, _ seconds: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: url.path)
    }

    private func resolver(_ home: TestHome) throws -> ConflictResolver {
        ConflictResolver(catalog: try home.catalog(), trash: Trash(directory: RawPath(home.directory.url.appending(path: "Trash"))))
    }

    @Test("newest keeps the version written last, a copy when it is newer than the current file")
    func newest() throws {
        let home = try TestHome("resolver")
        try setDate(try home.write("current", to: "Notes.txt"), 1_000)
        try setDate(try home.write("later", to: "Notes (conflicted copy 2026-11-01 101010).txt"), 3_000)
        try setDate(try home.write("earlier", to: "Notes.conflict2.txt"), 2_000)
        let resolver = try resolver(home)
        let plan = try resolver.plan(try resolver.catalog.resolve("Notes.txt"), keeping: .newest)
        #expect(plan.kept?.name == "Notes (conflicted copy 2026-11-01 101010).txt")
        #expect(plan.trashed.map(\.number).sorted() == [0, 1])
        try resolver.resolve(try resolver.catalog.resolve("Notes.txt"), keeping: .newest)
        #expect(try home.contents("Notes.txt") == "later")
        #expect(try DirectoryReader.names(in: home.documentsDirectory(.local)).map(\.description) == ["Notes.txt"])
    }

    @Test("all names each copy after its place among the versions: the current one is the first, or, without one, the first copy")
    func allNames() throws {
        let home = try TestHome("resolver")
        try setDate(try home.write("a", to: "Plan.md..path1"), 1_000)
        try setDate(try home.write("b", to: "Plan.md..path2"), 2_000)
        try setDate(try home.write("x", to: "Report.txt"), 1_000)
        try setDate(try home.write("y", to: "Report.txt..path1"), 2_000)
        // "Report (version 2).txt" is taken by a document of the user's.
        try home.write("mine", to: "Report (version 2).txt")
        let resolver = try resolver(home)
        let sides = try resolver.plan(try resolver.catalog.resolve("Plan.md"), keeping: .all)
        #expect(sides.kept?.name == "Plan.md..path1")
        #expect(sides.separated.map(\.name.description) == ["Plan (version 2).md"])
        let report = try resolver.plan(try resolver.catalog.resolve("Report.txt"), keeping: .all)
        #expect(report.kept?.isCurrent == true)
        #expect(report.separated.map(\.name.description) == ["Report (version 3).txt"])
        #expect(report.trashed.isEmpty)
    }

    @Test("a number that names no version is refused, naming how many there are")
    func noSuchVersion() throws {
        let home = try TestHome("resolver")
        try home.write("x", to: "Report.txt")
        try home.write("y", to: "Report.txt..path1")
        let resolver = try resolver(home)
        #expect(throws: DocKitError(VersionsError.noSuchVersion(document: "local:Report.txt", number: 2, count: 1))) {
            try resolver.resolve(try resolver.catalog.resolve("Report.txt"), keeping: .version(2))
        }
        #expect(home.exists("Report.txt..path1"))
    }
}
