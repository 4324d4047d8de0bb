import DocBrowserReports
import DocKit
import Foundation
import Hummingbird

/// An error as the API answers it: `{"error": {"code": …, "message": …}}`
/// with its status; on a page's path, a short HTML page instead.
struct APIError: HTTPResponseError {
    let status: HTTPResponse.Status
    let code: String
    let message: String

    init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    static func notFound(_ message: String = "no such document") -> APIError { APIError(.notFound, "notFound", message) }
    static func badRequest(_ message: String) -> APIError { APIError(.badRequest, "invalidInput", message) }

    /// A DocKit error said as the CLI says it, with the status its kind
    /// maps to: what the user did wrong is never a 500.
    init(_ error: DocKitError) {
        let kind = ErrorKind(error.code)
        let status: HTTPResponse.Status = switch kind {
        case .notFound: .notFound
        case .conflict: .conflict
        case .refused: .forbidden
        case .invalidInput: .unprocessableContent
        case .failed: .internalServerError
        }
        self.init(status, kind.rawValue, error.description)
    }

    var headers: HTTPFields { [:] }

    private struct Body: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
        }
        var error: Detail
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        if !request.uri.path.hasPrefix("/api/") {
            let html = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(status.code) \(Self.escape(status.reasonPhrase))</title></head>
            <body><h1>\(status.code) \(Self.escape(status.reasonPhrase))</h1><p>\(Self.escape(message))</p></body></html>

            """
            return Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: html)))
        }
        let data = try ReportJSON.encoder(pretty: false).encode(Body(error: .init(code: code, message: message)))
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}
