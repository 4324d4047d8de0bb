import AsyncHTTPClient
import Foundation
import NIOCore

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

    /// How long one request may take, connection included.
    static let requestLimit: TimeAmount = .seconds(2)
    /// The most bytes of one answer read: a need list of 65,536 names.
    static let largestAnswer = 64 << 20

    /// The client, shared by the calls of one run; Syncthing's own
    /// certificate is self-signed, and on loopback there is no one between
    /// to verify it against.
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: HTTPClient.Configuration(
            certificateVerification: .none,
            timeout: .init(connect: requestLimit, read: requestLimit)
        )
    )

    /// The JSON of `GET path`.
    func get(_ path: String) async throws(Unanswered) -> Any {
        var request = HTTPClientRequest(url: address.url(path))
        request.headers.add(name: "X-API-Key", value: apiKey)
        let body: ByteBuffer
        do {
            let response = try await Self.client.execute(request, timeout: Self.requestLimit)
            switch response.status.code {
            case 200: break
            case 401, 403: throw Unanswered(description: "Syncthing at \(address.host):\(address.port) refused the API key")
            default: throw Unanswered(description: "Syncthing at \(address.host):\(address.port) answered \(path) with HTTP \(response.status.code)")
            }
            body = try await response.body.collect(upTo: Self.largestAnswer)
        } catch let error as Unanswered {
            throw error
        } catch {
            throw Unanswered(description: "Syncthing does not answer at \(address.host):\(address.port) (\(Self.words(error)))")
        }
        guard let json = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) else {
            throw Unanswered(description: "Syncthing at \(address.host):\(address.port) answered \(path) with something that is not JSON")
        }
        return json
    }

    private static func words(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }

    /// The folders Syncthing shares: identifier and path.
    func folders() async throws(Unanswered) -> [(id: String, path: String)] {
        guard let list = try await get("/rest/config/folders") as? [[String: Any]] else {
            throw Unanswered(description: "Syncthing's folder list is not a list of folders")
        }
        return list.compactMap { folder in
            guard let id = folder["id"] as? String, let path = folder["path"] as? String else { return nil }
            return (id, path)
        }
    }

    /// The folder's state (`idle`, `syncing`, `scanning`, …) and how many
    /// items this device still needs in it.
    func status(of folder: String) async throws(Unanswered) -> (state: String, needed: Int) {
        guard let status = try await get("/rest/db/status?folder=\(Self.encoded(folder))") as? [String: Any] else {
            throw Unanswered(description: "Syncthing's folder status is not an object")
        }
        return (status["state"] as? String ?? "unknown", status["needTotalItems"] as? Int ?? status["needFiles"] as? Int ?? 0)
    }

    /// The names this device still needs in the folder, relative to its
    /// root, those being downloaded first; at most `limit`.
    func needed(in folder: String, limit: Int) async throws(Unanswered) -> [(name: String, inProgress: Bool)] {
        guard let need = try await get("/rest/db/need?folder=\(Self.encoded(folder))&page=1&perpage=\(limit)") as? [String: Any] else {
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
