import DocKit
import DocKitTesting
import Foundation
import Testing

/// The samples of Archives.md, through the real archiver.
@Suite("Archives samples")
struct ArchivesSamplesTests {
    @Test func exportReproduciblyThenImportWithinLimits() async throws {
        let home = try TemporaryHome()
        try home.write("Buy milk", to: "Groceries.txt")
        try home.write("Passport", to: "Packing.txt")
        let library = home.library
        let documents = try await library.documents()
        let archive = RawPath(home.url.appending(path: "Notes.tar.gz"))
        var notices: [String] = []
        func notify(_ notice: String) { notices.append(notice) }

        let options = ArchiveExporter.Options(format: .tarGzip, level: 9, reproducible: true)
        let summary = try await library.exporter().export(documents.map(\.path), to: archive, options: options)

        let download = archive
        let limits = ArchiveExtractor.Limits(entries: 1_000, bytes: 100 << 20, ratio: 100)
        let result = try await library.importer(limits: limits).importFiles([download], to: .local, onConflict: .rename)
        for item in result.items where item.renamed {
            notify("\(item.source) was imported as \(item.document)")
        }

        #expect([summary.format, String(summary.entries), String(summary.bytes)] == ["tar.gz", "2", "16"])
        let path = archive.description
        #expect(notices == ["\(path) was imported as local:Groceries 2.txt", "\(path) was imported as local:Packing 2.txt"])
        #expect(try home.text(of: "Packing 2.txt") == "Passport")

        // The same documents give the same bytes.
        let again = RawPath(home.url.appending(path: "Again.tar.gz"))
        _ = try await library.exporter().export(documents.map(\.path), to: again, options: options)
        #expect(try Data(contentsOf: again.url) == Data(contentsOf: archive.url))

        // Past a limit, nothing is imported.
        await #expect(throws: DocKitError.self) {
            try await library.importer(limits: ArchiveExtractor.Limits(entries: 1)).importFiles([download], to: .local, onConflict: .rename)
        }
        #expect(try await library.documents().count == 4)
    }
}
