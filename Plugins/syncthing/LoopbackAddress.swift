/// Where an engine's REST API listens, accepted only on this machine's
/// loopback: docbrowser promises to make no network call but to the
/// engine on 127.0.0.1, so an address naming any other host is refused
/// before anything connects.
struct LoopbackAddress: Sendable, Hashable {
    /// The host as put in the URL: `127.0.0.1`, `[::1]` or `localhost`.
    var host: String
    var port: Int
    var usesTLS: Bool

    /// Why an address was not taken, in words for the user.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// The longest address read: a host and a port are far shorter.
    static let longest = 256

    /// `HOST:PORT`, `[::1]:PORT` or `http(s)://HOST:PORT`, as Syncthing's
    /// `<gui><address>` or `cloud.engine-address` holds it. A GUI that
    /// listens on every interface (`0.0.0.0`, `[::]`, an empty host) is
    /// reached on loopback, as a browser on this machine reaches it.
    ///
    /// - Throws: ``Refusal`` naming the address when it is no such
    ///   address, or names a host other than loopback.
    init(_ text: String, usesTLS: Bool = false) throws(Refusal) {
        let shown = String(text.prefix(80).map { $0.isASCII && !$0.isWhitespace || $0 == " " ? $0 : "?" })
        guard text.utf8.count <= Self.longest, !text.isEmpty else { throw Refusal(description: "the address '\(shown)' is empty or too long") }
        var rest = Substring(text)
        var tls = usesTLS
        if rest.hasPrefix("https://") {
            tls = true
            rest = rest.dropFirst("https://".count)
        } else if rest.hasPrefix("http://") {
            tls = false
            rest = rest.dropFirst("http://".count)
        } else if rest.contains("://") {
            throw Refusal(description: "the address '\(shown)' is no http address (a Unix socket or another scheme is not supported)")
        }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let host: Substring
        let portText: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]"), rest[rest.index(after: close)...].hasPrefix(":") else {
                throw Refusal(description: "the address '\(shown)' is not HOST:PORT")
            }
            host = rest[rest.index(after: rest.startIndex)..<close]
            portText = rest[rest.index(close, offsetBy: 2)...]
        } else {
            guard let colon = rest.lastIndex(of: ":"), !rest[..<colon].contains(":") else {
                throw Refusal(description: "the address '\(shown)' is not HOST:PORT")
            }
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        }
        guard portText.count <= 5, portText.allSatisfy(\.isASCII), let port = Int(portText), (1...65535).contains(port) else {
            throw Refusal(description: "the address '\(shown)' has no port from 1 to 65535")
        }
        switch host.lowercased() {
        case "127.0.0.1", "localhost", "", "0.0.0.0":
            self.host = host.lowercased() == "localhost" ? "localhost" : "127.0.0.1"
        case "::1", "::", "0:0:0:0:0:0:0:1":
            self.host = "[::1]"
        default:
            throw Refusal(description: "the address '\(shown)' is not on loopback; docbrowser asks an engine only on 127.0.0.1, ::1 or localhost")
        }
        self.port = port
        self.usesTLS = tls
    }

    /// The URL of `path` (with its query) on this address.
    func url(_ path: String) -> String {
        "\(usesTLS ? "https" : "http")://\(host):\(port)\(path)"
    }
}
