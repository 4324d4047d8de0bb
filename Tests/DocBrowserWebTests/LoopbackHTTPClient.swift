import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP/1.1 request to the server under test on 127.0.0.1, on a
/// connection of its own, with exactly the request line, `Host` and
/// headers a test gives: the security tests send what a browser never
/// would. SwiftNIO's own HTTP/1 codec, which Hummingbird serves with.
enum LoopbackHTTPClient {
    struct Response: Sendable {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: ByteBuffer?
    }

    static func execute(
        port: Int, method: HTTPRequest.Method, uri: String, authority: String, headers: HTTPFields, body: ByteBuffer?
    ) async throws -> Response {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method.rawValue), uri: uri)
        head.headers.add(name: "Host", value: authority)
        for field in headers { head.headers.add(name: field.name.rawName, value: field.value) }
        if let body, !head.headers.contains(name: "Content-Length") {
            head.headers.add(name: "Content-Length", value: String(body.readableBytes))
        }
        head.headers.add(name: "Connection", value: "close")
        let request = head
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(.head(request))
            if let body { try await outbound.write(.body(.byteBuffer(body))) }
            try await outbound.write(.end(nil))
            var response: Response?
            for try await part in inbound {
                switch part {
                case .head(let answer):
                    var fields = HTTPFields()
                    for (name, value) in answer.headers {
                        if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
                    }
                    response = Response(status: HTTPResponse.Status(code: Int(answer.status.code), reasonPhrase: answer.status.reasonPhrase),
                                        headers: fields, body: nil)
                case .body(var chunk):
                    if response?.body == nil { response?.body = ByteBuffer() }
                    response?.body?.writeBuffer(&chunk)
                case .end:
                    if let response { return response }
                }
            }
            throw ClosedEarly()
        }
    }

    /// The server closed the connection before a whole response.
    struct ClosedEarly: Error {}
}
