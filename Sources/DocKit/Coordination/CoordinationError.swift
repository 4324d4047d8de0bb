import Foundation

/// Why a mutation did not start: another process holds the document.
enum CoordinationError: DocKitFailure, Hashable {
    /// Another process is mutating it; `holder` is nil when it has not
    /// said who it is yet.
    case busy(document: String, holder: LockHolder?)
    /// A handler has it open (`open --wait`).
    case open(document: String, holders: [LockHolder])
    /// A sync engine is still writing it: `temporary` is the engine's file.
    case incomplete(document: String, temporary: String, writer: String)
    /// It changed between the listing and the operation.
    case changing(document: String, detail: String)
    /// A cloud document something in which changed `ago`, within the
    /// quiet period (``QuietPeriod``): a sync engine may still be
    /// delivering it, with no temporary to show between two files.
    case recentlyChanged(document: String, ago: Duration)
    /// The sync engine writing the cloud folder said it still needs files
    /// of it (``SyncEngines``).
    case engineNeeds(document: String, need: SyncEngineNeed)
    /// `--wait` ran out before its sync engine finished it.
    case stillIncomplete(document: String, waited: Duration, reason: String)

    var code: DocKitError.Code {
        switch self {
        case .busy: .busy
        case .open: .inUse
        case .incomplete, .changing, .recentlyChanged, .engineNeeds: .incomplete
        case .stillIncomplete: .stillIncomplete
        }
    }

    var document: String? {
        switch self {
        case .busy(let document, _), .open(let document, _), .incomplete(let document, _, _), .changing(let document, _),
             .recentlyChanged(let document, _), .engineNeeds(let document, _), .stillIncomplete(let document, _, _): document
        }
    }

    /// One line for the user, naming the document, file or argument concerned.
    var description: String {
        switch self {
        case .busy(let document, let holder):
            "\(document): another docbrowser process is \(holder?.description ?? "changing it"); try again when it is done"
        case .open(let document, let holders):
            "\(document): \(holders.map(\.description).joined(separator: ", "))"
        case .incomplete(let document, _, _), .changing(let document, _), .recentlyChanged(let document, _), .engineNeeds(let document, _):
            "\(document): incomplete: \(reason)"
        case .stillIncomplete(let document, let waited, let reason):
            "\(document): still incomplete after waiting \(Self.seconds(waited)) s: \(reason)"
        }
    }

    /// Why a document is incomplete, without its name.
    var reason: String {
        switch self {
        case .incomplete(_, let temporary, let writer): "\(writer) is still writing it (\(temporary))"
        case .changing(_, let detail): "\(detail), so something is still writing it"
        case .recentlyChanged(_, let ago): "changed \(Int(ago / .milliseconds(1))) ms ago; may still be syncing"
        case .engineNeeds(_, let need): need.reason
        case .stillIncomplete(_, _, let reason): reason
        case .busy, .open: description
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return String(format: "%g", seconds)
    }
}
