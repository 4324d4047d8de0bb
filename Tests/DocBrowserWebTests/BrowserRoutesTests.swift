import DocBrowserReports
import DocBrowserWeb
import DocKit
import Foundation
import HTTPTypes
import Hummingbird
import Testing

/// The routes the browser page adds: moving into a folder, a version's
/// bytes for the conflict view, and the page's own query; each with the
/// hostile requests a page on another tab, or a curious user, could make.
@Suite struct BrowserRoutesTests {
    /// Plan.txt beside a folder, Projects, and Plan.txt's identifier.
    static func planAndProjects() throws -> (WebFixture, String) {
        let fixture = try WebFixture()
        try fixture.write("plan", to: "Plan.txt")
        try fixture.write("goals", to: "Projects/Goals.txt")
        return (fixture, DocumentIdentifier.make(location: .local, relativePath: RawPath("Plan.txt")))
    }

    @Test func aDocumentMovesIntoAFolderAndBackUp() async throws {
        let (fixture, id) = try Self.planAndProjects()
        try await fixture.withServer { client in
            let session = try await client.login()
            let moved = try await client.post("/api/documents/\(id)/folder", session, body: #"{"folder": "Projects"}"#)
            #expect(moved.status == .ok)
            let document = try #require(moved.json as? [String: Any])
            #expect(document["relativePath"] as? String == "Projects/Plan.txt")
            let back = try await client.post("/api/documents/\(document["id"] as? String ?? "")/folder", session, body: #"{"folder": ""}"#)
            #expect((back.json as? [String: Any])?["relativePath"] as? String == "Plan.txt")
        }
        #expect(try String(contentsOf: fixture.documentsPath().appending(path: "Plan.txt"), encoding: .utf8) == "plan")
    }

    @Test(arguments: [
        (#"{"folder": "../Cloud/Documents"}"#, HTTPResponse.Status.badRequest),
        (#"{"folder": "/tmp"}"#, .badRequest),
        (#"{"folder": "Projects/../.."}"#, .badRequest),
        (#"{"folder": "Projects//"}"#, .badRequest),
        (#"{"folder": "./Projects"}"#, .badRequest),
        (#"{"folder": 7}"#, .badRequest),
        ("not json", .badRequest),
        (#"{"folder": "Missing"}"#, .notFound),
        (#"{"folder": "Projects/Goals.txt"}"#, .notFound),
    ])
    func aFolderThatIsNoFolderOfTheLocationIsRefusedAndNothingMoves(body: String, status: HTTPResponse.Status) async throws {
        let (fixture, id) = try Self.planAndProjects()
        try await fixture.withServer { client in
            let session = try await client.login()
            #expect(try await client.post("/api/documents/\(id)/folder", session, body: body).status == status)
        }
        #expect(try String(contentsOf: fixture.documentsPath().appending(path: "Plan.txt"), encoding: .utf8) == "plan")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.documentsPath().appending(path: "Projects").path) == ["Goals.txt"])
    }

    @Test func eachVersionsBytesAreServedSandboxedAndOnlyThose() async throws {
        let fixture = try WebFixture()
        try fixture.write("mine", to: "Notes.txt")
        try fixture.write("<script>theirs</script>", to: "Notes.sync-conflict-20261122-120303-JZLXCF2.txt")
        let id = DocumentIdentifier.make(location: .local, relativePath: RawPath("Notes.txt"))
        try await fixture.withServer { client in
            let session = try await client.login()
            let current = try await client.get("/api/documents/\(id)/versions/0/content", session)
            #expect(current.status == .ok)
            #expect(current.text == "mine")
            #expect(current.headers[.contentType] == "text/plain")
            let copy = try await client.get("/api/documents/\(id)/versions/1/content", session)
            #expect(copy.text == "<script>theirs</script>")
            #expect(copy.headers[.contentSecurityPolicy]?.hasPrefix("sandbox;") == true)
            #expect(copy.headers[.xContentTypeOptions] == "nosniff")
            #expect(copy.headers[.contentDisposition] == "inline; filename=\"Notes.sync-conflict-20261122-120303-JZLXCF2.txt\"; filename*=UTF-8''Notes.sync-conflict-20261122-120303-JZLXCF2.txt")
            for number in ["2", "-1", "abc", "1e3", "99999999999999999999", "..%2F..%2Fetc%2Fpasswd"] {
                #expect(try await client.get("/api/documents/\(id)/versions/\(number)/content", session).status == .notFound, "\(number)")
            }
        }
    }

    @Test func thePagesQueryIsCheckedBeforeTheCatalogIsAsked() async throws {
        let fixture = try WebFixture()
        try fixture.write("plan", to: "Projects/Plan.txt")
        try await fixture.withServer { client in
            let session = try await client.login()
            for query in ["location=trash", "location=cloud", "folder=Projects", "search=%2A%5B", "view=list&sort=size&state=inConflict&kind=public.text",
                          "limit=1&offset=5"] {
                #expect(try await client.get("/?\(query)", session).status == .ok, "\(query)")
            }
            for query in ["location=elsewhere", "folder=..%2F..", "folder=%2Fetc", "sort=colour", "kind=no.such.type", "state=happy",
                          "limit=0", "limit=-1", "offset=ten", "offset=99999999999999999999"] {
                #expect(try await client.get("/?\(query)", session).status == .badRequest, "\(query)")
            }
        }
    }

    @Test func aQuoteWithACombiningMarkStaysInsideItsAttribute() async throws {
        // '"' then U+0301 is one Character to Swift, and no '"' to an
        // escaper that compares Characters; the HTML parser sees a quote.
        let fixture = try WebFixture()
        try Data(#"<p title="{{nameFilter}}">{{documentCount}}</p>"#.utf8).write(to: fixture.root.appending(path: "share/web/templates/index.mustache"))
        try await fixture.withServer { client in
            let session = try await client.login()
            let page = try await client.get("/?search=a%22%CC%81%20onmouseover%3Dalert(1)", session)
            #expect(page.status == .ok)
            #expect(page.text == "<p title=\"a&quot;\u{301} onmouseover=alert(1)\">0</p>", "\(page.text)")
        }
    }
}
