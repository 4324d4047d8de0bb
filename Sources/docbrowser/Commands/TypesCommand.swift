import ArgumentParser
import DocKit
import Foundation

struct TypesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Show the Uniform Type Identifier registry.",
        subcommands: [TypesShow.self, TypesLookup.self, TypesConforms.self, TypesRebuild.self],
        defaultSubcommand: TypesShow.self
    )
}

struct TypesShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "List every known type, or show one with its conformances and tags."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A type identifier, such as public.png.")
    var identifier: String?

    func run() async throws {
        let context = CommandContext(global)
        let registry = try context.typeRegistry().registry
        if let identifier {
            guard let type = registry.type(withIdentifier: identifier) else {
                throw TypeRegistryError.unknownType( identifier)
            }
            let report = TypeReport(type, in: registry)
            if global.json { try context.output.emit(json: report) } else { context.output.line(report.humanText) }
            return
        }
        let types = registry.allTypes
        if global.json {
            try context.output.emit(json: types.map { TypeReport($0, in: registry) })
            return
        }
        var table = Table("IDENTIFIER", "EXTENSIONS", "DESCRIPTION")
        for type in types {
            table.append([type.identifier, type.filenameExtensions.prefix(3).joined(separator: " "), type.description ?? ""])
        }
        context.output.line(table.render())
    }
}

struct TypesLookup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Find the type of a filename extension, a MIME type, or a file.",
        discussion: """
        A PATH is looked up by its name; a directory is a package when its extension \
        names a package type. A file whose name says nothing is sniffed by content, \
        and the answer says that it was guessed.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("ext"), help: ArgumentHelp("A filename extension, such as pdf or tar.gz.", valueName: "E"))
    var filenameExtension: String?

    @Option(name: .customLong("mime"), help: ArgumentHelp("A MIME type, such as application/pdf.", valueName: "M"))
    var mimeType: String?

    @Option(name: .customLong("conforming-to"), help: ArgumentHelp("Only types conforming to this one (without it, data types are preferred, then packages).", valueName: "UTI"))
    var supertype: String?

    @Argument(help: "A file or directory.")
    var path: String?

    func validate() throws {
        let given = [filenameExtension != nil, mimeType != nil, path != nil].filter { $0 }.count
        if given != 1 { throw ValidationError("Give exactly one of --ext E, --mime M or PATH.") }
    }

    struct Report: Encodable {
        var query: [String: String]
        var type: TypeReport
        /// Every type that claims the tag, best first.
        var candidates: [String]
        var guessed: Bool
        var evidence: String?
    }

    func run() async throws {
        let context = CommandContext(global)
        let registry = try context.typeRegistry().registry
        let report: Report
        if let filenameExtension {
            report = lookup(tag: filenameExtension, tagClass: .filenameExtension, in: registry)
        } else if let mimeType {
            report = lookup(tag: mimeType, tagClass: .mimeType, in: registry)
        } else {
            report = try lookup(path: path!, in: registry)
        }
        if global.json {
            try context.output.emit(json: report)
            return
        }
        context.output.line(report.type.humanText)
        if report.guessed, let evidence = report.evidence {
            context.output.line("  guessed:      yes, from the content (\(evidence))")
        }
        if report.candidates.count > 1 {
            context.output.line("  also claimed by: \(report.candidates.dropFirst().joined(separator: ", "))")
        }
    }

    private func lookup(tag: String, tagClass: TypeTagClass, in registry: TypeRegistry) -> Report {
        let type = registry.preferredType(withTag: tag, tagClass: tagClass, conformingTo: supertype)
        let candidates = registry.types(withTag: tag, tagClass: tagClass, conformingTo: supertype).map(\.identifier)
            .sorted { lhs, rhs in lhs == type.identifier && rhs != type.identifier }
        return Report(
            query: [tagClass == .filenameExtension ? "ext" : "mime": tag],
            type: TypeReport(type, in: registry),
            candidates: candidates.isEmpty ? [type.identifier] : candidates,
            guessed: false
        )
    }

    private func lookup(path: String, in registry: TypeRegistry) throws -> Report {
        let identification = try FileTypeIdentifier(registry: registry).identify(URL(fileURLWithPath: path))
        return Report(
            query: ["path": path],
            type: TypeReport(identification.type, in: registry),
            candidates: [identification.type.identifier],
            guessed: identification.guess != nil,
            evidence: identification.guess?.evidence
        )
    }
}

struct TypesConforms: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conforms",
        abstract: "Exit 0 if type A conforms to type B, 1 if it does not.",
        discussion: "Conformance is reflexive and transitive: public.png conforms to public.image, public.data and public.item."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The type to test.")
    var identifier: String

    @Argument(help: "The supertype.")
    var supertype: String

    struct Report: Encodable {
        var type: String
        var supertype: String
        var conforms: Bool
    }

    func run() async throws {
        let context = CommandContext(global)
        let registry = try context.typeRegistry().registry
        for name in [identifier, supertype] where registry.type(withIdentifier: name) == nil {
            throw TypeRegistryError.unknownType( name)
        }
        let conforms = registry.conforms(identifier, to: supertype)
        if global.json {
            try context.output.emit(json: Report(type: identifier, supertype: supertype, conforms: conforms))
        } else if !global.quiet {
            context.output.line(conforms ? "yes: \(identifier) conforms to \(supertype)" : "no: \(identifier) does not conform to \(supertype)")
        }
        if !conforms { throw ExitCode(ExitStatus.failure) }
    }
}

struct TypesRebuild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild",
        abstract: "Rebuild the registry from its sources now.",
        discussion: "docbrowser rebuilds by itself when a source file changes; this forces it."
    )

    @OptionGroup var global: GlobalOptions

    struct Report: Encodable {
        var types: Int
        var sourceFiles: [String]
        var problems: [String]
    }

    func run() async throws {
        let context = CommandContext(global)
        let store = try context.typeRegistryStore()
        let snapshot = try store.snapshot(forceRebuild: true)
        let report = Report(
            types: snapshot.registry.count,
            sourceFiles: store.sources.files().map(\.path),
            problems: snapshot.problems.map(\.description)
        )
        if global.json {
            try context.output.emit(json: report)
            return
        }
        for problem in snapshot.problems { context.output.warning("\(problem.description) (skipped)") }
        context.output.line("Rebuilt the type registry: \(report.types) types from \(report.sourceFiles.count) files.")
        if global.verbose {
            for file in report.sourceFiles { context.output.line("  \(file)") }
        }
    }
}
