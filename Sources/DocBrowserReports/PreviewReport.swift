import DocKit

/// A preview as `preview --json` prints it, with the document it is of.
public struct PreviewReport: Encodable {
    public var name: String
    public var path: String
    public var type: String
    /// The type's description, as `list` names it.
    public var kind: String
    /// What form the preview took (text, image, archive, …).
    public var presentation: Preview.Kind
    public var previewer: String
    public var fields: [Preview.Field]
    public var text: [String]
    public var table: Preview.Table?
    public var tree: [TreeEntryReport]?
    public var entries: [ArchiveEntryReport]?
    public var notes: [String]

    /// `preview` of `subject`, its kind looked up in `registry`.
    public init(_ preview: Preview, of subject: PreviewSubject, registry: TypeRegistry) {
        name = subject.name
        path = subject.path.description
        type = subject.type
        kind = registry.type(withIdentifier: subject.type)?.description ?? subject.type
        presentation = preview.kind
        previewer = preview.previewer
        fields = preview.fields
        text = preview.text
        table = preview.table
        tree = preview.tree?.map(TreeEntryReport.init)
        entries = preview.entries?.map(ArchiveEntryReport.init)
        notes = preview.notes
    }
}
