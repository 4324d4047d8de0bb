import ArgumentParser
import DocKit
import Foundation

struct HandlersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handlers",
        abstract: "Show, register and choose the handlers (apps) that open documents.",
        subcommands: [HandlersShow.self, HandlersRegister.self, HandlersUnregister.self, HandlersDefault.self],
        defaultSubcommand: HandlersShow.self
    )
}

struct HandlersShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "List every handler, or the candidates for a type or document, best first, with why.",
        discussion: """
        The order: your default (see 'handlers default'), then the handler of the most specific \
        type in the document type's conformance chain, then rank Owner > Default > Alternate, \
        then role Editor > Viewer > Shell. Rank None, role None and handlers without an \
        executable never open; they are listed last.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A type identifier, or a document (a path, or a name as 'list' shows it).")
    var typeOrDocument: String?

    struct Report: Encodable {
        var type: String
        var document: String?
        var candidates: [CandidateReport]
    }

    func run() throws {
        let context = CommandContext(global)
        let handlers = context.handlerRegistry()
        guard let typeOrDocument else {
            let reports = handlers.handlers.map(HandlerReport.init)
            try context.output.result(reports) { text in
                var table = Table("IDENTIFIER", "NAME", "OPENS", "SERVICES", "CLAIMS")
                for report in reports {
                    table.append([report.identifier, report.name ?? "", report.opensSummary, report.servicesSummary, report.claimsSummary])
                }
                text.line(table.render())
            }
            return
        }
        let registry = try context.typeRegistry().registry
        var type = typeOrDocument
        var documentName: String?
        let isType = registry.type(withIdentifier: typeOrDocument) != nil || handlers.claims(typeOrDocument)
        if typeOrDocument.contains("/") || !isType {
            let document = try context.library.readOnlyCatalog(registry: registry).resolve(typeOrDocument)
            type = document.type
            documentName = document.qualifiedName
        }
        let candidates = handlers.candidates(forType: type, registry: registry, defaults: try context.handlerDefaults())
        let report = Report(type: type, document: documentName, candidates: candidates.map(CandidateReport.init))
        try context.output.result(report) { text in
            text.confirmation("Handlers for \(documentName.map { "\($0) (\(type))" } ?? type), best first:")
            guard !candidates.isEmpty else {
                text.line("  none; 'open --with ID' can still use any handler with an executable")
                return
            }
            var table = Table("#", "HANDLER", "RANK", "ROLE", "WHY")
            for (index, candidate) in report.candidates.enumerated() {
                table.append([candidate.opens ? "\(index + 1)" : "-", candidate.identifier, candidate.rank, candidate.role, candidate.why])
            }
            text.line(table.render())
        }
    }
}

struct HandlersRegister: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Register a handler: a manifest (.plist or .json), a .handler bundle, or a .desktop file.",
        discussion: """
        A real app's Info.plist registers as it is. Whatever cannot be understood (a value of the wrong \
        kind, an invalid type identifier, an unknown role) is left out with one warning naming the key \
        path, and the rest still counts; --strict refuses such a manifest instead (exit 6). A \
        CFBundleIdentifier that is missing or a build setting such as $(PRODUCT_BUNDLE_IDENTIFIER) is \
        replaced by one derived from the bundle or file name (Sketch-Info.plist gives local.Sketch), \
        printed; --id chooses another.

        The manifest is copied into HOME/Handlers as ID.plist, ID.json, ID.handler or ID.desktop, \
        replacing an earlier registration of the same identifier in one step. A bundle is copied whole, \
        executable included. A standalone manifest's relative executable paths are made absolute, \
        pointing at the original program, which stays where it is. Its exported and imported types are \
        known at once.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("id"), help: ArgumentHelp("Register under this identifier instead of the manifest's own.", valueName: "identifier"))
    var identifier: String?

    @Flag(help: "Refuse a manifest that has anything unusable in it, instead of leaving that out with a warning.")
    var strict = false

    @Argument(help: "The manifest, bundle or .desktop file.", completion: .file())
    var path: String

    func run() throws {
        let context = CommandContext(global)
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        if strict {
            let manifest = try HandlerManifest.load(from: url, environment: context.library.environment, identifier: identifier)
            if let first = manifest.warnings.first {
                let more = manifest.warnings.count > 1 ? " (and \(manifest.warnings.count - 1) more)" : ""
                throw DocKitError(first.code, document: first.document, description: first.description + more)
            }
        }
        let manifest = try HandlerRegistration(home: context.home).register(url, identifier: identifier, environment: context.library.environment)
        for warning in manifest.warnings {
            context.output.warning(warning.description)
        }
        let report = HandlerReport(manifest)
        try context.output.result(report) { text in
            text.confirmation("Registered \(manifest.identifier)\(manifest.name.map { " (\($0))" } ?? "") at \(report.manifest)")
            if manifest.identifierIsDerived {
                text.note("--id registers it under another identifier")
            }
            if !manifest.canOpen {
                text.note("\(manifest.identifier) has no executable here: it contributes types only and never opens documents")
            }
        }
    }
}

