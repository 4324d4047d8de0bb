import Foundation

/// Who holds a document, as written into the lock or record file, so that
/// a refused process can say who is in the way.
public struct LockHolder: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The process to name: docbrowser for a mutation, the handler for an
    /// open document.
    public var pid: Int32
    /// What it is doing, as a phrase: "moving", "deleting", "open in TextEdit (com.example.textedit)".
    public var activity: String
    /// The handler that has the document open; `nil` for a docbrowser mutation.
    public var handlerIdentifier: String?
    /// When the lock was taken or the document opened.
    public var since: Date

    /// Creates a holder record.
    ///
    /// - Parameters:
    ///   - pid: The process to name; this process by default.
    ///   - activity: What it is doing, as a phrase.
    ///   - handlerIdentifier: The handler, for an open document; `nil` otherwise.
    ///   - since: When it started; now by default.
    public init(pid: Int32 = getpid(), activity: String, handlerIdentifier: String? = nil, since: Date = Date()) {
        self.pid = pid
        self.activity = activity
        self.handlerIdentifier = handlerIdentifier
        self.since = since
    }

    /// `activity (pid N)`, for messages.
    public var description: String { "\(activity) (pid \(pid))" }

    /// kill(pid, 0): EPERM still means somebody is there.
    var isAlive: Bool { kill(pid, 0) == 0 || errno == EPERM }

    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(self)) ?? Data()
    }

    static func decode(_ data: Data) -> LockHolder? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(LockHolder.self, from: data)
    }
}
