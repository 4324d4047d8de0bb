import Foundation

/// A preview from a plugin's `preview` answer: its `result` event holds
/// `presentation`, `fields`, `text` and `notes`, shaped as `preview --json` shows
/// them. The plugin's words are untrusted: every line is made visible and
/// cut to the width asked for, and no more lines are kept than asked for.
struct PluginPreviewAnswer {
    struct Result: Decodable {
        var presentation: Preview.Kind?
        /// `presentation`'s name before docs/JSON.md gave `kind` to the
        /// type's description.
        var kind: Preview.Kind?
        var fields: [Preview.Field]?
        var text: [String]?
        var notes: [String]?
    }

    /// Fields and notes kept at most; a preview is a screenful.
    static let maxFields = 64
    static let maxNotes = 8

    var plugin: String
    var result: Result

    init(plugin: String, outcome: PluginProcess.Outcome) throws(DocKitError) {
        self.plugin = plugin
        result = try ArchiveListing.decode(Result.self, from: outcome.result, plugin: plugin)
    }

    func preview(options: PreviewOptions) -> Preview {
        func shown(_ text: String) -> String {
            VisibleText.cut(VisibleText.visible(Substring(text)), to: options.lineWidth).text
        }
        var preview = Preview(kind: result.presentation ?? result.kind ?? .generic, previewer: plugin)
        let fields = result.fields ?? []
        preview.fields = fields.prefix(Self.maxFields).map { Preview.Field(shown($0.label), shown($0.value), group: $0.group.map(shown)) }
        let text = result.text ?? []
        preview.text = text.prefix(options.maxLines).map(shown)
        preview.notes = (result.notes ?? []).prefix(Self.maxNotes).map(shown)
        if text.count > options.maxLines {
            preview.notes.append("showing the first \(options.maxLines) of the \(text.count) lines the plugin gave")
        }
        if fields.count > Self.maxFields {
            preview.notes.append("showing the first \(Self.maxFields) of the \(fields.count) fields the plugin gave")
        }
        return preview
    }
}
