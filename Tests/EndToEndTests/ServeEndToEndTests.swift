import Foundation
import Subprocess
import Testing

/// `docbrowser serve` as a user runs it: the URL on the first line, the
/// token exchanged by a real HTTP client, the API's listing the same as
/// `list --json`, and a clean stop.
@Suite struct ServeEndToEndTests {
    @Test func theAPIListsWhatListJSONListsAndSIGTERMStopsIt() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        _ = try sandbox.write("inner", to: "home/Documents/Folder/inner.txt")
        _ = try sandbox.write("deck", to: "home/Cloud/Documents/Deck.txt")
        let server = try await ServeProcess.start(sandbox)
        let url = try #require(server.firstLine.wholeMatch(of: /http:\/\/127\.0\.0\.1:([0-9]+)\/\?token=([0-9a-f]{64})/), "\(server.firstLine)")
        let base = "http://127.0.0.1:\(url.1)"
        // Before the token: no session.
        #expect(try await server.curl(["-o", "/dev/null", "-w", "%{http_code}", base + "/api/documents"]) == "401")
        #expect(try await server.curl(["-o", "/dev/null", "-w", "%{http_code} %{redirect_url}", server.firstLine]) == "303 \(base)/")
        let listed = try await server.curl([base + "/api/documents"])
        let expected = try await sandbox.run("list", "--json")
        #expect(expected.status == 0)
        #expect(listed == expected.standardOutput)
        // Spent: the same URL opens nothing a second time.
        #expect(try await server.curl(["-o", "/dev/null", "-w", "%{http_code}", server.firstLine]) == "401")
        #expect(try await server.stop("TERM") == 0, "\(server.standardError)")
    }

    @Test func SIGINTStopsItAndJSONGivesTheURLAsAnObject() async throws {
        let sandbox = try Sandbox()
        let server = try await ServeProcess.start(sandbox, ["--json"])
        let object = try JSONSerialization.jsonObject(with: Data(server.firstLine.utf8)) as? [String: String]
        #expect(object?.keys.sorted() == ["url"])
        #expect(object?["url"]?.wholeMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\/\?token=[0-9a-f]{64}/) != nil, "\(server.firstLine)")
        #expect(try await server.stop("INT") == 0, "\(server.standardError)")
    }

    @Test func listeningBeyondLoopbackNeedsAPasswordAndTLSOrInsecure() async throws {
        let sandbox = try Sandbox()
        let bare = try await sandbox.run("serve", "--listen", "0.0.0.0:0")
        #expect(bare.status == 5)
        #expect(bare.standardOutput == "")
        #expect(bare.standardError == "docbrowser: refusing to listen on 0.0.0.0:0 without --password-file: anyone who reaches it could read and change the documents\n")
        let password = try sandbox.write("secret\n", to: "password")
        let plain = try await sandbox.run("serve", "--listen", "0.0.0.0:0", "--password-file", password.path)
        #expect(plain.status == 5)
        #expect(plain.standardError == "docbrowser: refusing to serve plain HTTP on 0.0.0.0:0, where the password and documents travel readable; add --insecure to accept that\n")
        let noPort = try await sandbox.run("serve", "--listen", "127.0.0.1")
        #expect(noPort.status == 2)
        #expect(noPort.standardError.hasPrefix("Error: --listen takes ADDRESS:PORT, such as 127.0.0.1:8080 ('127.0.0.1' has no port)."), "\(noPort.standardError)")
    }

    /// A server on one document, logged in, after an export: the
    /// archiver ran, and its launch took SIGINT and SIGTERM over a while.
    static func serveAfterAnExport() async throws -> ServeProcess {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        let server = try await ServeProcess.start(sandbox)
        let url = try #require(server.firstLine.wholeMatch(of: /http:\/\/127\.0\.0\.1:([0-9]+)\/\?token=[0-9a-f]{64}/), "\(server.firstLine)")
        let base = "http://127.0.0.1:\(url.1)"
        _ = try await server.curl(["-o", "/dev/null", server.firstLine])
        let session = try JSONSerialization.jsonObject(with: Data(try await server.curl([base + "/api/session"]).utf8)) as? [String: String]
        let csrf = try #require(session?["csrfToken"])
        let listed = try JSONSerialization.jsonObject(with: Data(try await server.curl([base + "/api/documents"]).utf8)) as? [[String: Any]]
        let id = try #require(listed?.first?["id"] as? String)
        let zip = sandbox.root.appending(path: "export.zip").path
        let status = try await server.curl(["-o", zip, "-w", "%{http_code}", "-H", "X-CSRF-Token: \(csrf)", "-H", "Content-Type: application/json",
                                            "--data", #"{"ids": ["\#(id)"]}"#, base + "/api/export"])
        #expect(status == "200")
        return server
    }

    @Test func SIGTERMStopsItCleanlyAfterAPluginRan() async throws {
        let server = try await Self.serveAfterAnExport()
        #expect(try await server.stop("TERM") == 0, "\(server.standardError)")
    }

    /// While a plugin or thumbnailer runs, its launcher takes SIGINT and
    /// SIGTERM over to pass them to it. serve's own Dispatch source then
    /// never heard of them (the signal fell to SIG_IGN), and serve ran on
    /// after a SIGTERM that came during a thumbnail.
    @Test func aStopSignalDuringAThumbnailStopsTheThumbnailerAndServe() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        _ = try sandbox.write("[Thumbnailer Entry]\nExec=sh -c \"sleep 613\" %o\nMimeType=text/plain;\n",
                              to: "user/.local/share/thumbnailers/slow.thumbnailer")
        let server = try await ServeProcess.start(sandbox)
        let url = try #require(server.firstLine.wholeMatch(of: /http:\/\/127\.0\.0\.1:([0-9]+)\/\?token=[0-9a-f]{64}/), "\(server.firstLine)")
        let base = "http://127.0.0.1:\(url.1)"
        _ = try await server.curl(["-o", "/dev/null", server.firstLine])
        let listed = try JSONSerialization.jsonObject(with: Data(try await server.curl([base + "/api/documents"]).utf8)) as? [[String: Any]]
        let id = try #require(listed?.first?["id"] as? String)
        async let thumbnail = server.curl(["-o", "/dev/null", "-w", "%{http_code}", base + "/api/documents/\(id)/thumbnail"])
        var running = false
        for _ in 0..<300 where !running {
            running = try await Subprocess.run(.name("pgrep"), arguments: ["-f", "sleep [6]13"], output: .discarded, error: .discarded).terminationStatus.isSuccess
            if !running { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(running, "the thumbnailer never started")
        #expect(try await server.stop("TERM") == 0, "\(server.standardError)")
        #expect(!server.standardError.contains("still open"), "\(server.standardError)")
        _ = try? await thumbnail
        try await sandbox.shell("! pgrep -f 'sleep [6]13'")
    }

    /// The kernel gives a process's signal to any thread that does not
    /// block it. Once a plugin has run, swift-subprocess's monitor thread
    /// waits with none blocked: a stop signal it takes must stop serve as
    /// one the main thread takes does.
    @Test(arguments: [SIGTERM, SIGINT])
    func aStopSignalTakenByAnyThreadStopsIt(_ signal: Int32) async throws {
        let server = try await Self.serveAfterAnExport()
        // Another thread than the main one where there is one: the monitor thread.
        let takers = try server.threadsTaking(signal)
        let thread = try #require(takers.last, "no thread of serve takes signal \(signal)")
        #expect(try await server.stop(signal, onThread: thread) == 0, "\(server.standardError)")
    }
}
