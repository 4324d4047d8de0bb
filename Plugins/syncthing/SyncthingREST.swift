import CSyncthingHTTP
import Foundation

/// Syncthing's REST API on loopback, asked with short time limits: a
/// listing waits for its answer, and an engine that does not answer
/// within them counts as none.
struct SyncthingREST: Sendable {
    var address: LoopbackAddress
    var apiKey: String

    /// Why the engine gave no answer to use; each means "no engine" to
    /// docbrowser, with these words as the reason.
    struct Unanswered: Error, CustomStringConvertible {
        var description: String
    }

    /// How long one request may take, connection included, in milliseconds.
    static let requestLimit = 2_000
    /// The most bytes of one answer read: a need list of 65,536 names.
    static let largestAnswer = 64 << 20

    /// The JSON of `GET path`, asked through libcurl: one request at a
    /// time, each a few milliseconds on loopback, so the adapter needs no
    /// event loop of its own. Syncthing's certificate is self-signed, and
    /// on loopback there is no one between to verify it against.
    func get(_ path: String) throws(Unanswered) -> Any {
        var answer = csyncthing_http_get(address.url(path), "X-API-Key: \(apiKey)", Self.requestLimit, Self.largestAnswer)
        defer { csyncthing_http_free(&answer) }
        guard answer.failed == 0 else {
            let reason = withUnsafeBytes(of: answer.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw Unanswered(description: "Syncthing does not answer at \(address.host):\(address.port) (\(Self.words(reason)))")
        }
        switch answer.status {
        case 200: break
        case 401, 403: throw Unanswered(description: "Syncthing at \(address.host):\(address.port) refused the API key")
        default: throw Unanswered(description: "Syncthing at \(address.host):\(address.port) answered \(path) with HTTP \(answer.status)")
        }
        let body = answer.body.map { Data(bytes: $0, count: answer.length) } ?? Data()
        guard let json = try? JSONSerialization.jsonObject(with: body) else {
            throw Unanswered(description: "Syncthing at \(address.host):\(address.port) answered \(path) with something that is not JSON")
        }
        return json
    }

    private static func words(_ text: String) -> String {
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }

    /// The folders Syncthing shares: identifier and path.
    func folders() throws(Unanswered) -> [(id: String, path: String)] {
        guard let list = try get("/rest/config/folders") as? [[String: Any]] else {
            throw Unanswered(description: "Syncthing's folder list is not a list of folders")
        }
        return list.compactMap { folder in
            guard let id = folder["id"] as? String, let path = folder["path"] as? String else { return nil }
            return (id, path)
        }
    }

    /// The folder's state (`idle`, `syncing`, `scanning`, …) and how many
    /// items this device still needs in it.
    func status(of folder: String) throws(Unanswered) -> (state: String, needed: Int) {
        guard let status = try get("/rest/db/status?folder=\(Self.encoded(folder))") as? [String: Any] else {
            throw Unanswered(description: "Syncthing's folder status is not an object")
        }
        return (status["state"] as? String ?? "unknown", status["needTotalItems"] as? Int ?? status["needFiles"] as? Int ?? 0)
    }

    /// The names this device still needs in the folder, relative to its
    /// root, those being downloaded first; at most `limit`.
    func needed(in folder: String, limit: Int) throws(Unanswered) -> [(name: String, inProgress: Bool)] {
        guard let need = try get("/rest/db/need?folder=\(Self.encoded(folder))&page=1&perpage=\(limit)") as? [String: Any] else {
            throw Unanswered(description: "Syncthing's need list is not an object")
        }
        var names: [(String, Bool)] = []
        for section in ["progress", "queued", "rest"] {
            for file in need[section] as? [[String: Any]] ?? [] {
                guard let name = file["name"] as? String else { continue }
                names.append((name, section == "progress"))
            }
        }
        return names
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
