import Foundation

/// Makes previews of the documents whose type conforms to one of its
/// ``contentTypes``. When several could, the one naming the most specific
/// type in the document's conformance chain is asked first, and the next
/// takes over when it throws ``PreviewError`` (``PreviewGenerator``).
public protocol Previewer: Sendable {
    /// A short name for notes and `--json` (`text`, `image`, …).
    var name: String { get }
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
    public var path: RawPath
    public var name: String
    public var type: String
    public var fileKind: FileStatus.Kind
    public var isPackage: Bool
    /// An iCloud placeholder stands for a file that is not here.
    public var isPlaceholder: Bool
    public var size: Int64
    public var modificationDate: Date
    public var changeDate: Date?
    public var typeWasGuessed: Bool

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
    public static func file(at path: RawPath, registry: TypeRegistry) throws -> PreviewSubject {
        guard let status = try FileStatus.of(path) else { throw FileSystemError(path: path, operation: "does not exist", errno: ENOENT) }
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
    public var registry: TypeRegistry
    public var reader: any PreviewFileReader
    public var options: PreviewOptions

    public init(registry: TypeRegistry, reader: any PreviewFileReader = BoundedFileReader(), options: PreviewOptions = PreviewOptions()) {
        self.registry = registry
        self.reader = reader
        self.options = options
    }

    /// The whole file, for previewers that must parse all of it; larger
    /// than ``PreviewOptions/structuredBytes``, it is left to the next one.
    func structuredBytes(of subject: PreviewSubject) throws -> [UInt8] {
        guard subject.size <= Int64(options.structuredBytes) else {
            throw PreviewError(path: subject.path.description, reason: "larger than \(options.structuredBytes) bytes, too large to pretty-print")
        }
        return try reader.read(subject.path, offset: 0, count: options.structuredBytes)
    }
}
