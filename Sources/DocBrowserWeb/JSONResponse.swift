import DocBrowserReports
import Foundation
import Hummingbird

/// docs/JSON.md's text as a response: the same encoder as `--json`.
enum JSONResponse {
    static func make<Value: Encodable>(_ value: Value, status: HTTPResponse.Status = .ok) throws -> Response {
        var data = try ReportJSON.encoder(pretty: true).encode(value)
        data.append(UInt8(ascii: "\n"))
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
