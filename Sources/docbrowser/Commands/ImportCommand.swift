#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import DocKit
import Foundation

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring archives' contents and other files in as documents.",
        discussion: """
        Each top-level item of an archive (zip, tar, tar.gz, tar.xz, tar.zst, tar.Z, 7z, cpio, rar, cab, …) becomes a \
        document; any other file, package or folder is copied in as one, and so is a document \
        built on an archive (a .cbz comic, a .jar, a .pkpass). A file whose name says nothing \
        (no extension, or .bin) is recognised as an archive by its content. Archives are extracted \
        by their import plugin into a staging folder under the home's tmp, never in place, and \
        unsafe entries (absolute paths, '..', escaping links, devices, zip bombs) are refused. \
        All or nothing: if anything is refused or fails, no document appears. macOS metadata \
        (__MACOSX, .DS_Store) and other hidden top-level items are skipped and listed, and so are \
        .DS_Store and AppleDouble ._ files at any depth of an archive.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Archives and other files to import.", valueName: "file"), completion: .file())
    var files: [String]

    @Option(name: .long, help: "Where to: local or cloud (default: the preferred location, see 'storage').")
    var to: Location?

    @Option(name: .long, help: "When a name is taken: fail, rename (\"Name 2.ext\") or replace (the old one goes to the Trash).")
    var onConflict: ConflictPolicy = .fail

    @Flag(name: .long, help: "Replace documents a handler has open, and wait for other docbrowser processes instead of refusing.")
    var force = false

    @Option(name: .long, help: "Refuse an archive of more entries than this.")
    var maxEntries = ArchiveExtractor.Limits().entries

    @Option(name: .long, help: "Refuse an archive that expands to more bytes than this.")
    var maxBytes = ArchiveExtractor.Limits().bytes

    @Option(name: .long, help: "Refuse an entry past 1 MiB that expands more than this many times.")
    var maxRatio = ArchiveExtractor.Limits().ratio

    @Option(name: .long, help: "The character set of zip names without the UTF-8 flag (default: UTF-8 when valid, else CP437).")
    var charset: String?

    func run() async throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let extractor = ArchiveExtractor(
            locator: try context.pluginLocator(), home: context.home, environment: context.library.environment,
            limits: .init(entries: maxEntries, bytes: maxBytes, ratio: maxRatio), charset: charset,
            watchdog: catalog.configuration.pluginWatchdog
        )
        let importer = DocumentImporter(catalog: catalog, extractor: extractor, trash: context.trash, force: force)
        let bar = ProgressReporter(output: context.output, streamsEvents: false)
        let result: DocumentImporter.Result
        do {
            defer { bar.finish() }
            result = try await importer.importFiles(files.map { RawPath(argument: $0) }, to: to ?? catalog.configuration.preferredLocation,
                                                     onConflict: onConflict, progress: { bar.update($0) })
        }
        try context.output.result(ImportReport(result)) { text in
            for item in result.items {
                var line = "Imported \(item.document)"
                if item.renamed { line += " (renamed)" }
                if let trashName = item.displacedTrashName { line += "; the document it replaced is in the Trash as \(trashName)" }
                text.confirmation(line)
            }
            if !result.skipped.isEmpty {
                text.confirmation("Skipped \(result.skipped.count) hidden item\(result.skipped.count == 1 ? "" : "s"): \(result.skipped.joined(separator: ", "))")
            }
            if !result.superseded.isEmpty {
                let count = result.superseded.count
                text.confirmation("Kept the last copy, as tar does, of \(count) file\(count == 1 ? "" : "s") the archive holds more than once: "
                                  + result.superseded.joined(separator: ", "))
            }
        }
    }
}
