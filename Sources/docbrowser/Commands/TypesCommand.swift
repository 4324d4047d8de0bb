import ArgumentParser
import DocKit
import Foundation

struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Show the Uniform Type Identifier registry.",
        subcommands: [TypesShow.self, TypesLookup.self, TypesConforms.self, TypesRebuild.self],
        defaultSubcommand: TypesShow.self
    )
}

struct TypesShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "List every known type, or show one with its conformances and tags."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A type identifier, such as public.png.")
    var identifier: String?

    func run() throws {
        let context = CommandContext(global)
        let registry = try context.typeRegistry().registry
        if let identifier {
            guard let type = registry.type(withIdentifier: identifier) else {
                throw DocKitError.noSuchType(identifier)
            }
            let report = TypeReport(type, in: registry)
            try context.output.result(report) { $0.line(report.humanText) }
            return
        }
        let types = registry.allTypes
        try context.output.result(types.map { TypeReport($0, in: registry) }) { text in
            var table = Table("IDENTIFIER", "EXTENSIONS", "DESCRIPTION")
            for type in types {
                table.append([type.identifier, type.filenameExtensions.prefix(3).joined(separator: " "), type.description ?? ""])
            }
            text.line(table.render())
        }
    }
}

struct TypesLookup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Find the type of a filename extension, a MIME type, or files.",
        discussion: """
        A PATH is looked up by its name; a directory is a package when its extension \
        names a package type. A file whose name says nothing is sniffed by content, \
        and the answer says that it was guessed. With several paths, or --files-from, \
        each gets one line, PATH: TYPE, as `file --mime-type` prints them.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("ext"), help: ArgumentHelp("A filename extension, such as pdf or tar.gz.", valueName: "E"))
    var filenameExtension: String?

    @Option(name: .customLong("mime"), help: ArgumentHelp("A MIME type, such as application/pdf.", valueName: "M"))
    var mimeType: String?

    @Option(name: .customLong("conforming-to"), help: ArgumentHelp("Only types conforming to this one (without it, data types are preferred, then packages).", valueName: "UTI"))
    var supertype: String?

    @Option(name: .customLong("files-from"), help: ArgumentHelp("Read the paths from FILE, one a line; - reads standard input.", valueName: "FILE"))
    var filesFrom: String?

    @Flag(name: [.customShort("0"), .customLong("null")], help: "With --files-from, paths end with NUL instead of a newline, as `find -print0` writes them.")
    var nullSeparated = false

    @Argument(help: "Files or directories.", completion: .file())
    var paths: [String] = []

    func validate() throws {
        let given = [filenameExtension != nil, mimeType != nil, !paths.isEmpty || filesFrom != nil].filter { $0 }.count
        if given != 1 { throw ValidationError("Give exactly one of --ext E, --mime M, or paths (PATH... or --files-from FILE).") }
        if nullSeparated && filesFrom == nil { throw ValidationError("-0 applies to --files-from only.") }
    }

    /// `type` is the identifier, as everywhere; the type as `types show`
    /// prints it is `declaration`.
    struct Report: Encodable {
        var query: [String: String]
        var type: String
        var declaration: TypeReport
        /// Every type that claims the tag, best first (`candidates` are
        /// handlers, as `handlers TYPE` ranks them).
        var candidateTypes: [String]
        var typeWasGuessed: Bool
        var evidence: String?

        init(query: [String: String], declaration: TypeReport, candidateTypes: [String], typeWasGuessed: Bool, evidence: String? = nil) {
            self.query = query
            type = declaration.identifier
            self.declaration = declaration
            self.candidateTypes = candidateTypes
            self.typeWasGuessed = typeWasGuessed
            self.evidence = evidence
        }
    }

    func run() throws {
        let context = CommandContext(global)
        let registry = try context.typeRegistry().registry
        if filenameExtension != nil || mimeType != nil {
            let report = filenameExtension.map { lookup(tag: $0, tagClass: .filenameExtension, in: registry) }
                ?? lookup(tag: mimeType!, tagClass: .mimeType, in: registry)
            try show(report, context: context)
        } else if paths.count == 1 && filesFrom == nil {
            try show(try lookup(path: RawPath(paths[0]), in: FileTypeIdentifier(registry: registry)), context: context)
        } else {
            try lookupEach(try allPaths(), in: FileTypeIdentifier(registry: registry), context: context)
        }
    }

    private func show(_ report: Report, context: CommandContext) throws {
        try context.output.result(report) { text in
            text.line(report.declaration.humanText)
            if report.typeWasGuessed, let evidence = report.evidence {
                text.line("  guessed:      yes, from the content (\(evidence))")
            }
            if report.candidateTypes.count > 1 {
                text.line("  also claimed by: \(report.candidateTypes.dropFirst().joined(separator: ", "))")
            }
        }
    }

    /// One line per path, written as it is typed; a path that cannot be
    /// typed is reported and the others still are, as `file` does.
    private func lookupEach(_ paths: [RawPath], in identifier: FileTypeIdentifier, context: CommandContext) throws {
        var failures = FailureCollector()
        var reports: [Report] = []
        for path in paths {
            do {
                let report = try lookup(path: path, in: identifier)
                reports.append(report)
                context.output.partialText { text in
                    text.line(TerminalText.line("\(path): \(report.type)\(report.typeWasGuessed ? " (guessed)" : "")"))
                }
            } catch {
                failures.record(error, output: context.output)
            }
        }
        try context.output.result(reports) { _ in }
        try failures.finish()
    }

    private func allPaths() throws -> [RawPath] {
        var all = paths.map { RawPath($0) }
        guard let filesFrom else { return all }
        let data: Data
        if filesFrom == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: filesFrom) else {
                guard FileManager.default.fileExists(atPath: filesFrom) else { throw DocKitError.noSuchFile(filesFrom) }
                throw DocKitError.unreadableFile(filesFrom, reason: "not a readable file")
            }
            data = contents
        }
        let separator = nullSeparated ? UInt8(0) : UInt8(ascii: "\n")
        all += data.split(separator: separator, omittingEmptySubsequences: true).map { RawPath(bytes: Array($0)) }
        return all
    }

    private func lookup(tag: String, tagClass: TypeTagClass, in registry: TypeRegistry) -> Report {
        let type = registry.preferredType(withTag: tag, tagClass: tagClass, conformingTo: supertype)
        let candidates = registry.types(withTag: tag, tagClass: tagClass, conformingTo: supertype).map(\.identifier)
            .sorted { lhs, rhs in lhs == type.identifier && rhs != type.identifier }
        return Report(
            query: [tagClass == .filenameExtension ? "ext" : "mime": tag],
            declaration: TypeReport(type, in: registry),
            candidateTypes: candidates.isEmpty ? [type.identifier] : candidates,
            typeWasGuessed: false
        )
    }

    private func lookup(path: RawPath, in identifier: FileTypeIdentifier) throws -> Report {
        let identification = try identifier.identify(path)
        return Report(
            query: ["path": path.description],
            declaration: TypeReport(identification.type, in: identifier.registry),
            candidateTypes: [identification.type.identifier],
            typeWasGuessed: identification.guess != nil,
            evidence: identification.guess?.evidence
        )
    }
}

struct TypesConforms: ParsableCommand {
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

    func run() throws {
        let context = CommandContext(global)
        let registry = try context.typeRegistry().registry
        for name in [identifier, supertype] where registry.type(withIdentifier: name) == nil {
            throw DocKitError.noSuchType(name)
        }
        let conforms = registry.conforms(identifier, to: supertype)
        try context.output.confirmation(Report(type: identifier, supertype: supertype, conforms: conforms)) {
            conforms ? "yes: \(identifier) conforms to \(supertype)" : "no: \(identifier) does not conform to \(supertype)"
        }
        if !conforms { throw ExitCode(ExitStatus.failure) }
    }
}

struct TypesRebuild: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild",
        abstract: "Rebuild the registry from its sources now.",
        discussion: "docbrowser rebuilds by itself when a source file changes; this forces it."
    )

    @OptionGroup var global: GlobalOptions

    /// `typeCount`, as `entryCount` counts a package's entries: `types`
    /// is a list of identifiers wherever else it appears.
    struct Report: Encodable {
        var typeCount: Int
        var sourceFiles: [String]
        var problems: [String]
    }

    func run() throws {
        let context = CommandContext(global)
        let store = try context.typeRegistryStore()
        let snapshot = try store.snapshot(forceRebuild: true)
        let report = Report(
            typeCount: snapshot.registry.count,
            sourceFiles: store.sourceFiles,
            problems: snapshot.problems.map(\.description)
        )
        try context.output.result(report) { text in
            for problem in snapshot.problems { context.output.warning("\(problem.description) (skipped)") }
            text.confirmation("Rebuilt the type registry: \(report.typeCount) types from \(report.sourceFiles.count) files.")
            // --verbose and --quiet exclude each other.
            if global.verbose {
                for file in report.sourceFiles { text.line("  \(file)") }
            }
        }
    }
}
