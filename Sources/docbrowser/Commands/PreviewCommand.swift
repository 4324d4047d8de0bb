import ArgumentParser
import DocBrowserReports
import DocKit
import Foundation

struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Quick Look in the terminal: what each document is and holds, read in bounded bytes.",
        discussion: """
        Text shows its first lines and encoding; JSON and property lists are pretty-printed; CSV becomes \
        a table; images show format, dimensions and colour depth; PDFs their version, pages and title; \
        packages a tree with types and sizes and their Info.plist; archives their entries, sizes and ratio, \
        listed by the archiver plugin; anything else its dates and a hex dump. A handler's preview plugin \
        (DBServices, kind preview) takes over for the types it declares when they are at least as specific; \
        when it fails, the built-in preview is shown with a note naming it and why. \
        Office documents (OpenDocument, Office Open XML, iWork) and EPUB books show their title, author \
        and first lines or cover; audio and video their duration and codecs (ffprobe); PDFs their pages, \
        title, author and first page's text (poppler). \
        On a terminal that shows pictures, an image or a PDF's first page is drawn below its preview: the \
        kitty protocol on kitty, WezTerm, Ghostty and Konsole, iTerm2's on iTerm2, characters drawn by chafa \
        elsewhere; --image chooses, and off a terminal nothing but text is written unless --image asks. \
        A document that cannot be found is reported and the others are still previewed; the exit status \
        is then that of the first failure.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Paths, or names as 'list' shows them (local:NAME or cloud:NAME when both have one).", completion: DocumentNameCompletion.kind)
    var documents: [String]

    @Option(help: ArgumentHelp("Show at most N lines, rows or entries of each document (default: what fits the terminal, 40 on a pipe).", valueName: "N"))
    var lines: Int?

    @Option(help: ArgumentHelp("Draw the picture with kitty, iterm, sixel, symbols, or none (default: what the terminal shows; none off a terminal).", valueName: "protocol"))
    var image: TerminalImage?

    func validate() throws {
        if documents.isEmpty { throw ValidationError("Name at least one document to preview.") }
        if let lines, lines < 1 { throw ValidationError("--lines must be at least 1.") }
    }

    /// A preview as `--json` prints it: see ``PreviewReport``.
    typealias Report = PreviewReport

    func run() async throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let width = Terminal.width ?? 120
        // Room is left for the header, the fields and the notes.
        let fitting = Terminal.height.map { max(8, $0 - 10) } ?? 40
        let options = PreviewOptions(maxLines: lines ?? fitting, lineWidth: max(16, width - 2))
        let previewContext = PreviewContext(registry: catalog.registry, options: options, tools: context.library.previewTools())
        let plugins = context.pluginLocator(registry: catalog.registry).services(.preview)
        let generator = PreviewGenerator(plugins: plugins, home: context.home, environment: context.library.environment, watchdog: catalog.configuration.pluginWatchdog)
        let graphics = global.json ? .none : (image ?? TerminalImage.detected(environment: context.library.environment, isTerminal: Terminal.isStandardOutputATerminal))
        var reports: [Report] = []
        var failure: Int32?
        for argument in documents {
            do {
                let subject = try Self.subject(for: argument, catalog: catalog)
                let preview = try await generator.preview(subject, in: previewContext)
                var report = Report(preview, of: subject, registry: catalog.registry)
                let picture = await Self.picture(of: subject, as: graphics, registry: catalog.registry, tools: previewContext.tools, width: width)
                if let note = picture.note { report.notes.append(note) }
                // Text goes out as each is made, JSON as one array at the end.
                context.output.partialText { text in
                    if !reports.isEmpty || failure != nil { text.line() }
                    text.line(Self.render(report, width: width))
                }
                if let drawing = picture.drawing { context.output.terminalImage(drawing) }
                reports.append(report)
            } catch let error as DocKitError {
                context.output.error(error)
                // Ctrl-C reached the plugin: the user wants the command to stop.
                if error.code == .cancelled, let signal = error.signal { throw ExitCode(128 + signal) }
                failure = failure ?? ExitStatus.status(for: error)
            }
        }
        try context.output.result(reports) { _ in }
        if let failure { throw ExitCode(failure) }
    }

    /// The document's picture as the terminal draws it, or a note on why
    /// there is none; neither for a document without one, or with `none`.
    static func picture(of subject: PreviewSubject, as graphics: TerminalImage, registry: TypeRegistry, tools: PreviewTools,
                        width: Int) async -> (drawing: [UInt8]?, note: String?) {
        guard graphics != .none else { return (nil, nil) }
        let scratch = FileManager.default.temporaryDirectory.appending(path: "docbrowser-picture-\(UUID().uuidString)", directoryHint: .isDirectory)
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            guard let picture = try await PreviewImage.image(for: subject, registry: registry, tools: tools, scratch: scratch) else { return (nil, nil) }
            let columns = min(max(16, width - 2), 80)
            let rows = min(max(8, (Terminal.height ?? 24) / 2), 24)
            switch graphics {
            case .kitty where picture.isPNG:
                return (TerminalImage.kittySequence(png: try Self.bytes(of: picture)), nil)
            case .kitty:
                // The protocol takes PNG alone; chafa converts the rest.
                return (try await picture.drawn(as: "kitty", columns: columns, rows: rows, tools: tools), nil)
            case .iterm:
                return (TerminalImage.itermSequence(try Self.bytes(of: picture)), nil)
            case .sixel, .symbols:
                return (try await picture.drawn(as: graphics.rawValue, columns: columns, rows: rows, tools: tools), nil)
            case .none:
                return (nil, nil)
            }
        } catch {
            return (nil, "no picture: \(error)")
        }
    }

    /// Terminals take an inline image of some megabytes at most.
    static let maxInlineImageBytes = 16 << 20

    private static func bytes(of picture: PreviewImage) throws -> [UInt8] {
        let bytes = try BoundedFileReader().read(picture.path, offset: 0, count: maxInlineImageBytes + 1)
        guard bytes.count <= maxInlineImageBytes else { throw PictureTooLarge() }
        return bytes
    }

    private struct PictureTooLarge: Error, CustomStringConvertible {
        var description: String { "the image is larger than \(PreviewCommand.maxInlineImageBytes) bytes, too large to send to the terminal" }
    }

    /// A document of the catalog, or any file or directory given by path,
    /// as `cat` would take it.
    static func subject(for argument: String, catalog: DocumentCatalog) throws -> PreviewSubject {
        do {
            return PreviewSubject(try catalog.resolve(argument))
        } catch let error as DocKitError where [.notFound, .documentNotFound].contains(error.code) {
            let path = RawPath(argument: argument)
            guard (try? FileStatus.of(path)) ?? nil != nil else { throw DocKitError.noSuchDocument(argument) }
            return try PreviewSubject.file(at: path, registry: catalog.registry)
        }
    }

    static func render(_ report: Report, width: Int) -> String {
        var lines = [Terminal.bold("==> \(Preview.visible(report.name)) <==")]
        let labelWidth = (report.fields.filter { $0.group == nil }.map(\.label.count).max() ?? 0) + 2
        for var field in report.fields {
            if field.label == "size", let bytes = Int64(field.value.prefix { $0.isNumber }) {
                field.value = "\(Formatting.size(bytes)) (\(bytes) bytes)"
            }
            let value = Preview.visible(field.value)
            if field.group != nil {
                lines.append("      \(Preview.visible(field.label)) = \(value)")
            } else {
                lines.append("  " + (field.label + ":").padding(toLength: labelWidth, withPad: " ", startingAt: 0) + value)
            }
        }
        if let table = report.table {
            var rendered = Table()
            rendered.headers = table.columns
            for row in table.rows { rendered.append(row) }
            lines.append("")
            lines += rendered.render(width: width - 2).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
        if let tree = report.tree, !tree.isEmpty {
            var rendered = Table("SIZE", "TYPE", "NAME")
            for entry in tree {
                var name = String(repeating: "  ", count: entry.depth - 1) + Preview.visible(entry.name)
                if entry.kind == .directory { name += "/" }
                if let target = entry.linkTarget { name += " -> \(Preview.visible(target))" }
                if entry.omittedEntries > 0 { name += "  (\(entry.omittedEntries) more inside)" }
                rendered.append([Formatting.size(entry.size), entry.type ?? "", name])
            }
            lines.append("")
            lines += rendered.render(width: width - 2).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
        if let entries = report.entries, !entries.isEmpty {
            // Archive bytes per entry are left to --json: the archiver can
            // only tell them within a header (zip) or a block (tar.gz).
            var rendered = Table("SIZE", "TYPE", "NAME")
            for entry in entries {
                var name = Preview.visible(entry.name)
                if let target = entry.linkTarget { name += " -> \(Preview.visible(target))" }
                if let rule = entry.refused { name += "  [unsafe: \(Preview.visible(rule))]" }
                rendered.append([entry.size.map(Formatting.size) ?? "?", Preview.visible(entry.kind), name])
            }
            lines.append("")
            lines += rendered.render(width: width - 2).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
        if !report.text.isEmpty {
            lines.append("")
            lines += report.text.map { "  " + $0 }
        }
        if !report.notes.isEmpty {
            lines.append("")
            lines += report.notes.map { Terminal.dim("  note: \($0)") }
        }
        return lines.joined(separator: "\n")
    }
}
