import DocBrowserReports
import DocBrowserWeb
import DocKit
import Foundation
import HTTPTypes
import Testing

/// Each rule of issue 38's part 3, over real HTTP on loopback.
@Suite struct WebSecurityTests {
    @Test func theTokenIsExchangedForASessionCookieAndLeavesTheAddress() async throws {
        let fixture = try WebFixture()
        try await fixture.withServer { client in
            let response = try await client.request(.get, "/?token=\(client.token)")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
            let cookie = try #require(response.headers[.setCookie])
            #expect(cookie.wholeMatch(of: /docbrowser_session=[0-9a-f]{64}; HttpOnly; SameSite=Strict; Path=\//) != nil)
        }
    }

    @Test func theTokenOpensOneSessionOnly() async throws {
        let fixture = try WebFixture()
        try await fixture.withServer { client in
            #expect(try await client.request(.get, "/?token=\(client.token)").status == .seeOther)
            let again = try await client.request(.get, "/?token=\(client.token)")
            #expect(again.status == .unauthorized)
            #expect(again.headers[.setCookie] == nil)
        }
    }

    @Test func aWrongTokenOrNoSessionIsUnauthorized() async throws {
        let fixture = try WebFixture()
        try await fixture.withServer { client in
            let wrong = try await client.request(.get, "/?token=\(String(repeating: "0", count: 64))")
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.setCookie] == nil)
            #expect(try await client.request(.get, "/").status == .unauthorized)
            let api = try await client.request(.get, "/api/documents")
            #expect(api.status == .unauthorized)
            #expect(api.errorCode == "noSession")
            let forged = try await client.request(.get, "/api/documents", headers: [.cookie: "docbrowser_session=\(String(repeating: "a", count: 64))"])
            #expect(forged.status == .unauthorized)
        }
    }

    @Test func theSessionOpensThePagesAndTheAPI() async throws {
        let fixture = try WebFixture()
        try fixture.write("hello", to: "Notes.txt")
        try await fixture.withServer { client in
            let session = try await client.login()
            #expect(session.csrfToken.wholeMatch(of: /[0-9a-f]{64}/) != nil)
            let page = try await client.get("/", session)
            #expect(page.status == .ok)
            #expect(page.text == "<html><meta name=\"csrf-token\" content=\"\(session.csrfToken)\"><p>1 documents</p></html>\n")
            let list = try await client.get("/api/documents", session)
            #expect(list.status == .ok)
            #expect((list.json as? [[String: Any]])?.map { $0["name"] as? String } == ["Notes.txt"])
        }
    }

    @Test func theHostHeaderMustNameThisServer() async throws {
        let fixture = try WebFixture()
        try await fixture.withServer { client in
            let session = try await client.login()
            for host in ["127.0.0.1:\(client.port)", "localhost:\(client.port)", "[::1]:\(client.port)", "LOCALHOST:\(client.port)"] {
                #expect(try await client.get("/api/documents", session, host: host).status == .ok, "\(host)")
            }
            for host in ["evil.example:\(client.port)", "127.0.0.1", "localhost", "127.0.0.1:\(client.port + 1)", "attacker.127.0.0.1.nip.io:\(client.port)"] {
                let response = try await client.get("/api/documents", session, host: host)
                #expect(response.status == .misdirectedRequest, "\(host)")
                #expect(response.errorCode == "wrongHost")
            }
            // Before the token too: a rebinding page never gets a session.
            #expect(try await client.request(.get, "/?token=\(client.token)", host: "evil.example:\(client.port)").status == .misdirectedRequest)
        }
    }

    @Test func aStateChangeNeedsTheSessionsCSRFToken() async throws {
        let fixture = try WebFixture()
        try fixture.write("hello", to: "Notes.txt")
        let id = DocumentIdentifier.make(location: .local, relativePath: RawPath("Notes.txt"))
        try await fixture.withServer { client in
            let session = try await client.login()
            let missing = try await client.request(.post, "/api/documents/\(id)/duplicate", headers: [.cookie: session.cookie])
            #expect(missing.status == .forbidden)
            #expect(missing.errorCode == "badCSRFToken")
            let wrong = try await client.post("/api/documents/\(id)/duplicate", session, csrf: String(repeating: "0", count: 64))
            #expect(wrong.status == .forbidden)
            #expect(try await client.post("/api/documents/\(id)/duplicate", session).status == .created)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.documentsPath().path).filter { !$0.hasPrefix(".") }.sorted() == ["Notes copy.txt", "Notes.txt"])
    }

    @Test func aStateChangeFromAnotherOriginIsRefused() async throws {
        let fixture = try WebFixture()
        try fixture.write("hello", to: "Notes.txt")
        let id = DocumentIdentifier.make(location: .local, relativePath: RawPath("Notes.txt"))
        try await fixture.withServer { client in
            let session = try await client.login()
            for origin in ["http://evil.example", "null", "http://127.0.0.1:\(client.port + 1)", "https://127.0.0.1:\(client.port)"] {
                let response = try await client.post("/api/documents/\(id)/duplicate", session, origin: origin)
                #expect(response.status == .forbidden, "\(origin)")
                #expect(response.errorCode == "crossOrigin")
            }
            #expect(try await client.post("/api/documents/\(id)/duplicate", session, origin: "http://127.0.0.1:\(client.port)").status == .created)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.documentsPath().path).filter { !$0.hasPrefix(".") }.sorted() == ["Notes copy.txt", "Notes.txt"])
    }

    @Test func documentsAreFoundOnlyByTheirCatalogIdentity() async throws {
        let fixture = try WebFixture()
        try fixture.write("hello", to: "Notes.txt")
        let outside = try fixture.write("secret", to: "../../outside.txt")
        try FileManager.default.createSymbolicLink(at: fixture.documentsPath().appending(path: "Link.txt"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: fixture.documentsPath().appending(path: "Escape"), withDestinationURL: fixture.root)
        try await fixture.withServer { client in
            let session = try await client.login()
            let ids = [
                DocumentIdentifier.make(location: .local, relativePath: RawPath("../../outside.txt")),
                DocumentIdentifier.make(location: .local, relativePath: RawPath("/etc/passwd")),
                DocumentIdentifier.make(location: .local, relativePath: RawPath("./Notes.txt")),
                DocumentIdentifier.make(location: .local, relativePath: RawPath("Escape/outside.txt")),
                DocumentIdentifier.make(location: .local, relativePath: RawPath("Link.txt")),
                DocumentIdentifier.make(location: .cloud, relativePath: RawPath("Notes.txt")),
                "..", "%2e%2e", "%2e%2e%2f%2e%2e%2foutside.txt", "..%2F..%2Foutside.txt", "bG9jYWwvTm90ZXMudHh0==", "not%20base64!", "bG9jYWwv",
            ]
            for id in ids {
                let response = try await client.get("/api/documents/\(id)/content", session)
                #expect(response.status == .notFound, "\(id)")
                #expect(!response.text.contains("secret"))
            }
            for uri in ["/api/documents/../../outside.txt", "/api/documents/%2e%2e/%2e%2e/outside.txt", "/static/../home/Documents/Notes.txt",
                        "/static/%2e%2e/%2e%2e/outside.txt", "/static//etc/passwd"] {
                let response = try await client.get(uri, session)
                #expect(response.status == .notFound, "\(uri)")
                #expect(!response.text.contains("secret"))
            }
            let good = DocumentIdentifier.make(location: .local, relativePath: RawPath("Notes.txt"))
            #expect(try await client.get("/api/documents/\(good)/content", session).text == "hello")
        }
    }

    @Test func aStaticFileLinkedOutOfWebIsNotServed() async throws {
        let fixture = try WebFixture()
        let outside = try fixture.write("secret", to: "../../outside.css")
        try FileManager.default.createSymbolicLink(at: fixture.webDirectory.appending(path: "leak.css"), withDestinationURL: outside)
        try await fixture.withServer { client in
            let css = try await client.request(.get, "/static/style.css")
            #expect(css.status == .ok)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.text == "body { color: black }\n")
            #expect(try await client.request(.get, "/static/leak.css").status == .notFound)
            #expect(try await client.request(.get, "/static/templates").status == .notFound)
        }
    }

    @Test func documentBytesAreAnAttachmentOrSandboxedInline() async throws {
        let fixture = try WebFixture()
        try fixture.write("<script>alert(1)</script>", to: "Évil \"page\".html")
        let id = DocumentIdentifier.make(location: .local, relativePath: RawPath("Évil \"page\".html"))
        try await fixture.withServer { client in
            let session = try await client.login()
            let attachment = try await client.get("/api/documents/\(id)/content", session)
            #expect(attachment.status == .ok)
            #expect(attachment.headers[.contentDisposition] == "attachment; filename=\"_vil _page_.html\"; filename*=UTF-8''%C3%89vil%20%22page%22.html")
            #expect(attachment.headers[.contentType] == "application/octet-stream")
            #expect(attachment.headers[.xContentTypeOptions] == "nosniff")
            let inline = try await client.get("/api/documents/\(id)/content?inline=1", session)
            #expect(inline.headers[.contentDisposition] == "inline; filename=\"_vil _page_.html\"; filename*=UTF-8''%C3%89vil%20%22page%22.html")
            #expect(inline.headers[.contentSecurityPolicy]?.hasPrefix("sandbox;") == true)
            #expect(inline.headers[.xContentTypeOptions] == "nosniff")
            #expect(inline.text == "<script>alert(1)</script>")
        }
    }

    @Test func everyResponseCarriesTheProtectiveHeaders() async throws {
        let fixture = try WebFixture()
        try await fixture.withServer { client in
            let session = try await client.login()
            for response in [try await client.get("/", session), try await client.request(.get, "/"), try await client.request(.get, "/static/style.css")] {
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
                #expect(response.headers[.contentSecurityPolicy] == "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
            }
            for response in [try await client.get("/api/documents", session), try await client.request(.get, "/api/documents")] {
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
                #expect(response.headers[.cacheControl] == "no-store")
            }
        }
    }
}
