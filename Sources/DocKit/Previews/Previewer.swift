import Foundation

/// Makes previews of the documents whose type conforms to one of its
/// ``contentTypes``. When several could, the one naming the most specific
/// type in the document's conformance chain is asked first, and the next
/// takes over when it throws ``DocKitError/Code/malformed`` (``PreviewGenerator``).
public protocol Previewer: Sendable {
    /// A short name for notes and `--json` (`text`, `image`, …).
    var name: String { get }
    /// The types it previews, and with them every type that conforms to
    /// one of them.
    var contentTypes: [String] { get }

    /// How specific this previewer is for the subject: how many
    /// conformance steps separate the subject's type from the nearest type
    /// the previewer handles (0 for the type itself); nil when it does not
    /// handle the subject at all.
    func rank(for subject: PreviewSubject, registry: TypeRegistry) -> Int?

    /// Asynchronous because a plugin previewer waits for its process; the
    /// built-in ones read bounded bytes and answer synchronously.
    func preview(_ subject: PreviewSubject, in context: PreviewContext) async throws -> Preview
}

extension Previewer {
    /// Content previewers read bytes, so they only take regular files
    /// that are really here.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - registry: The registry that gives the subject's conformance chain.
    /// - Returns: The conformance steps to the nearest of ``Previewer/contentTypes``;
    ///   `nil` for anything but a regular file that is here, or a type that
    ///   conforms to none of them.
    public func rank(for subject: PreviewSubject, registry: TypeRegistry) -> Int? {
        guard subject.fileKind == .regular, !subject.isPlaceholder else { return nil }
        return Self.conformanceRank(of: subject.type, among: contentTypes, registry: registry)
    }

    /// Steps are counted, not positions in the breadth-first chain: an
    /// ASCII property list is as much a property list as it is text,
    /// though it names `public.text` first.
    static func conformanceRank(of type: String, among contentTypes: [String], registry: TypeRegistry) -> Int? {
        let wanted = Set(contentTypes.map { $0.lowercased() })
        var level = [type]
        var seen: Set<String> = [type.lowercased()]
        var distance = 0
        while !level.isEmpty {
            if level.contains(where: { wanted.contains($0.lowercased()) }) { return distance }
            level = level.flatMap { registry.type(withIdentifier: $0)?.conformsTo ?? [] }.filter { seen.insert($0.lowercased()).inserted }
            distance += 1
        }
        return nil
    }
}

/// What a preview is made of: the file, where it is and what it is.
public struct PreviewSubject: Sendable, Hashable {
    /// Where the file is; previewers read it through ``PreviewContext/reader``.
    public var path: RawPath
    /// The file's name, for display.
    public var name: String
    /// The type identifier the catalog gives the file; previewers are chosen by it.
    public var type: String
    /// What kind of object is at the path; content previewers take only `.regular`.
    public var fileKind: FileStatus.Kind
    /// `true` for a directory whose type is a package, shown as one document.
    public var isPackage: Bool
    /// An iCloud placeholder stands for a file that is not here.
    public var isPlaceholder: Bool
    /// The size in bytes; for a package, the total of what it holds.
    public var size: Int64
    /// When the content last changed.
    public var modificationDate: Date
    /// When the inode last changed (`st_ctim`); `nil` when the file could not be examined.
    public var changeDate: Date?
    /// `true` when the type came from sniffing the content rather than the name.
    public var typeWasGuessed: Bool

    /// Creates a subject from values already known.
    ///
    /// - Parameters:
    ///   - path: Where the file is.
    ///   - name: The name to show.
    ///   - type: Its type identifier.
    ///   - fileKind: What kind of object is at the path.
    ///   - isPackage: Whether it is a package.
    ///   - isPlaceholder: Whether it is an iCloud placeholder for a file not here.
    ///   - size: Its size in bytes.
    ///   - modificationDate: When its content last changed.
    ///   - changeDate: When its inode last changed, or `nil`.
    ///   - typeWasGuessed: Whether the type came from sniffing the content.
    public init(path: RawPath, name: String, type: String, fileKind: FileStatus.Kind, isPackage: Bool, isPlaceholder: Bool = false, size: Int64, modificationDate: Date, changeDate: Date? = nil, typeWasGuessed: Bool = false) {
        self.path = path
        self.name = name
        self.type = type
        self.fileKind = fileKind
        self.isPackage = isPackage
        self.isPlaceholder = isPlaceholder
        self.size = size
        self.modificationDate = modificationDate
        self.changeDate = changeDate
        self.typeWasGuessed = typeWasGuessed
    }

    /// A catalogued document, as `list` found it.
    ///
    /// - Parameter document: The document; its file is examined again only for
    ///   its kind and change time.
    public init(_ document: Document) {
        let status = try? FileStatus.of(document.path)
        let fileKind: FileStatus.Kind = document.isSymbolicLink ? .symbolicLink : (document.isPackage || document.isFolder ? .directory : (status?.kind ?? .regular))
        self.init(
            path: document.path, name: document.name, type: document.type, fileKind: fileKind,
            isPackage: document.isPackage, isPlaceholder: document.states.contains(.notDownloaded),
            size: document.size, modificationDate: document.modificationDate,
            changeDate: status.map { Nanoseconds.date($0.changeTime) },
            typeWasGuessed: document.typeWasGuessed
        )
    }

