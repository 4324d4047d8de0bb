import DocBrowserWeb
import DocKit
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServiceLifecycle
import Testing

/// A home in a temporary folder, a share folder whose web/ the test
/// writes, and `docbrowser serve`'s server over them, reached over real
/// HTTP on loopback.
final class WebFixture: Sendable {
    let root: URL
    let library: DocumentLibrary
    let token: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appending(path: "docbrowser-web-\(UUID().uuidString)", directoryHint: .isDirectory)
        let share = root.appending(path: "share", directoryHint: .isDirectory)
        let web = share.appending(path: "web/templates", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
        // Tests/DocBrowserWebTests/WebFixture.swift → share/docbrowser of the source tree.
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "share/docbrowser", directoryHint: .isDirectory)
        for folder in ["types", "handlers"] {
            try FileManager.default.createSymbolicLink(at: share.appending(path: folder), withDestinationURL: shipped.appending(path: folder))
        }
        try Data("<html><meta name=\"csrf-token\" content=\"{{csrfToken}}\"><p>{{documentCount}} documents</p></html>\n".utf8)
            .write(to: web.appending(path: "index.mustache"))
        try Data("body { color: black }\n".utf8).write(to: share.appending(path: "web/style.css"))
        try FileManager.default.createDirectory(at: root.appending(path: "home/Documents"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appending(path: "home/Cloud/Documents"), withIntermediateDirectories: true)
        try Data(#"{"cloud.quiet-seconds": "0"}"#.utf8).write(to: root.appending(path: "home/config.json"))
        library = DocumentLibrary(
            home: Home(url: root.appending(path: "home", directoryHint: .isDirectory)), installation: Installation(shareDirectory: share),
            trash: Trash(directory: RawPath(root.appending(path: "Trash").path)), environment: ["PATH": "/usr/bin:/bin", "HOME": root.path]
        )
        token = WebConfiguration.newToken()
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    var webDirectory: URL { root.appending(path: "share/web", directoryHint: .isDirectory) }

    func documentsPath(_ location: Location = .local) -> URL {
        root.appending(path: location == .local ? "home/Documents" : "home/Cloud/Documents", directoryHint: .isDirectory)
    }

    @discardableResult
    func write(_ text: String, to relativePath: String, in location: Location = .local) throws -> URL {
        let file = documentsPath(location).appending(path: relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Runs `body` with a client of a running server.
    func withServer(password: String? = nil, uploadLimit: Int64 = 1 << 30, _ body: @escaping @Sendable (WebClient) async throws -> Void) async throws {
        let catalog = try library.openCatalog(registry: library.typeRegistry().registry).catalog
        let server = WebServer(configuration: WebConfiguration(token: token, password: password, uploadLimit: uploadLimit), library: library, catalog: catalog)
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let application = try server.application { port in listening.yield(port) }
        var logger = Logger(label: "docbrowser.serve.tests")
        logger.logLevel = .warning
        let services = ServiceGroup(configuration: .init(services: [application], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw ServerDidNotListen() }
            do {
                try await body(WebClient(port: port, token: token))
            } catch {
                await services.triggerGracefulShutdown()
                throw error
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
        }
    }

    struct ServerDidNotListen: Error {}
}

/// Requests to the server with the `Host` and headers a test chooses.
struct WebClient: Sendable {
    let port: Int
    let token: String

    var host: String { "127.0.0.1:\(port)" }

    struct Session: Sendable {
        var cookie: String
        var csrfToken: String
    }

    func request(_ method: HTTPRequest.Method, _ uri: String, host: String? = nil, headers: HTTPFields = [:], body: String? = nil) async throws -> LoopbackHTTPClient.Response {
        try await LoopbackHTTPClient.execute(port: port, method: method, uri: uri, authority: host ?? self.host, headers: headers,
                                             body: body.map { ByteBuffer(string: $0) })
    }

    /// The token exchanged for a session, and the session's CSRF token.
    func login() async throws -> Session {
        let exchange = try await request(.get, "/?token=\(token)")
        let setCookie = exchange.headers[.setCookie] ?? ""
        let cookie = String(setCookie.prefix { $0 != ";" })
        let session = try await request(.get, "/api/session", headers: [.cookie: cookie])
        let object = try JSONSerialization.jsonObject(with: Data((session.body ?? ByteBuffer()).readableBytesView)) as? [String: String]
        return Session(cookie: cookie, csrfToken: object?["csrfToken"] ?? "")
    }

    func get(_ uri: String, _ session: Session, host: String? = nil) async throws -> LoopbackHTTPClient.Response {
        try await request(.get, uri, host: host, headers: [.cookie: session.cookie])
    }

    func post(_ uri: String, _ session: Session, body: String = "{}", origin: String? = nil, csrf: String? = nil) async throws -> LoopbackHTTPClient.Response {
        var headers: HTTPFields = [.cookie: session.cookie, .contentType: "application/json"]
        if let csrf = csrf ?? Optional(session.csrfToken), !csrf.isEmpty { headers[HTTPField.Name("X-CSRF-Token")!] = csrf }
        if let origin { headers[.origin] = origin }
        return try await request(.post, uri, headers: headers, body: body)
    }
}

extension LoopbackHTTPClient.Response {
    var text: String { body.map { String(buffer: $0) } ?? "" }

    /// The body as JSON.
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// `{"error": {"code": …}}`'s code.
    var errorCode: String? { ((json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String }
}

extension WebFixture {
    /// `executable`'s standard output; fails unless it exits 0.
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(executable) \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }
}

extension WebClient {
    /// `POST /api/documents` of `body`, named `name` (percent-encoded) in `X-Filename`.
    func upload(_ name: String, body: Data, _ session: Session) async throws -> LoopbackHTTPClient.Response {
        let headers: HTTPFields = [.cookie: session.cookie, HTTPField.Name("X-CSRF-Token")!: session.csrfToken,
                                   HTTPField.Name("X-Filename")!: name, .contentType: "application/octet-stream"]
        return try await LoopbackHTTPClient.execute(port: port, method: .post, uri: "/api/documents", authority: host, headers: headers,
                                                    body: ByteBuffer(bytes: body))
    }

    /// A stream's text, read by curl until it holds `marker`; `action`
    /// runs once the stream has said `gathered`.
    func stream(_ path: String, _ session: Session, until marker: String, action: @escaping @Sendable () throws -> Void) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-N", "--max-time", "60", "-H", "Cookie: \(session.cookie)", "http://localhost:\(port)\(path)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let handle = pipe.fileHandleForReading
        let text = try await Task.detached {
            var text = ""
            var acted = false
            while !text.contains(marker) {
                let data = handle.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
                if !acted, text.contains("event: gathered") {
                    acted = true
                    try action()
                }
            }
            return text
        }.value
        process.terminate()
        process.waitUntilExit()
        return text
    }
}
