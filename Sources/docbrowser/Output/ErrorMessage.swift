import DocBrowserReports
import DocKit

/// An error as the CLI says it: DocKit's account of what happened to
/// which file, then what to do about it in this command line's terms
/// (its flags and commands), which a library's caller would not have.
/// With `--json`, the same as an object with its kind and exit status.
enum ErrorMessage {
    /// The option that waits for sync engines is `--wait` in every
    /// command but `open-in`, whose `--wait` waits for the app.
    static let defaultWaitOption = "--wait"

    /// - Parameter waitOption: The command's option that waits for sync
    ///   engines, which the hints name.
    static func line(for error: any Error, waitOption: String = defaultWaitOption) -> String {
        guard let error = error as? DocKitError else { return "\(error)" }
        return error.description + (hint(for: error, waitOption: waitOption) ?? "")
    }

    /// `{"event": "error", "message": …, "kind": "notFound", "exitStatus": 3}`,
    /// as plugins report theirs, and the document it is about, for a
    /// command working through several.
    struct Report: Encodable {
        var event = "error"
        var message: String
        var kind: String
        var exitStatus: Int32
        var document: String?

        init(_ error: any Error, document: String? = nil, waitOption: String = defaultWaitOption) {
            message = ErrorMessage.line(for: error, waitOption: waitOption)
            let docKitError = error as? DocKitError
            kind = (docKitError.map { ErrorKind($0.code) } ?? .failed).rawValue
            exitStatus = docKitError.map(ExitStatus.status(for:)) ?? ExitStatus.failure
            self.document = document
        }
    }

    /// Written on stderr: one line, or one compact JSON object.
    static func write(_ error: any Error, json: Bool, waitOption: String = defaultWaitOption) {
        if json, let object = try? Output.compactJSON(Report(error, waitOption: waitOption)) {
            Terminal.standardError.write(object)
        } else {
            Terminal.standardError.write("docbrowser: \(TerminalText.line(line(for: error, waitOption: waitOption)))\n")
        }
    }

    private static func hint(for error: DocKitError, waitOption: String) -> String? {
        switch error.code {
        case .documentNotFound: " (see 'docbrowser list')"
        case .inUse: "; close it first, or use --force"
        case .incomplete: "; try again when it is done, wait for it with \(waitOption), or use --force"
        case .stillIncomplete: "; wait longer (\(waitOption)=SECONDS), or use --force"
        case .versionNotFound: " ('docbrowser versions' lists them)"
        case .unresolvedConflict: "; resolve it first ('docbrowser versions' lists them), or use --force"
        case .noHandler: error.alternatives.isEmpty ? " (see 'handlers register')" : "; choose one with --with"
        case .handlerNotFound: " (see 'handlers')"
        case .needsTerminal: "; run it from a terminal, or choose another handler with --with"
        case .typeNotFound: " (see 'docbrowser types')"
        case .nameClash: "; use --on-conflict rename"
        case .alreadyExists: ErrorHints.current.alreadyExists
        case .noService: ErrorHints.current.noService
        case .folderGone: "; choose another with --to"
        case .noSuchFolder: "; make it with 'docbrowser new --folder'"
        case .notAnArchive: "; end it in .zip, .tar.gz, … or give --format"
        default: nil
        }
    }
}
