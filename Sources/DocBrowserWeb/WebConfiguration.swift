import DocKit
import Foundation

/// Where `docbrowser serve` listens and how a browser gets in.
public struct WebConfiguration: Sendable {
    /// The address to listen on: `127.0.0.1` unless asked otherwise.
    public var host: String
    /// 0 for a free port.
    public var port: Int
    /// The token of the URL printed at start, exchanged once for a session.
    public var token: String
    /// With `--password-file`: a password that opens a session at `/login`.
    public var password: String?
    /// The most bytes an upload may have: by default what an import may
    /// write in all (``ArchiveExtractor/Limits/bytes``).
    public var uploadLimit: Int64

    public init(host: String = "127.0.0.1", port: Int = 0, token: String = WebConfiguration.newToken(), password: String? = nil,
                uploadLimit: Int64 = ArchiveExtractor.Limits().bytes) {
        self.host = host
        self.port = port
        self.token = token
        self.password = password
        self.uploadLimit = uploadLimit
    }

    /// Whether `host` is a loopback address, which only this machine reaches.
    public var isLoopback: Bool { Self.isLoopback(host) }

    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The `Host` headers that name this server listening on `port`: a
    /// browser sends one of these, and a page of another site reaching the
    /// port through DNS rebinding sends its own name.
    public func acceptedHosts(port: Int) -> Set<String> {
        if isLoopback {
            return ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        }
        return [host.contains(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)"]
    }

    /// The origin a page of this server has, as its `Origin` header says it.
    public func isOwnOrigin(_ origin: String, port: Int) -> Bool {
        let scheme = "http://"
        guard origin.hasPrefix(scheme) else { return false }
        return acceptedHosts(port: port).contains(String(origin.dropFirst(scheme.count)).lowercased())
    }

    /// 32 random bytes from the system's CSPRNG, as 64 hex digits.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
