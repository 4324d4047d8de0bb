/// What Quick Look shows of one document, as a value: DocKit describes, a
/// front end renders. Every part is bounded by the ``PreviewOptions`` it
/// was made with, whatever the size of the document.
public struct Preview: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case text, json, propertyList, table, image, pdf, package, archive, generic
    }

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
    public var table: Table?
    public var tree: [TreeEntry]?
    /// An archive's listing, as the archiver plugin read it.
    public var entries: [ArchiveEntry]?
    /// What was left out or went wrong on the way (truncation, a previewer
    /// that failed and was replaced), one sentence each.
    public var notes: [String]

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

    public struct Field: Sendable, Hashable, Codable {
        public var label: String
        public var value: String
        /// Set for fields that belong together under a heading (the keys
        /// of a package's Info.plist).
        public var group: String?

        public init(_ label: String, _ value: String, group: String? = nil) {
            self.label = label
            self.value = value
            self.group = group
        }
    }

    /// Rows of cells, the first row not counted among ``rows``.
    public struct Table: Sendable, Hashable, Codable {
        public var columns: [String]
        public var rows: [[String]]

        public init(columns: [String], rows: [[String]]) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// One entry of a package, in depth-first order.
    public struct TreeEntry: Sendable, Hashable, Codable {
        public enum EntryKind: String, Sendable, Hashable, Codable {
            case file, directory, symbolicLink, other
        }

        /// Relative to the package, `/`-separated.
        public var path: String
        /// 1 for the package's own entries.
        public var depth: Int
        public var kind: EntryKind
        public var type: String
        /// A directory's size is the sum of what it holds; a link's is
        /// the length of its target.
        public var size: Int64
        public var linkTarget: String?
        /// How many entries inside a directory were left out because the
        /// tree stops at the depth asked for.
        public var omittedEntries: Int

        public init(path: String, depth: Int, kind: EntryKind, type: String, size: Int64, linkTarget: String? = nil, omittedEntries: Int = 0) {
            self.path = path
            self.depth = depth
            self.kind = kind
            self.type = type
            self.size = size
            self.linkTarget = linkTarget
            self.omittedEntries = omittedEntries
        }

        public var name: String { path.split(separator: "/").last.map(String.init) ?? path }
    }

    /// One entry of an archive, in the archive's order. Names come from the
    /// archive, untrusted: a front end shows them through ``visible(_:)``.
    public struct ArchiveEntry: Sendable, Hashable, Codable {
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
    public static func visible(_ text: String) -> String {
        VisibleText.visible(Substring(text))
    }

    public func field(_ label: String) -> String? {
        fields.first { $0.label == label }?.value
    }
}
