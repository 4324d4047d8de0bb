import ArgumentParser
import DocBrowserWeb
import DocKit
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Browse the documents in a web browser: a local web app and its JSON API.",
        discussion: """
        Listens on 127.0.0.1 and a free port unless --listen says otherwise, and prints the URL to \
        open, with a one-time token that the first visit exchanges for a session cookie (with --json, \
        one object holding url). Listening beyond loopback needs --password-file, and --insecure since \
        it serves plain HTTP. The JSON API under /api/ is described in docs/openapi.yaml. \
        Ctrl-C (SIGINT) or SIGTERM stops it, with status 0.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Listen on this address and port (default 127.0.0.1:0, a free port).", valueName: "ADDRESS:PORT"))
    var listen: String = "127.0.0.1:0"

    @Flag(help: "Open the URL in the desktop's web browser (xdg-open).")
    var open = false

    @Option(help: ArgumentHelp("A file whose first line is a password that opens a session at /login; needed to listen beyond loopback.", valueName: "FILE"))
    var passwordFile: String?

    @Flag(help: "Serve plain HTTP beyond loopback, where anyone on the path can read it.")
    var insecure = false

    struct Started: Encodable {
        var url: String
    }

    func validate() throws {
        _ = try Self.address(listen)
    }

    /// `HOST:PORT`, `[IPv6]:PORT`.
    static func address(_ text: String) throws -> (host: String, port: Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65_535).contains(port) else {
            throw ValidationError("--listen takes ADDRESS:PORT, such as 127.0.0.1:8080 ('\(text)' has no port).")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw ValidationError("--listen takes ADDRESS:PORT, such as 127.0.0.1:8080 ('\(text)' has no address).") }
        return (host, port)
    }

    func run() async throws {
        let (host, port) = try Self.address(listen)
        let context = CommandContext(global)
        var password: String?
        if let passwordFile {
            guard let text = try? String(contentsOfFile: passwordFile, encoding: .utf8),
                  let line = text.split(separator: "\n", omittingEmptySubsequences: false).first, !line.isEmpty else {
                throw ServeRefusal.unreadablePasswordFile(passwordFile).error
            }
            password = String(line)
        }
        if !WebConfiguration.isLoopback(host) {
            let refusal: ServeRefusal? = password == nil ? .noPassword(listen) : (insecure ? nil : .noTLS(listen))
            if let refusal { throw refusal.error }
        }
        let catalog = try context.documentCatalog()
        let configuration = WebConfiguration(host: host, port: port, password: password)
        let server = WebServer(configuration: configuration, library: context.library, catalog: catalog)
        let output = context.output
        let json = global.json
        let library = context.library
        let open = open
        let deadline = ShutdownDeadline(seconds: 5) {
            output.warning("serve: connections still open 5 s after the signal; stopped without them")
        }
        let (stopRequests, requested) = AsyncStream.makeStream(of: Int32.self)
        try StopSignals.catchForever { number in
            requested.yield(number)
            deadline.start()
        }
        try await server.run(stopRequests: stopRequests) { boundPort in
            let shownHost = host.contains(":") ? "[\(host)]" : host
            let url = "http://\(shownHost):\(boundPort)/?token=\(configuration.token)"
            if json {
                FileHandle.standardOutput.write((try? Output.compactJSON(Started(url: url))) ?? Data())
            } else {
                output.streamedLine(url)
            }
            if open {
                do {
                    _ = try await WebBrowserOpener.open(url, home: library.home, environment: library.environment)
                } catch {
                    output.error(error)
                }
            }
        }
    }
}

/// Why `serve` will not listen where it was asked.
enum ServeRefusal {
    case noPassword(String)
    case noTLS(String)
    case unreadablePasswordFile(String)

    /// As DocKit's errors are thrown, so that it is said and exits as they do.
    var error: DocKitError {
        switch self {
        case .noPassword(let address), .noTLS(let address): DocKitError(.refused, document: address, description: description)
        case .unreadablePasswordFile(let path): DocKitError(.invalidValue, document: path, description: description)
        }
    }

    var description: String {
        switch self {
        case .noPassword(let address):
            "refusing to listen on \(address) without --password-file: anyone who reaches it could read and change the documents"
        case .noTLS(let address):
            "refusing to serve plain HTTP on \(address), where the password and documents travel readable; add --insecure to accept that"
        case .unreadablePasswordFile(let path):
            "\(path): cannot read a password from its first line"
        }
    }
}