    /// Any file, in a Documents folder or not, typed as the catalog would
    /// type it. A package's size is the sum of what it holds.
    ///
    /// - Parameters:
    ///   - path: The file; a symbolic link is not followed.
    ///   - registry: The registry that types it.
    /// - Returns: The subject.
    /// - Throws: ``DocKitError/Code/fileSystem`` when nothing is at `path`, or a package
    ///   cannot be walked; ``DocKitError/Code/fileSystem``
    ///   when the file cannot be examined for its type.
    public static func file(at path: RawPath, registry: TypeRegistry) throws -> PreviewSubject {
        guard let status = try FileStatus.of(path) else { throw DocKitError(FileSystemError(path: path, operation: "does not exist", errno: ENOENT)) }
        let identification = try FileTypeIdentifier(registry: registry).identify(path)
        let type = identification.type.identifier
        let isPackage = status.kind == .directory && registry.isPackage(type)
        let size = isPackage ? try PackageContents.walk(path).size : (status.kind == .directory ? 0 : status.size)
        return PreviewSubject(
            path: path, name: path.lastComponent.description, type: type, fileKind: status.kind,
            isPackage: isPackage, size: size, modificationDate: status.modificationDate,
            changeDate: Nanoseconds.date(status.changeTime),
            typeWasGuessed: identification.guess != nil
        )
    }
}

/// How much a preview may show. A front end sizes these to its screen.
public struct PreviewOptions: Sendable, Hashable {
    /// Lines of text, rows of a table, entries of a tree.
    public var maxLines: Int
    /// Columns of a line; longer lines are cut with a marker.
    public var lineWidth: Int
    /// How deep a pretty-printed value or a package tree goes.
    public var maxDepth: Int
    /// The most bytes read from the head of a text file.
    public var textHeadBytes: Int
    /// The largest JSON or property list parsed whole.
    public var structuredBytes: Int
    /// The window read at each end of a PDF.
    public var pdfWindowBytes: Int
    /// Bytes shown by a hex dump.
    public var hexDumpBytes: Int

    /// Creates limits; `maxLines`, `lineWidth` and `maxDepth` are raised to at least 1, 16 and 1.
    ///
    /// - Parameters:
    ///   - maxLines: Lines, rows or entries shown; at least 1.
    ///   - lineWidth: Columns per line; at least 16.
    ///   - maxDepth: Depth of a pretty-printed value or package tree; at least 1.
    ///   - textHeadBytes: Bytes read from the head of a text file (64 KiB).
    ///   - structuredBytes: The largest JSON or property list parsed whole (1 MiB).
    ///   - pdfWindowBytes: Bytes read at each end of a PDF (64 KiB).
    ///   - hexDumpBytes: Bytes shown by a hex dump.
    public init(maxLines: Int = 40, lineWidth: Int = 120, maxDepth: Int = 3, textHeadBytes: Int = 64 << 10, structuredBytes: Int = 1 << 20, pdfWindowBytes: Int = 64 << 10, hexDumpBytes: Int = 256) {
        self.maxLines = max(1, maxLines)
        self.lineWidth = max(16, lineWidth)
        self.maxDepth = max(1, maxDepth)
        self.textHeadBytes = textHeadBytes
        self.structuredBytes = structuredBytes
        self.pdfWindowBytes = pdfWindowBytes
        self.hexDumpBytes = hexDumpBytes
    }
}

/// What a previewer works with besides its subject.
public struct PreviewContext: Sendable {
    /// The registry previewers consult for types and conformance.
    public var registry: TypeRegistry
    /// Reads bounded byte ranges of the subject; replaceable for tests.
    public var reader: any PreviewFileReader
    /// The limits every part of the preview must keep to.
    public var options: PreviewOptions
    /// The outside tools previewers may run, and their time limit.
    public var tools: PreviewTools

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - registry: The type registry.
    ///   - reader: Reads the subject's bytes; a ``BoundedFileReader`` by default.
    ///   - options: The limits the preview keeps to.
    ///   - tools: Where outside tools are found and how long they may run,
    ///     as ``DocumentLibrary/previewTools(timeLimit:)`` makes them.
    public init(registry: TypeRegistry, reader: any PreviewFileReader = BoundedFileReader(), options: PreviewOptions = PreviewOptions(), tools: PreviewTools) {
        self.registry = registry
        self.reader = reader
        self.options = options
        self.tools = tools
    }

    /// The whole file, for previewers that must parse all of it; larger
    /// than ``PreviewOptions/structuredBytes``, it is left to the next one.
    func structuredBytes(of subject: PreviewSubject) throws -> [UInt8] {
        guard subject.size <= Int64(options.structuredBytes) else {
            throw DocKitError(PreviewError(path: subject.path.description, reason: "larger than \(options.structuredBytes) bytes, too large to pretty-print"))
        }
        return try reader.read(subject.path, offset: 0, count: options.structuredBytes)
    }
}
