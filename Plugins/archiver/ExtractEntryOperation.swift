import ArchiveChecks
import ArgumentParser
import CArchive
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `extract-entry --archive FILE --entry NAME [--max-bytes N]`: the bytes
/// of the one regular file named exactly NAME, written to stdout and
/// nothing else: what a preview reads inside a zip-based document
/// (`meta.xml`, `docProps/core.xml`). Nothing is written to disk. At most
/// N bytes are written; a caller that asks for one byte more than it
/// keeps knows whether the entry was longer. Failures are one stderr
/// line and docbrowser's exit status (3 when there is no such entry).
struct ExtractEntryOperation: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract-entry",
        abstract: "Write one entry's bytes to stdout, at most --max-bytes of them.",
        discussion: "The entry is named exactly as the archive stores it; only a regular file is written."
    )

    /// A document's part is kilobytes; an entry bigger than this is not one a preview reads whole.
    static let defaultMaxBytes = 16 << 20

    @Option(name: .long, help: "The archive to read.")
    var archive: String

    @Option(name: .long, help: "The entry's name, exactly as stored.")
    var entry: String

    @Option(name: .long, help: "Write at most this many bytes (default: 16 MiB).")
    var maxBytes: Int = ExtractEntryOperation.defaultMaxBytes

    @Option(name: .long, help: "Charset of zip names without the UTF-8 flag (default: UTF-8 when valid, else CP437).")
    var charset: String?

    func validate() throws {
        if maxBytes < 0 { throw ValidationError("--max-bytes must not be negative.") }
    }

    func run() throws {
        ArchiverCommand.prepareLocale()
        do {
            let reader = try ArchiveReader(path: archive, charset: charset)
            let wanted = Array(entry.utf8)
            while let header = try reader.next() {
                guard reader.name(of: header) == wanted, archive_entry_filetype(header) == EntryType.regular else {
                    guard archive_read_data_skip(reader.handle) >= ARCHIVE_WARN else { throw reader.damaged() }
                    continue
                }
                try copy(reader)
                return
            }
            throw PluginFailure(kind: .notFound, rule: nil, entry: entry, message: "has no file entry '\(oneLine(entry))'")
        } catch let failure as PluginFailure {
            FileHandle.standardError.write(Data("docbrowser-archiver: \(archive): \(oneLine(failure.message))\n".utf8))
            throw ExitCode(failure.kind.exitCode)
        }
    }

    private func copy(_ reader: ArchiveReader) throws(PluginFailure) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var remaining = maxBytes
        while remaining > 0 {
            let count = buffer.withUnsafeMutableBytes { archive_read_data(reader.handle, $0.baseAddress, min($0.count, remaining)) }
            if count == 0 { return }
            guard count > 0 else { throw reader.damaged() }
            let failed: Int32? = buffer.withUnsafeBytes { bytes in
                var offset = 0
                while offset < count {
                    let written = write(STDOUT_FILENO, bytes.baseAddress! + offset, count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    offset += written
                }
                return nil
            }
            if let failed { throw PluginFailure.failed("cannot write to stdout: \(String(cString: strerror(failed)))") }
            remaining -= count
        }
    }
}
