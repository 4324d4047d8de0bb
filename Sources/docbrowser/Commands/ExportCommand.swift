

#if canImport(Glibc)
import DocBrowserReports
import Glibc
#endif
import ArgumentParser
import DocKit
import Foundation

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write documents into an archive for sharing, through the archiver plugin.",
        discussion: """
        The format's export plugin writes the archive: the bundled archiver, or a plugin a handler \
        manifest declares for that type (see docs/PLUGIN-PROTOCOL.md). \
        A package or folder becomes one top-level directory; symbolic links, permissions and \
        modification times are kept; zip names carry the UTF-8 flag and zip64 is used when needed. \
        FILE is written beside itself under a hidden name and renamed into place when complete; \
        an existing FILE is refused unless --force; - writes the archive to standard output, \
        as `bsdtar -cf -` does (never to a terminal, nor with --json), with zip unless --format \
        says otherwise. \
        A FILE whose name says one format while --format says another is refused. --reproducible stores entries in byte order \
        with owner 0:0 and no archive-level timestamps, so identical documents give identical bytes.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Documents: paths, or names as 'list' shows them.", completion: DocumentNameCompletion.kind)
    var documents: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("The archive to write, or - for standard output.", valueName: "FILE"))
    var output: String

    @Option(name: .long, help: ArgumentHelp(
        "zip, tar, tar.gz, tar.bz2, tar.xz, tar.zst or 7z, or the extension or type identifier of a format a registered plugin exports (default: from FILE's extension, zip for a name without one; a name of another type, such as x.pdf, is refused).",
        valueName: "format"
    ))
    var format: String?

    @Option(name: .long, help: "Compression level (zip, xz, 7z: 0-9; gzip, bzip2: 1-9; zstd: 1-19).")
    var level: Int?

    @Flag(name: .long, help: "Byte-identical output for identical documents.")
    var reproducible = false

    @Flag(name: .long, help: "Replace an existing FILE (atomically), and export documents a sync engine is still writing.")
    var force = false

    @Flag(name: .long, help: "Export every document.")
    var all = false

    @OptionGroup var syncWait: SyncWaitOption

    @OptionGroup var location: LocationOption

    func validate() throws {
        if all && !documents.isEmpty { throw ValidationError("Give documents or --all, not both.") }
        if !all && documents.isEmpty { throw ValidationError("Give at least one document, or --all.") }
        if !all && (location.local || location.cloud) { throw ValidationError("--local and --cloud go with --all.") }
        if toStandardOutput && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError("Standard output is a terminal: redirect it, or give -o FILE.")
        }
        if toStandardOutput && global.json {
            throw ValidationError("--json and -o - both want standard output: give -o FILE for a JSON summary.")
        }
    }

    private var toStandardOutput: Bool { output == "-" }

    /// `--format` and FILE's name must agree, and a level must be one the
    /// format takes: both are the user's words, checked before any work.
    private func chosenFormat(locator: HandlerServiceLocator) throws -> ArchiveFormat {
        let registry = locator.types
        let named = toStandardOutput ? nil : ArchiveFormat(filename: output, registry: registry)
        let format: ArchiveFormat
        if let argument = self.format {
            format = try ArchiveFormat(argument: argument, registry: registry)
            if let named, named != format, !registry.conforms(named.typeIdentifier, to: format.typeIdentifier) {
                let kind = registry.type(withIdentifier: named.typeIdentifier)?.description ?? named.name
                throw ValidationError("\(output) names a \(kind) (\(named.typeIdentifier)), but --format is \(format): make them agree.")
            }
            if named == nil, !toStandardOutput {
                do {
                    _ = try ArchiveFormat(output: output, registry: registry)
                } catch {
                    let type = registry.type(forFileName: RawPath(output).lastComponent.description, isDirectory: false)
                    let named = type.description.map { "\"\($0)\" (\(type.identifier))" } ?? type.identifier
                    throw ValidationError("\(output) names \(named), not a \(format) archive: make them agree.")
                }
            }
        } else {
            format = toStandardOutput ? .zip : try ArchiveFormat(output: output, registry: registry)
        }
        // A plugin that took the format over judges its own levels.
        let writtenByArchiver = (try? locator.service(.export, for: format.typeIdentifier))?.identifier == BundledArchiverLocator.identifier
        let written = format.bundledFormat ?? format
        if let level, written.isBundled, writtenByArchiver {
            guard let levels = written.compressionLevels else {
                throw ValidationError("--level: \(format) has no compression.")
            }
            guard levels.contains(level) else {
                throw ValidationError("--level \(level): \(format) takes \(levels.lowerBound) to \(levels.upperBound).")
            }
        }
        return format
    }

    func run() async throws {
        let context = CommandContext(global)
        let locator = try context.pluginLocator()
        let format = try chosenFormat(locator: locator)
        let catalog = try context.documentCatalog()
        var chosen: [Document]
        if all {
            var query = DocumentQuery()
            if let only = location.location { query.locations = [only] }
            chosen = try await catalog.documents(matching: query)
        } else {
            chosen = try documents.map { try catalog.resolve($0) }
        }
        // A placeholder's stub is no document, and a document still
        // arriving would go out half-written.
        let waiting = syncWait.start()
        for (index, document) in chosen.enumerated() {
            if document.states.contains(.notDownloaded) { throw DocKitError.notDownloaded(document.qualifiedName, action: "export") }
            chosen[index] = try await SyncWaitOption.settled(document, within: waiting, in: catalog, output: context.output)
            try SyncActivity.refuseIfIncomplete(chosen[index], force: force, quietPeriod: catalog.quietPeriod)
        }
        let exporter = ArchiveExporter(
            locator: locator, home: context.home, environment: context.library.environment, watchdog: catalog.configuration.pluginWatchdog
        )
        let bar = ProgressReporter(output: context.output, streamsEvents: false)
        let summary: ArchiveExporter.Summary
        do {
            defer { bar.finish() }
            summary = try await exporter.export(
                chosen.map(\.path), to: toStandardOutput ? .descriptor(STDOUT_FILENO) : .file(RawPath(argument: output)),
                options: .init(format: format, level: level, reproducible: reproducible, force: force),
                progress: { bar.update($0) }
            )
        }
        if toStandardOutput {
            // Standard output holds the archive; the summary is a remark.
            context.output.note(summaryLine(summary, count: chosen.count))
        } else {
            try context.output.confirmation(ExportReport(summary)) { summaryLine(summary, count: chosen.count) }
        }
    }

    private func summaryLine(_ summary: ArchiveExporter.Summary, count: Int) -> String {
        "Exported \(count) document\(count == 1 ? "" : "s") (\(summary.entries) entr\(summary.entries == 1 ? "y" : "ies"), "
            + "\(Formatting.size(summary.bytes))) to \(output): \(Formatting.size(summary.archiveBytes))"
    }
}
