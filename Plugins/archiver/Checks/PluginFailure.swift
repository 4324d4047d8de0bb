/// Why an operation stopped. `rule` names the safety rule an archive
/// entry broke, so that the launcher and the user see which entry and why.
package struct PluginFailure: Error, CustomStringConvertible {
    package enum Kind: String, Encodable {
        case refused, invalidInput, failed, notFound, conflict

        /// docbrowser's own exit statuses, so a launcher can pass them on.
        package var exitCode: Int32 {
            switch self {
            case .failed: 1
            case .notFound: 3
            case .conflict: 4
            case .refused: 5
            case .invalidInput: 6
            }
        }
    }

    package var kind: Kind
    package var rule: String?
    package var entry: String?
    package var message: String

    package var description: String { message }

    package init(kind: Kind, rule: String?, entry: String?, message: String) {
        self.kind = kind
        self.rule = rule
        self.entry = entry
        self.message = message
    }

    package static func refused(_ entry: String, rule: String, _ reason: String) -> PluginFailure {
        PluginFailure(kind: .refused, rule: rule, entry: entry, message: "entry '\(entry)' refused (\(rule)): \(reason)")
    }

    package static func invalid(_ message: String, entry: String? = nil, rule: String? = nil) -> PluginFailure {
        PluginFailure(kind: .invalidInput, rule: rule, entry: entry, message: message)
    }

    package static func failed(_ message: String, entry: String? = nil) -> PluginFailure {
        PluginFailure(kind: .failed, rule: nil, entry: entry, message: message)
    }
}
