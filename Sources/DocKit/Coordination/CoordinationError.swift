/// Why a mutation did not start: another process holds the document.
public enum CoordinationError: DocKitError, Hashable {
    /// Another process is mutating it; `holder` is nil when it has not
    /// said who it is yet.
    case busy(document: String, holder: LockHolder?)
    /// A handler has it open (`open --wait`).
    case open(document: String, holders: [LockHolder])
    /// A sync engine is still writing it: `temporary` is the engine's file.
    case incomplete(document: String, temporary: String, writer: String)
    /// It changed between the listing and the operation.
    case changing(document: String, detail: String)

    public var kind: FailureKind { .refused }

    public var description: String {
        switch self {
        case .busy(let document, let holder):
            "\(document): another docbrowser process is \(holder?.description ?? "changing it"); try again when it is done"
        case .open(let document, let holders):
            "\(document): \(holders.map(\.description).joined(separator: ", ")); close it first, or use --force"
        case .incomplete(let document, let temporary, let writer):
            "\(document): incomplete: \(writer) is still writing it (\(temporary)); try again when it is done, or use --force"
        case .changing(let document, let detail):
            "\(document): incomplete: \(detail), so something is still writing it; try again when it is done, or use --force"
        }
    }
}
