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
        guard let error = error as? any DocKitError else { return "\(error)" }
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
            let docKitError = error as? any DocKitError
            kind = (docKitError?.kind ?? .failed).rawValue
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

    private static func hint(for error: any DocKitError, waitOption: String) -> String? {
        switch error {
        case let error as CatalogError:
            if case .documentNotFound = error { return " (see 'docbrowser list')" }
        case let error as CoordinationError:
            switch error {
            case .open: return "; close it first, or use --force"
            case .incomplete, .changing, .recentlyChanged, .engineNeeds: return "; try again when it is done, wait for it with \(waitOption), or use --force"
            case .stillIncomplete: return "; wait longer (\(waitOption)=SECONDS), or use --force"
            case .busy: return nil
            }
        case let error as VersionsError:
            switch error {
            case .noSuchVersion: return " ('docbrowser versions' lists them)"
            case .unresolved: return "; resolve it first ('docbrowser versions' lists them), or use --force"
            case .noCurrentVersion, .lostPackage: return nil
            }
        case let error as HandlerError:
            switch error {
            case .noHandler(_, _, let candidates): return candidates.isEmpty ? " (see 'handlers register')" : "; choose one with --with"
            case .unknownHandler: return " (see 'handlers')"
            case .needsTerminal: return "; run it from a terminal, or choose another handler with --with"
            default: return nil
            }
        case let error as TypeRegistryError:
            if case .unknownType = error { return " (see 'docbrowser types')" }
        case let error as ImportError:
            switch error {
            case .sameName, .sameNameInOneFile: return "; use --on-conflict rename"
            default: return nil
            }
        case let error as MoveError:
            if case .destinationTaken = error { return "; use --on-conflict rename or replace" }
            if case .destinationFolderMissing = error { return "; choose another with --to" }
        case is StorageError:
            return " (use --on-conflict rename or replace)"
        case let error as ArchiveFormatError where error.namedType != nil:
            return "; end it in .zip, .tar.gz, … or give --format"
        case is ExportError:
            return "; use --force to replace it"
        case is PluginServiceError:
            return " (see 'docbrowser handlers')"
        default:
            return nil
        }
        return nil
    }
}
