import Foundation

/// One line of a plugin's stdout, decoded. `progress` is understood here;
/// `result`, `error` and any other event are kept as JSON for the caller
/// that knows what its operation answers.
enum PluginEvent: Sendable, Hashable {
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

/// A `progress` event: how far the plugin has got. Every field is optional;
/// plugins send a few per second at most.
public struct PluginProgress: Sendable, Hashable, Decodable {
    /// Content bytes processed so far; `nil` when the plugin does not say.
    public var bytes: Int64?
    /// Content bytes to process in all; `nil` when unknown.
    public var totalBytes: Int64?
    /// Entries processed so far; `nil` when the plugin does not say.
    public var entries: Int?
    /// Entries to process in all; `nil` when unknown.
    public var totalEntries: Int?
    /// The name of the entry being processed, untrusted; `nil` when not given.
    public var item: String?

    /// Creates a progress report; any field may be left out.
    ///
    /// - Parameters:
    ///   - bytes: Content bytes processed so far.
    ///   - totalBytes: Content bytes in all.
    ///   - entries: Entries processed so far.
    ///   - totalEntries: Entries in all.
    ///   - item: The entry being processed.
    public init(bytes: Int64? = nil, totalBytes: Int64? = nil, entries: Int? = nil, totalEntries: Int? = nil, item: String? = nil) {
        self.bytes = bytes
        self.totalBytes = totalBytes
        self.entries = entries
        self.totalEntries = totalEntries
        self.item = item
    }
}

/// An `error` event: the plugin's own account of why it failed, sent before a non-zero exit.
struct PluginReportedError: Sendable, Hashable, Decodable {
    /// `refused`, `invalidInput`, `notFound`, `conflict` or `failed`; anything else or `nil` counts as `failed`.
    public var kind: String?
    /// The safety rule broken (`absolute-path`, `compression-ratio-limit`, …); `nil` when none.
    public var rule: String?
    /// The archive entry the failure is about, untrusted; `nil` when none.
    public var entry: String?
    /// One line naming the entry, if any, and the reason; the launcher prefixes the file's path.
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
