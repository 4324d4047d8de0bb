import DocBrowserReports
import DocBrowserWeb
import DocKit
import Foundation
import HTTPTypes
import Hummingbird
import Testing

/// The API's endpoints, each a thin call into DocKit, answering in
/// docs/JSON.md's words; bad input is a 4xx with a JSON error, never a 500.
@Suite struct WebAPITests {
    static func id(_ relativePath: String, in location: Location = .local) -> String {
        DocumentIdentifier.make(location: location, relativePath: RawPath(relativePath))
    }

    @Test func theListingFiltersByLocationFolderKindAndState() async throws {
        let fixture = try WebFixture()
        try fixture.write("a", to: "Notes.txt")
        try fixture.write("b", to: "Trip/Plan.txt")
        try fixture.write("{}", to: "Trip/data.json")
        try fixture.write("c", to: "Deck.txt", in: .cloud)
        try fixture.write("theirs", to: "Deck.sync-conflict-20261122-120303-JZLXCF2.txt", in: .cloud)
        try await fixture.withServer { client in
            let session = try await client.login()
            func names(_ query: String) async throws -> [String] {
                let response = try await client.get("/api/documents" + query, session)
                #expect(response.status == .ok, "\(query): \(response.text)")
                return ((response.json as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
            }
            #expect(try await names("") == ["Deck.txt", "Notes.txt", "Trip"])
            #expect(try await names("?location=cloud") == ["Deck.txt"])
            #expect(try await names("?folder=Trip") == ["data.json", "Plan.txt"])
            #expect(try await names("?folder=Trip&kind=public.json") == ["data.json"])
            #expect(try await names("?state=inConflict") == ["Deck.txt"])
            #expect(try await names("?sort=name&reverse=true") == ["Trip", "Notes.txt", "Deck.txt"])
            for bad in ["?location=moon", "?sort=colour", "?kind=no.such.type", "?state=happy", "?folder=../..", "?folder=/etc", "?reverse=maybe"] {
                let response = try await client.get("/api/documents" + bad, session)
                #expect(response.status == .badRequest, "\(bad)")
                #expect(response.errorCode == "invalidInput", "\(bad)")
            }
        }
    }

    @Test func oneDocumentAndItsPreview() async throws {
        let fixture = try WebFixture()
        try fixture.write("line one\nline two\n", to: "Notes.txt")
        try await fixture.withServer { client in
            let session = try await client.login()
            let document = try await client.get("/api/documents/\(Self.id("Notes.txt"))", session)
            #expect((document.json as? [String: Any])?["id"] as? String == Self.id("Notes.txt"))
            #expect((document.json as? [String: Any])?["kind"] as? String == "plain text")
            let preview = try await client.get("/api/documents/\(Self.id("Notes.txt"))/preview", session)
            let first = (preview.json as? [[String: Any]])?.first
            #expect(first?["presentation"] as? String == "text")
            #expect(first?["text"] as? [String] == ["line one", "line two"])
        }
    }

    @Test func moveRenameDeleteAndPutBack() async throws {
        let fixture = try WebFixture()
        try fixture.write("a", to: "Notes.txt")
        try await fixture.withServer { client in
            let session = try await client.login()
            let moved = try await client.post("/api/documents/\(Self.id("Notes.txt"))/move", session, body: #"{"location": "cloud"}"#)
            #expect(moved.status == .ok, "\(moved.text)")
            #expect((moved.json as? [String: Any])?["id"] as? String == Self.id("Notes.txt", in: .cloud))
            let renamed = try await client.post("/api/documents/\(Self.id("Notes.txt", in: .cloud))/rename", session, body: #"{"name": "Memo.txt"}"#)
            #expect((renamed.json as? [String: Any])?["name"] as? String == "Memo.txt", "\(renamed.text)")
            let deleted = try await client.request(.delete, "/api/documents/\(Self.id("Memo.txt", in: .cloud))",
                                                  headers: [.cookie: session.cookie, HTTPField.Name("X-CSRF-Token")!: session.csrfToken])
            #expect(deleted.status == .ok, "\(deleted.text)")
            let trashName = try #require((deleted.json as? [String: Any])?["trashName"] as? String)
            let trash = try await client.get("/api/trash", session)
            #expect((trash.json as? [[String: Any]])?.map { $0["name"] as? String } == [trashName])
            let restored = try await client.post("/api/trash/\(trashName.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)/restore", session)
            #expect(restored.status == .ok, "\(restored.text)")
            #expect(FileManager.default.fileExists(atPath: fixture.documentsPath(.cloud).appending(path: "Memo.txt").path))
            // What the catalog refuses is said with its status.
            try fixture.write("b", to: "Other.txt", in: .cloud)
            let taken = try await client.post("/api/documents/\(Self.id("Other.txt", in: .cloud))/rename", session, body: #"{"name": "Memo.txt"}"#)
            #expect(taken.status == .conflict, "\(taken.text)")
            #expect(try await client.post("/api/trash/nothing/restore", session).status == .notFound)
            #expect(try await client.post("/api/trash/..%2F..%2Fetc/restore", session).status == .notFound)
        }
    }

    @Test func malformedBodiesAreBadRequests() async throws {
        let fixture = try WebFixture()
        try fixture.write("a", to: "Notes.txt")
        try await fixture.withServer { client in
            let session = try await client.login()
            for (path, body) in [("move", "not json"), ("move", #"{"location": "moon"}"#), ("move", "[]"), ("rename", "{}"), ("resolve", #"{"keep": 3}"#)] {
                let response = try await client.post("/api/documents/\(Self.id("Notes.txt"))/\(path)", session, body: body)
                #expect(response.status == .badRequest, "\(path) \(body): \(response.text)")
                #expect(response.errorCode == "invalidInput")
            }
            #expect(try await client.post("/api/export", session, body: #"{"ids": []}"#).status == .badRequest)
            #expect(try await client.post("/api/export", session, body: #"{"ids": ["bm9uZQ"]}"#).status == .notFound)
        }
    }

    @Test func versionsAndResolve() async throws {
        let fixture = try WebFixture()
        try fixture.write("mine", to: "Deck.txt", in: .cloud)
        try fixture.write("theirs", to: "Deck.sync-conflict-20261122-120303-JZLXCF2.txt", in: .cloud)
        try await fixture.withServer { client in
            let session = try await client.login()
            let id = Self.id("Deck.txt", in: .cloud)
            let versions = try await client.get("/api/documents/\(id)/versions", session)
            let object = versions.json as? [String: Any]
            #expect(object?["resolved"] as? Bool == false)
            #expect((object?["conflicts"] as? [[String: Any]])?.count == 1)
            let resolved = try await client.post("/api/documents/\(id)/resolve", session, body: #"{"keep": "1"}"#)
            #expect(resolved.status == .ok, "\(resolved.text)")
            #expect(((resolved.json as? [String: Any])?["kept"] as? [String: Any])?["number"] as? Int == 1)
        }
        #expect(try String(contentsOf: fixture.documentsPath(.cloud).appending(path: "Deck.txt"), encoding: .utf8) == "theirs")
    }

    @Test func exportIsAZipOfTheSelection() async throws {
        let fixture = try WebFixture()
        try fixture.write("a", to: "Notes.txt")
        try fixture.write("b", to: "Deck.txt", in: .cloud)
        try await fixture.withServer { client in
            let session = try await client.login()
            let response = try await client.post("/api/export", session, body: #"{"ids": ["\#(Self.id("Notes.txt"))", "\#(Self.id("Deck.txt", in: .cloud))"]}"#)
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.headers[.contentType] == "application/zip")
            #expect(response.headers[.contentDisposition] == "attachment; filename=\"Documents.zip\"; filename*=UTF-8''Documents.zip")
            let zip = fixture.root.appending(path: "out.zip")
            try Data((response.body ?? ByteBuffer()).readableBytesView).write(to: zip)
            #expect(try WebFixture.run("/usr/bin/unzip", ["-Z1", zip.path]).split(separator: "\n").sorted() == ["Deck.txt", "Notes.txt"])
        }
        let temporaries = (try? FileManager.default.contentsOfDirectory(atPath: fixture.library.home.temporaryDirectory.path)) ?? []
        #expect(temporaries.filter { $0.contains("web-export") }.isEmpty, "\(temporaries)")
    }

    @Test func anUploadIsImportedAndAnArchiveExtractedSecurely() async throws {
        let fixture = try WebFixture()
        let folder = fixture.root.appending(path: "zip-src")
        try FileManager.default.createDirectory(at: folder.appending(path: "Trip"), withIntermediateDirectories: true)
        try Data("plan".utf8).write(to: folder.appending(path: "Trip/Plan.txt"))
        _ = try WebFixture.run("/bin/sh", ["-c", "cd '\(folder.path)' && zip -q -r ../Trip.zip Trip"])
        let archive = try Data(contentsOf: fixture.root.appending(path: "Trip.zip"))
        try await fixture.withServer { client in
            let session = try await client.login()
            let plain = try await client.upload("Notes%20%C3%A9.txt", body: Data("hello".utf8), session)
            #expect(plain.status == .created, "\(plain.text)")
            #expect((((plain.json as? [String: Any])?["documents"] as? [[String: Any]])?.first)?["name"] as? String == "Notes é.txt")
            let zipped = try await client.upload("Trip.zip", body: archive, session)
            #expect(zipped.status == .created, "\(zipped.text)")
            #expect((((zipped.json as? [String: Any])?["documents"] as? [[String: Any]])?.first)?["name"] as? String == "Trip")
        }
        #expect(try String(contentsOf: fixture.documentsPath().appending(path: "Trip/Plan.txt"), encoding: .utf8) == "plan")
        #expect(try String(contentsOf: fixture.documentsPath().appending(path: "Notes é.txt"), encoding: .utf8) == "hello")
    }

    @Test func aRefusedUploadLeavesNothing() async throws {
        let fixture = try WebFixture()
        // An archive whose entry climbs out, and one of a ratio past the import limit.
        let script = """
        import zipfile, sys
        with zipfile.ZipFile(sys.argv[1] + '/climb.zip', 'w') as z: z.writestr('../../escaped.txt', 'out')
        with zipfile.ZipFile(sys.argv[1] + '/bomb.zip', 'w', zipfile.ZIP_DEFLATED) as z: z.writestr('zeros.bin', bytes(20_000_000))
        """
        _ = try WebFixture.run("/usr/bin/python3", ["-c", script, fixture.root.path])
        try await fixture.withServer(uploadLimit: 1 << 20) { client in
            let session = try await client.login()
            for name in ["climb.zip", "bomb.zip"] {
                let response = try await client.upload(name, body: try Data(contentsOf: fixture.root.appending(path: name)), session)
                #expect(response.status.code >= 400 && response.status.code < 500, "\(name): \(response.status) \(response.text)")
                #expect(response.errorCode != nil, "\(name): \(response.text)")
            }
            let large = try await client.upload("Large.bin", body: Data(count: (1 << 20) + 1), session)
            #expect(large.status == .contentTooLarge)
            #expect(large.errorCode == "tooLarge")
            for name in ["..", "%2e%2e", "a%2Fb", "", "%00x"] {
                let response = try await client.upload(name, body: Data("x".utf8), session)
                #expect(response.status == .badRequest, "\(name): \(response.text)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.documentsPath().path).filter { !$0.hasPrefix(".") } == [])
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appending(path: "escaped.txt").path))
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appending(path: "home/escaped.txt").path))
        let temporaries = (try? FileManager.default.contentsOfDirectory(atPath: fixture.library.home.temporaryDirectory.path)) ?? []
        #expect(temporaries.isEmpty, "\(temporaries)")
    }

    @Test func changesArriveAsServerSentEvents() async throws {
        let fixture = try WebFixture()
        try fixture.write("a", to: "Notes.txt")
        try await fixture.withServer { client in
            let session = try await client.login()
            let events = try await client.stream("/api/events", session, until: "event: added") {
                try fixture.write("new", to: "Written.txt")
            }
            #expect(events.hasPrefix("event: gathered\ndata: {\"count\":1,\"event\":\"gathered\"}\n\n"), "\(events)")
            #expect(events.contains("event: added\ndata: {\"document\":\"local:Written.txt\",\"event\":\"added\",\"listing\":{"), "\(events)")
        }
    }

    @Test func theLoginPageOpensASessionWithThePassword() async throws {
        let fixture = try WebFixture()
        try await fixture.withServer(password: "correct horse") { client in
            let wrong = try await client.request(.post, "/login", headers: [.contentType: "application/x-www-form-urlencoded"], body: "password=wrong")
            #expect(wrong.status == .unauthorized)
            let right = try await client.request(.post, "/login", headers: [.contentType: "application/x-www-form-urlencoded"], body: "password=correct+horse")
            #expect(right.status == .seeOther)
            let cookie = String((right.headers[.setCookie] ?? "").prefix { $0 != ";" })
            #expect(try await client.request(.get, "/api/documents", headers: [.cookie: cookie]).status == .ok)
            let foreign = try await client.request(.post, "/login", headers: [.contentType: "application/x-www-form-urlencoded", .origin: "http://evil.example"], body: "password=correct+horse")
            #expect(foreign.status == .forbidden)
        }
    }

    @Test func anImagesThumbnailIsAPNGAndATextHasNone() async throws {
        let fixture = try WebFixture()
        try fixture.write("words", to: "Notes.txt")
        _ = try WebFixture.run("/usr/bin/convert", ["-size", "600x400", "xc:red", fixture.documentsPath().appending(path: "Red.png").path])
        try await fixture.withServer { client in
            let session = try await client.login()
            let image = try await client.get("/api/documents/\(Self.id("Red.png"))/thumbnail?size=normal", session)
            #expect(image.status == .ok, "\(image.text)")
            #expect(image.headers[.contentType] == "image/png")
            #expect(Array((image.body ?? ByteBuffer()).readableBytesView.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            let text = try await client.get("/api/documents/\(Self.id("Notes.txt"))/thumbnail", session)
            #expect(text.status == .notFound)
            #expect(text.errorCode == "noThumbnail")
            let badSize = try await client.get("/api/documents/\(Self.id("Red.png"))/thumbnail?size=huge", session)
            #expect(badSize.status == .badRequest)
        }
    }
}
