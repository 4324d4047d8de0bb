import ArchiveChecks
import ArgumentParser
import CArchive
#if canImport(Glibc)
import Glibc
#endif

/// docbrowser's bundled archiver plugin. It speaks the plugin protocol of
/// docs/PLUGIN-PROTOCOL.md: JSON Lines events on stdout, one line of
/// diagnostics per problem on stderr, and the exit status of docbrowser.
@main
struct ArchiverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docbrowser-archiver",
        abstract: "docbrowser's archiver plugin: writes, lists and safely extracts archives with libarchive.",
        discussion: "Speaks the docbrowser plugin protocol (docs/PLUGIN-PROTOCOL.md): JSON Lines on stdout, diagnostics on stderr.",
        version: "0.1.0",
        subcommands: [EntryOperation.self, ExportOperation.self, ExtractOperation.self, ExtractEntryOperation.self, ListOperation.self]
    )

    /// libarchive converts names through the C library's locale: in the
    /// default "C" locale it drops the zip UTF-8 flag when writing and
    /// returns NULL for flagged names when reading.
    static func prepareLocale() {
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }
}
