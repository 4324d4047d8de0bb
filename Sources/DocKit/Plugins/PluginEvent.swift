import Foundation

/// One line of a plugin's stdout, decoded. `progress` is understood here;
/// `result`, `error` and any other event are kept as JSON for the caller
/// that knows what its operation answers.
public enum PluginEvent: Sendable, Hashable {
    case progress(PluginProgress)
    case result(Data)
    case error(PluginReportedError)
    case other(name: String, json: Data)

    /// nil when the line is not a JSON object with a string `event`.
    init?(line: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
              let name = object["event"] as? String else { return nil }
        let decoder = JSONDecoder()
        switch name {
        case "progress":
            guard let progress = try? decoder.decode(PluginProgress.self, from: line) else { return nil }
            self = .progress(progress)
        case "result":
            self = .result(line)
        case "error":
            guard let error = try? decoder.decode(PluginReportedError.self, from: line) else { return nil }
            self = .error(error)
        default:
            self = .other(name: name, json: line)
        }
    }
}

public struct PluginProgress: Sendable, Hashable, Decodable {
    public var bytes: Int64?
    public var totalBytes: Int64?
    public var entries: Int?
    public var totalEntries: Int?
    public var item: String?

    public init(bytes: Int64? = nil, totalBytes: Int64? = nil, entries: Int? = nil, totalEntries: Int? = nil, item: String? = nil) {
        self.bytes = bytes
        self.totalBytes = totalBytes
        self.entries = entries
        self.totalEntries = totalEntries
        self.item = item
    }
}

public struct PluginReportedError: Sendable, Hashable, Decodable {
    public var kind: String?
    public var rule: String?
    public var entry: String?
    public var message: String

    var failureKind: FailureKind {
        switch kind {
        case "refused": .refused
        case "invalidInput": .invalidInput
        case "notFound": .notFound
        case "conflict": .conflict
        default: .failed
        }
    }
}
