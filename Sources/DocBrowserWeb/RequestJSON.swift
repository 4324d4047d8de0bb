import Foundation
import Hummingbird

/// A request's JSON body, decoded under a small cap: a body that is not
/// the expected object is a 400, never a 500.
enum RequestJSON {
    static func decode<Value: Decodable>(_ type: Value.Type, from request: Request) async throws -> Value {
        let buffer = try await request.body.collect(upTo: 1 << 20)
        do {
            return try JSONDecoder().decode(type, from: Data(buffer.readableBytesView))
        } catch {
            throw APIError.badRequest("the body is not the JSON object this request takes")
        }
    }
}
