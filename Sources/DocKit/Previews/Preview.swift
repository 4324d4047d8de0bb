/// What Quick Look shows of one document, as a value: DocKit describes, a
/// front end renders. Every part is bounded by the ``PreviewOptions`` it
/// was made with, whatever the size of the document.
public struct Preview: Sendable, Hashable, Codable {
    /// Which previewer's layout the preview follows, so a front end knows which parts to show.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `text`, `json` and `propertyList` fill ``Preview/text``; `table` fills ``Preview/table``;
        /// `package` fills ``Preview/tree``; `archive` fills ``Preview/entries``; `image` and `pdf`
        /// carry only ``Preview/fields``, and a PDF its first page's text; `document` (an office
        /// document or a book) its title, author and first lines; `media` (audio, video) only
        /// fields; `generic` adds a hex dump of a regular file as ``Preview/text``.
        case text, json, propertyList, table, image, pdf, package, archive, document, media, generic
    }

    /// The layout this preview follows; says which of the optional parts are filled.
    public var kind: Kind
    /// The previewer that made it (`text`, `image`, … or a plugin's
    /// identifier), so that a user can tell which one spoke.
    public var previewer: String
    /// Facts about the document, in the order they read best.
    public var fields: [Field]
    /// Lines of text (a text head, a pretty-printed value, a hex dump),
    /// each already cut to the width asked for and free of control
    /// characters, ready to print as they are.
    public var text: [String]
    /// The rows of a CSV or TSV document; `nil` for every other kind.
    public var table: Table?
    /// A package's contents down to the depth asked for; `nil` unless the kind is `package`.
    public var tree: [TreeEntry]?
    /// An archive's listing, as the archiver plugin read it.
    public var entries: [ArchiveEntry]?
    /// What was left out or went wrong on the way (truncation, a previewer
    /// that failed and was replaced), one sentence each.
    public var notes: [String]

    /// Creates a preview; previewers build these, front ends only read them.
    ///
    /// - Parameters:
    ///   - kind: The layout the preview follows.
    ///   - previewer: The name of the previewer or plugin that made it.
    ///   - fields: Facts about the document, in display order.
    ///   - text: Lines already cut to width and free of control characters.
    ///   - table: Tabular content, for `table` previews.
    ///   - tree: A package listing, for `package` previews.
    ///   - entries: An archive listing, for `archive` previews.
    ///   - notes: One sentence per truncation or failure along the way.
    public init(kind: Kind, previewer: String, fields: [Field] = [], text: [String] = [], table: Table? = nil, tree: [TreeEntry]? = nil, entries: [ArchiveEntry]? = nil, notes: [String] = []) {
        self.kind = kind
        self.previewer = previewer
        self.fields = fields
        self.text = text
        self.table = table
        self.tree = tree
        self.entries = entries
        self.notes = notes
    }

    /// One labelled fact about the document, such as `dimensions` or `modified`.
    public struct Field: Sendable, Hashable, Codable {
        /// What the fact is, used for lookup by ``Preview/field(_:)``.
        public var label: String
        /// The fact, formatted for display.
        public var value: String
        /// Set for fields that belong together under a heading (the keys
        /// of a package's Info.plist).
        public var group: String?

        /// Creates a field.
        ///
        /// - Parameters:
        ///   - label: What the fact is.
        ///   - value: The fact, formatted for display.
        ///   - group: A heading the field belongs under, or `nil`.
        public init(_ label: String, _ value: String, group: String? = nil) {
            self.label = label
            self.value = value
            self.group = group
        }
    }

    /// Rows of cells, the first row not counted among ``rows``.
    public struct Table: Sendable, Hashable, Codable {
        /// The header cells, from the document's first row.
        public var columns: [String]
        /// The data rows after the header, up to the limit the preview was made with.
        public var rows: [[String]]

        /// Creates a table.
        ///
        /// - Parameters:
        ///   - columns: The header cells.
        ///   - rows: The data rows, without the header.
        public init(columns: [String], rows: [[String]]) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// One entry of a package, in depth-first order.
    public struct TreeEntry: Sendable, Hashable, Codable {
        /// What kind of file-system object a package entry is, without following links.
        public enum EntryKind: String, Sendable, Hashable, Codable {
            case file, directory, symbolicLink, other
        }

        /// Relative to the package, `/`-separated.
        public var path: String
        /// 1 for the package's own entries.
        public var depth: Int
        /// What kind of file-system object the entry is.
        public var kind: EntryKind
        /// The entry's type identifier; empty when the entry could not be examined.
        public var type: String
        /// A directory's size is the sum of what it holds; a link's is
        /// the length of its target.
        public var size: Int64
        /// A symbolic link's target as stored; `nil` for every other entry.
        public var linkTarget: String?
        /// How many entries inside a directory were left out because the
        /// tree stops at the depth asked for.
        public var omittedEntries: Int

        /// Creates a tree entry.
        ///
        /// - Parameters:
        ///   - path: The `/`-separated path relative to the package.
        ///   - depth: 1 for the package's own entries, one more per level.
        ///   - kind: What kind of file-system object it is.
        ///   - type: Its type identifier.
        ///   - size: Its size in bytes; for a directory the total of what it holds.
        ///   - linkTarget: A link's target, or `nil`.
        ///   - omittedEntries: Entries left out below the depth limit.
        public init(path: String, depth: Int, kind: EntryKind, type: String, size: Int64, linkTarget: String? = nil, omittedEntries: Int = 0) {
            self.path = path
            self.depth = depth
            self.kind = kind
            self.type = type
            self.size = size
            self.linkTarget = linkTarget
            self.omittedEntries = omittedEntries
        }

        /// The last path component, for display.
        public var name: String { path.split(separator: "/").last.map(String.init) ?? path }
    }

    /// One entry of an archive, in the archive's order. Names come from the
    /// archive, untrusted: a front end shows them through ``visible(_:)``.
    public struct ArchiveEntry: Sendable, Hashable, Codable {
        /// The entry's path inside the archive, untrusted; show it through ``Preview/visible(_:)``.
        public var name: String
        /// `file`, `directory`, `symlink`, `hardlink`, or the special kind.
        public var type: String
        /// nil when the archive does not say (some formats store sizes after the data).
        public var size: Int64?
        /// Archive bytes the entry takes, as the plugin measured them: the
        /// bundled archiver counts the bytes read between two headers, so
        /// the figure is off by a header in a zip and counts whole blocks
        /// of a compressed tar; the overall ratio is exact.
        public var compressedSize: Int64?
        /// A link's target.
        public var target: String?
        /// The safety rule import would refuse the entry by
        /// (`absolute-path`, `parent-component`, …); nil when it is safe.
        public var refused: String?

        /// Creates an archive entry.
        ///
        /// - Parameters:
        ///   - name: The path inside the archive, as stored.
        ///   - type: `file`, `directory`, `symlink`, `hardlink` or a special kind.
        ///   - size: The uncompressed size in bytes, or `nil` when the archive does not say.
        ///   - compressedSize: Archive bytes the entry takes, or `nil`.
        ///   - target: A link's target, or `nil`.
        ///   - refused: The safety rule import would refuse it by, or `nil`.
        public init(name: String, type: String, size: Int64?, compressedSize: Int64?, target: String? = nil, refused: String? = nil) {
            self.name = name
            self.type = type
            self.size = size
            self.compressedSize = compressedSize
            self.target = target
            self.refused = refused
        }
    }

    /// `text` with every control character shown as a visible picture,
    /// for names and values that come from the document (a filename may
    /// hold an ESC) and are printed outside ``text``.
    ///
    /// - Parameter text: Text taken from the document.
    /// - Returns: The text, safe to print to a terminal.
    public static func visible(_ text: String) -> String {
        VisibleText.visible(Substring(text))
    }

    /// Looks up a field by label.
    ///
    /// - Parameter label: The label to look for, compared exactly.
    /// - Returns: The value of the first field with that label, or `nil` if there is none.
    public func field(_ label: String) -> String? {
        fields.first { $0.label == label }?.value
    }
}