struct HandlersUnregister: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unregister",
        abstract: "Remove a handler registered in this home."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The handler's identifier (CFBundleIdentifier, or a .desktop file's name).")
    var identifier: String

    func run() throws {
        let context = CommandContext(global)
        let removed = try HandlerRegistration(home: context.home).unregister(identifier, installed: context.handlerRegistry())
        try context.output.confirmation(["identifier": AnyEncodable(identifier), "removed": AnyEncodable(removed.map(\.path))]) {
            "Unregistered \(identifier)"
        }
    }
}

struct HandlersDefault: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "default",
        abstract: "Show, set or clear your default handler for a type.",
        discussion: "The default for the most specific type of a document's conformance chain wins over every rank. It is kept in HOME/Library/handler-defaults.json."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A type identifier.")
    var type: String

    @Argument(help: "The handler to open it with.")
    var identifier: String?

    @Flag(help: "Remove the default for the type.")
    var clear = false

    func validate() throws {
        if clear && identifier != nil { throw ValidationError("Give a handler or --clear, not both.") }
    }

    func run() throws {
        let context = CommandContext(global)
        let registry = try context.typeRegistry().registry
        guard let known = registry.type(withIdentifier: type) else { throw DocKitError.noSuchType(type) }
        if !clear, identifier == nil {
            let current = try context.handlerDefaults().handler(for: known.identifier)
            try context.output.result(["type": AnyEncodable(known.identifier), "handler": AnyEncodable(current)]) { text in
                text.line(current.map { "\(known.identifier): \($0)" } ?? "\(known.identifier): no default; the ranks decide (see 'handlers \(known.identifier)')")
            }
            return
        }
        var chosen: String?
        if let identifier {
            let handlers = context.handlerRegistry()
            guard let handler = handlers.handler(withIdentifier: identifier) else { throw DocKitError.noSuchHandler(identifier) }
            try handlers.checkOpens(handler, type: known.identifier, registry: registry)
            chosen = handler.identifier
        }
        _ = try HandlerDefaults.update(home: context.home) { $0.set(chosen, for: known.identifier) }
        try context.output.confirmation(["type": AnyEncodable(known.identifier), "handler": AnyEncodable(chosen)]) {
            chosen.map { "\(known.identifier) now opens with \($0)" } ?? "\(known.identifier) has no default now"
        }
    }
}

/// Lets a small report mix value types without a struct of its own.
struct AnyEncodable: Encodable {
    private let encodeValue: (any Encoder) throws -> Void

    init<Value: Encodable>(_ value: Value) {
        encodeValue = { try value.encode(to: $0) }
    }

    func encode(to encoder: any Encoder) throws { try encodeValue(encoder) }
}
