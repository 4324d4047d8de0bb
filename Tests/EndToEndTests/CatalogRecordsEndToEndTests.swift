import Foundation
import Subprocess
import Testing

/// The catalog keeps each document as one record (`CatalogRecord`). It is
/// a cache: a damaged record, or a file of the first layout, must give the
/// listing a user would get from a home never listed, and be made again.
@Suite("the catalog's records, as the launcher reads and writes them")
struct CatalogRecordsEndToEndTests {
    private static let files = [
        "home/Documents/Notes.txt": "notes",
        "home/Documents/Café – ünïcödé.txt": "café",
        "home/Documents/Report.pdf": "%PDF-1.7\n",
    ]

    private static func listedHome() async throws -> (sandbox: Sandbox, listing: String) {
        let sandbox = try Sandbox()
        for (path, text) in files { _ = try sandbox.write(text, to: path) }
        // Past the racy window, so that the rows are trusted as written:
        // a row is then made again only because it cannot be read.
        try await Task.sleep(for: .seconds(2.5))
        let listed = try await sandbox.run("list", "--json")
        #expect(listed.status == 0, "\(listed)")
        return (sandbox, listed.standardOutput)
    }

    /// Runs `script` with Python's sqlite3 on the home's local catalog,
    /// as `db`; what it prints is returned.
    @discardableResult
    private static func sqlite(_ script: String, in sandbox: Sandbox) async throws -> String {
        let database = sandbox.home.appending(path: "Library/Catalog/local.sqlite").path
        let result = try await Subprocess.run(
            .name("python3"), arguments: ["-c", "import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1])\n" + script + "\ndb.commit()\ndb.close()", database],
            output: .string(limit: 1 << 20), error: .string(limit: 1 << 20)
        )
        #expect(result.terminationStatus.isSuccess, "python3: \(result.standardError)")
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("damaged records (another version, cut short, a byte too many) list as the files are, on one clean run, and are written again")
    func damagedRecordsAreMadeAgain() async throws {
        let (sandbox, listing) = try await Self.listedHome()
        try await Self.sqlite("""
            rows = db.execute("SELECT relativePath, record FROM catalogRecord ORDER BY relativePath").fetchall()
            assert len(rows) == 3, rows
            damaged = [b"\\xff" + rows[0][1][1:], rows[1][1][:-1], rows[2][1] + b"\\x00"]
            for (path, _), record in zip(rows, damaged):
                db.execute("UPDATE catalogRecord SET record = ? WHERE relativePath = ?", (record, path))
            """, in: sandbox)

        let again = try await sandbox.run("list", "--json")
        #expect(again.status == 0 && again.standardError.isEmpty, "\(again)")
        #expect(again.standardOutput == listing)
        let info = try await sandbox.run("info", "Report.pdf")
        #expect(info.status == 0 && info.standardOutput.contains("com.adobe.pdf"), "\(info)")
        // Each row is a record of this version again, ending where it should.
        let versions = try await Self.sqlite("""
            print(sorted(record[0] for (record,) in db.execute("SELECT record FROM catalogRecord")))
            """, in: sandbox)
        #expect(versions == "[1, 1, 1]")
    }

    @Test("a catalog of the first, sixteen-column layout lists as the files are; its records are made in their own table and the old one is left empty")
    func theFirstLayoutIsReplaced() async throws {
        let (sandbox, listing) = try await Self.listedHome()
        try await Self.sqlite("""
            db.execute("DROP TABLE catalogRecord")
            db.execute("DELETE FROM grdb_migrations WHERE identifier LIKE 'v2:%'")
            db.execute("INSERT INTO catalogEntry VALUES (?, 'Gone.txt', 'Gone', 'public.plain-text', 1, 1, 0, '', 'regular', 1, 1, 1, 1, 1, 33188, NULL)", (b"Gone.txt",))
            """, in: sandbox)

        let again = try await sandbox.run("list", "--json")
        #expect(again.status == 0 && again.standardError.isEmpty, "\(again)")
        #expect(again.standardOutput == listing)
        let tables = try await Self.sqlite("""
            print(db.execute("SELECT count(*) FROM catalogRecord").fetchone()[0], db.execute("SELECT count(*) FROM catalogEntry").fetchone()[0])
            """, in: sandbox)
        #expect(tables == "3 0")
    }
}
