/// Why an operation stopped. `rule` names the safety rule an archive
/// entry broke, so that the launcher and the user see which entry and why.
struct PluginFailure: Error, CustomStringConvertible {
    enum Kind: String, Encodable {
        case refused, invalidInput, failed, notFound, conflict

        /// docbrowser's own exit statuses, so a launcher can pass them on.
        var exitCode: Int32 {
            switch self {
            case .failed: 1
            case .notFound: 3
            case .conflict: 4
            case .refused: 5
            case .invalidInput: 6
            }
        }
    }

    var kind: Kind
    var rule: String?
    var entry: String?
    var message: String

    var description: String { message }

    static func refused(_ entry: String, rule: String, _ reason: String) -> PluginFailure {
        PluginFailure(kind: .refused, rule: rule, entry: entry, message: "entry '\(entry)' refused (\(rule)): \(reason)")
    }

    static func invalid(_ message: String, entry: String? = nil, rule: String? = nil) -> PluginFailure {
        PluginFailure(kind: .invalidInput, rule: rule, entry: entry, message: message)
    }

    static func failed(_ message: String, entry: String? = nil) -> PluginFailure {
        PluginFailure(kind: .failed, rule: nil, entry: entry, message: message)
    }
}
