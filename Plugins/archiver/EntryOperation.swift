import ArchiveChecks
import ArgumentParser
import CArchive
#if canImport(Glibc)
import Glibc
#endif

/// `entry --archive FILE --name NAME... --output FILE --max-bytes N`: the
/// data of one named regular entry, written to a new file. The names are
/// candidates in order of preference (a document's thumbnail may be in
/// any of several places); the most preferred one present is written.
/// Nothing else of the archive is written, and an entry larger than the
/// cap is refused and leaves no file.
struct EntryOperation: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entry",
        abstract: "Write one named entry of an archive to a file.",
        discussion: "The result names the entry written, or none when the archive holds none of the names."
    )

    @Option(name: .long, help: "The archive to read.")
    var archive: String

    @Option(name: .long, help: "An entry to write; repeat it, most preferred first.")
    var name: [String]

    @Option(name: .long, help: "The file to write; it must not exist.")
    var output: String

    @Option(name: .long, help: "The most bytes the entry may hold.")
    var maxBytes: Int

    @Flag(name: .long, help: "When none of the names is there, write the cover image an EPUB's package document names.")
    var epubCover = false

    @Option(name: .long, help: "Stop looking after this many entries.")
    var maxEntries: Int = 10_000

    @Option(name: .long, help: "Charset of zip names without the UTF-8 flag (default: UTF-8 when valid, else CP437).")
    var charset: String?

    struct EntryResult: Encodable {
        let event = "result"
        var name: String?
        var bytes: Int64
    }

    func run() throws {
        ArchiverCommand.prepareLocale()
        try EventStream.perform(subject: archive) { events in
            let reader = try ArchiveReader(path: archive, charset: charset)
            var written = try writeFirst(of: name, from: reader)
            if written == nil, epubCover, let cover = try EpubCover.entryName(in: reader) {
                written = try writeFirst(of: [cover], from: reader.reopened())
            }
            events.emit(EntryResult(name: written?.name, bytes: written?.bytes ?? 0))
        }
    }

    /// Writes the most preferred of `names` the archive holds as a regular entry.
    private func writeFirst(of names: [String], from reader: ArchiveReader) throws(PluginFailure) -> (name: String, bytes: Int64)? {
        let wanted = names.map { Array($0.utf8) }
        var best: (rank: Int, bytes: Int64)?
        while let entry = try reader.next(), reader.entriesRead <= maxEntries {
            guard archive_entry_filetype(entry) == EntryType.regular, let entryName = reader.name(of: entry),
                  let rank = wanted.firstIndex(of: entryName), rank < best?.rank ?? Int.max else { continue }
            best = (rank, try write(from: reader, display: names[rank]))
            if rank == 0 { break }
        }
        return best.map { (names[$0.rank], $0.bytes) }
    }

    /// Copies the entry's data into `output`, replacing what a less
    /// preferred entry left there; removes it on any failure.
    private func write(from reader: ArchiveReader, display: String) throws(PluginFailure) -> Int64 {
        unlink(output)
        let descriptor = open(output, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw PluginFailure.failed("\(output): cannot be created: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var total: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { archive_read_data(reader.handle, $0.baseAddress, $0.count) }
            if count == 0 { return total }
            guard count > 0 else {
                unlink(output)
                throw reader.damaged()
            }
            total += Int64(count)
            guard total <= Int64(maxBytes) else {
                unlink(output)
                throw PluginFailure.refused(display, rule: "entry-too-large", "it holds more than \(maxBytes) bytes")
            }
            var done = 0
            while done < count {
                let written = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, count - done) }
                if written < 0 {
                    if errno == EINTR { continue }
                    unlink(output)
                    throw PluginFailure.failed("\(output): cannot be written: \(String(cString: strerror(errno)))")
                }
                done += written
            }
        }
    }
}
