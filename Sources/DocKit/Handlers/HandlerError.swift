/// Why a handler could not be found, chosen, registered or started.
enum HandlerError: DocKitFailure, Hashable {
    /// No handler opens the type; `candidates` are those `--with` accepts.
    case noHandler(document: String, type: String, candidates: [String])
    /// No handler has this identifier.
    case unknownHandler(String)
    /// The handler contributes types only: it has no program to run here.
    case cannotOpen(handler: String, reason: String)
    /// The handler's program could not be started.
    case launchFailed(handler: String, executable: String, reason: String)
    /// A `Terminal=true` handler, and docbrowser has no terminal to give it.
    case needsTerminal(handler: String)
    /// Only registrations in the home can be removed.
    case notRegisteredInHome(handler: String, path: String)
    /// Nothing is at the path given to register.
    case manifestNotFound(path: String)
    /// The file given to register is no manifest, `.handler` bundle or `.desktop` file.
    case notAManifest(path: String)
    /// An iCloud placeholder: the document is not on this machine to be opened.
    case notDownloaded(document: String)

    var code: DocKitError.Code {
        switch self {
        case .noHandler: .noHandler
        case .unknownHandler: .handlerNotFound
        case .manifestNotFound: .notFound
        case .cannotOpen, .notRegisteredInHome: .refused
        case .needsTerminal: .needsTerminal
        case .notDownloaded: .notDownloaded
        case .launchFailed: .launchFailed
        case .notAManifest: .malformed
        }
    }

    var document: String? {
        switch self {
        case .noHandler(let name, _, _), .unknownHandler(let name), .cannotOpen(let name, _), .launchFailed(let name, _, _),
             .needsTerminal(let name), .notRegisteredInHome(let name, _), .manifestNotFound(let name), .notAManifest(let name),
             .notDownloaded(let name): name
        }
    }

    var alternatives: [String] {
        if case .noHandler(_, _, let candidates) = self { return candidates }
        return []
    }

    /// One line for the user, naming the document, file or argument concerned.
    var description: String {
        switch self {
        case .noHandler(let document, let type, let candidates):
            let others = candidates.isEmpty
                ? "no handler that can open anything is registered"
                : "these can open other types: \(candidates.joined(separator: ", "))"
            return "\(document): no handler opens documents of type \(type); \(others)"
        case .unknownHandler(let identifier):
            return "\(identifier): no such handler is registered"
        case .cannotOpen(let handler, let reason):
            return "\(handler): cannot open documents: \(reason)"
        case .launchFailed(let handler, let executable, let reason):
            return "\(handler): \(executable) could not be started (\(reason))"
        case .needsTerminal(let handler):
            return "\(handler): runs in a terminal (Terminal=true), and docbrowser's standard input and output are not one"
        case .notRegisteredInHome(let handler, let path):
            return "\(handler): installed at \(path), not registered in this home, so it cannot be unregistered"
        case .manifestNotFound(let path):
            return "\(path): no such file or directory"
        case .notAManifest(let path):
            return "\(path): not a handler manifest (expected a .plist or .json manifest, a .handler bundle or a .desktop file)"
        case .notDownloaded(let document):
            return "\(document): not downloaded yet, so there is nothing to open"
        }
    }
}
