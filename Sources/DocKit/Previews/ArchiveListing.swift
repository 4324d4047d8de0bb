import Foundation

/// An archive preview from a plugin's `list` answer (`entry` events, then
/// a `result`): the entries, the totals and the overall ratio, with the
/// entries import would refuse counted. The plugin reads the archive; this
/// only reads its JSON.
struct ArchiveListing {
    struct EntryEvent: Decodable {
        var name: String
        var type: String?
        var size: Int64?
        var compressedSize: Int64?
        var target: String?
        var hardlink: String?
        var refused: String?
    }

    struct Result: Decodable {
        var format: String?
        var entries: Int?
        var bytes: Int64?
        var archiveBytes: Int64?
        var truncated: Bool?
    }

    var plugin: String
    var entries: [Preview.ArchiveEntry]
    var result: Result

    init(plugin: String, outcome: PluginProcess.Outcome) throws(DocKitError) {
        self.plugin = plugin
        result = try Self.decode(Result.self, from: outcome.result, plugin: plugin)
        var entries: [Preview.ArchiveEntry] = []
        for case .other("entry", let json) in outcome.events {
            let event = try Self.decode(EntryEvent.self, from: json, plugin: plugin)
            entries.append(Preview.ArchiveEntry(
                name: event.name, type: event.type ?? "file", size: event.size, compressedSize: event.compressedSize,
                target: event.target ?? event.hardlink, refused: event.refused
            ))
        }
        self.entries = entries
    }

    /// A line that is JSON but not the event the protocol describes breaks
    /// the protocol as much as a line that is not JSON.
    static func decode<Value: Decodable>(_ type: Value.Type, from line: Data, plugin: String) throws(DocKitError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: line)
        } catch {
            throw DocKitError(PluginError(plugin: plugin, reason: .garbledOutput(line: String(decoding: line.prefix(120), as: UTF8.self))))
        }
    }

    func preview(options: PreviewOptions) -> Preview {
        // The plugin was asked for this many; one that lists more is cut here.
        let listed = Array(entries.prefix(options.maxLines))
        let truncated = result.truncated == true || listed.count < entries.count
        var preview = Preview(kind: .archive, previewer: plugin, entries: listed)
        if let format = result.format, !format.isEmpty {
            preview.fields.append(Preview.Field("format", VisibleText.visible(Substring(format))))
        }
        let count = truncated ? "more than \(listed.count)" : "\(result.entries ?? listed.count)"
        let breakdown = Self.breakdown(listed)
        preview.fields.append(Preview.Field("entries", breakdown.isEmpty ? count : "\(count) (\(breakdown))"))

        let listedBytes = listed.compactMap(\.size).reduce(0, +)
        let content = truncated ? listedBytes : (result.bytes ?? listedBytes)
        preview.fields.append(Preview.Field("content", "\(content) bytes" + (truncated ? " in the listed entries" : "")))
        if truncated {
            let packed = listed.compactMap(\.compressedSize).reduce(0, +)
            if listedBytes > 0, packed > 0 {
                preview.fields.append(Preview.Field("ratio", "about \(Self.ratio(packed, listedBytes)) over the listed entries (\(packed) archive bytes for \(listedBytes) bytes)"))
            }
        } else if let archiveBytes = result.archiveBytes, content > 0 {
            preview.fields.append(Preview.Field("ratio", "\(Self.ratio(archiveBytes, content)) (\(archiveBytes) archive bytes for \(content) bytes of content)"))
        }
        let refused = listed.filter { $0.refused != nil }.count
        if refused > 0 {
            let rules = Array(Set(listed.compactMap(\.refused))).sorted().joined(separator: ", ")
            preview.fields.append(Preview.Field("unsafe", "\(refused) \(refused == 1 ? "entry" : "entries") that import would refuse (\(VisibleText.visible(Substring(rules))))"))
        }
        if truncated {
            preview.notes.append("the archive has more than \(listed.count) entries; only the first \(listed.count) are listed")
        }
        return preview
    }

    /// Archive bytes per content byte, as `export --json` reports it: below
    /// 1 the archive is smaller than what it holds.
    static func ratio(_ archiveBytes: Int64, _ contentBytes: Int64) -> String {
        String(format: "%.2f", Double(archiveBytes) / Double(contentBytes))
    }

    /// "3 files, 1 directory, 1 symbolic link", in that order, then any
    /// other kind under the plugin's own name for it.
    static func breakdown(_ entries: [Preview.ArchiveEntry]) -> String {
        let names: [(type: String, one: String, many: String)] = [
            ("file", "file", "files"), ("directory", "directory", "directories"),
            ("symlink", "symbolic link", "symbolic links"), ("hardlink", "hard link", "hard links"),
        ]
        var counts: [String: Int] = [:]
        for entry in entries { counts[entry.type, default: 0] += 1 }
        var parts = names.compactMap { name in
            counts.removeValue(forKey: name.type).map { "\($0) \($0 == 1 ? name.one : name.many)" }
        }
        parts += counts.sorted { $0.key < $1.key }.map { "\($0.value) \(VisibleText.visible(Substring($0.key)))" }
        return parts.joined(separator: ", ")
    }
}
