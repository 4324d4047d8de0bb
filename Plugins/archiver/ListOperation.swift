import ArchiveChecks
import ArgumentParser
import CArchive
#if canImport(Glibc)
import Glibc
#endif

/// `list --archive FILE [--max-entries N] [--charset C]`: one `entry`
/// event per entry, for previews, without writing anything.
struct ListOperation: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List an archive's entries without extracting them.",
        discussion: "Entries that extract would refuse carry the rule they break in 'refused'.",
        aliases: ["preview"]
    )

    @Option(name: .long, help: "The archive to read.")
    var archive: String

    @Option(name: .long, help: "Stop after this many entries (the result says 'truncated').")
    var maxEntries: Int?

    @Option(name: .long, help: "Charset of zip names without the UTF-8 flag (default: UTF-8 when valid, else CP437).")
    var charset: String?

    struct EntryEvent: Encodable {
        let event = "entry"
        var name: String
        var type: String
        var size: Int64?
        /// Archive bytes the entry took, headers included; for compressed
        /// tars, bytes of the compressed stream.
        var compressedSize: Int64
        var mode: String
        var mtime: Int?
        var target: String?
        var hardlink: String?
        var refused: String?
    }

    struct ListResult: Encodable {
        let event = "result"
        var format: String
        var entries: Int
        var bytes: Int64
        var archiveBytes: Int64
        var truncated: Bool
    }

    func run() throws {
        ArchiverCommand.prepareLocale()
        try EventStream.perform(subject: archive) { events in
            let reader = try ArchiveReader(path: archive, charset: charset)
            var total: Int64 = 0
            var truncated = false
            var pending: EntryEvent?
            var start = reader.consumed
            while let entry = try reader.next() {
                if var previous = pending {
                    previous.compressedSize = reader.consumed - start
                    events.emit(previous)
                    start = reader.consumed
                    pending = nil
                }
                if let maxEntries, reader.entriesRead > maxEntries {
                    truncated = true
                    break
                }
                pending = describe(entry, reader: reader)
                total += pending?.size ?? 0
                guard archive_read_data_skip(reader.handle) >= ARCHIVE_WARN else { throw reader.damaged() }
            }
            if var previous = pending {
                previous.compressedSize = reader.consumed - start
                events.emit(previous)
            }
            events.emit(ListResult(format: reader.formatName, entries: reader.entriesRead - (truncated ? 1 : 0),
                                   bytes: total, archiveBytes: reader.size, truncated: truncated))
        }
    }

    private func describe(_ entry: OpaquePointer, reader: ArchiveReader) -> EntryEvent {
        let bytes = reader.name(of: entry) ?? []
        let type = archive_entry_filetype(entry)
        let hardlink = archive_entry_hardlink(entry).map(bytesOf)
        var refused: String?
        var shown = displayName(bytes)
        do {
            let name = try EntryName(bytes)
            shown = name.display
            if hardlink == nil, ![EntryType.regular, EntryType.directory, EntryType.symbolicLink].contains(type) {
                refused = "special-file"
            } else if type == EntryType.symbolicLink, let target = archive_entry_symlink(entry).map(bytesOf),
                      target.first == UInt8(ascii: "/") || escapesLexically(target, from: name) {
                refused = "symlink-escapes"
            } else if let hardlink, (try? EntryName(hardlink)) == nil {
                refused = "hardlink-outside"
            }
        } catch {
            refused = error.rule
        }
        return EntryEvent(
            name: shown,
            type: hardlink != nil ? "hardlink" : EntryType.name(type),
            size: archive_entry_size_is_set(entry) != 0 ? Int64(archive_entry_size(entry)) : nil,
            compressedSize: 0,
            mode: String(archive_entry_perm(entry), radix: 8),
            mtime: archive_entry_mtime_is_set(entry) != 0 ? Int(archive_entry_mtime(entry)) : nil,
            target: archive_entry_symlink(entry).map { displayName(bytesOf($0)) },
            hardlink: hardlink.map(displayName),
            refused: refused
        )
    }

    /// The listing sees one entry at a time, so only `..` climbing is
    /// judged here; extract also follows links through each other.
    private func escapesLexically(_ target: [UInt8], from name: EntryName) -> Bool {
        var depth = name.components.count - 1
        for part in target.split(separator: UInt8(ascii: "/")) {
            if part.elementsEqual("..".utf8) { depth -= 1 } else if !part.elementsEqual(".".utf8) { depth += 1 }
            if depth < 0 { return true }
        }
        return false
    }
}
