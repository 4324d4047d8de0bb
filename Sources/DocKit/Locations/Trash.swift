import Foundation

/// The user's home Trash of the freedesktop.org Trash specification,
/// `$XDG_DATA_HOME/Trash`: the item in `files/NAME`, and what file
/// managers and `trash-list` need to show and restore it in
/// `info/NAME.trashinfo`.
public struct Trash: Sendable, Hashable {
    /// The Trash folder, which holds `files/` and `info/`; it may not exist yet.
    public let directory: RawPath
    /// What a relative `Path` in its `.trashinfo` files is relative to: the
    /// folder holding the home Trash, or the top of a mounted file system
    /// for its own Trash (`VolumeTrash`).
    public let topDirectory: RawPath

    /// Uses `directory` as the Trash; nothing is created until something is trashed.
    ///
    /// - Parameters:
    ///   - directory: The Trash folder, such as `~/.local/share/Trash`.
    ///   - topDirectory: What relative paths in its `.trashinfo` files are
    ///     relative to; by default the folder holding `directory`.
    public init(directory: RawPath, topDirectory: RawPath? = nil) {
        self.directory = directory
        self.topDirectory = topDirectory ?? directory.deletingLastComponent
    }

    /// `$XDG_DATA_HOME/Trash`, else `~/.local/share/Trash`.
    ///
    /// - Parameter environment: The variables to read, such as
    ///   ``DocumentLibrary/environment``; a relative `XDG_DATA_HOME` is
    ///   ignored, as the specification asks.
    /// - Returns: The Trash; nothing is created.
    public static func home(environment: [String: String]) -> Trash {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (AccountHome.path(environment: environment) + "/.local/share")
        return Trash(directory: RawPath(dataHome).appending("Trash"))
    }

    /// `files/`, where trashed items lie under their Trash names.
    public var filesDirectory: RawPath { directory.appending("files") }
    /// `info/`, where each item's `.trashinfo` lies.
    public var infoDirectory: RawPath { directory.appending("info") }

    /// Where the item with Trash name `name` lies.
    ///
    /// - Parameter name: The item's name in `files/`.
    /// - Returns: `files/NAME`.
    public func filePath(_ name: RawPath) -> RawPath { filesDirectory.appending(name) }

    /// Where the `.trashinfo` of the item with Trash name `name` lies.
    ///
    /// - Parameter name: The item's name in `files/`.
    /// - Returns: `info/NAME.trashinfo`.
    public func infoPath(_ name: RawPath) -> RawPath {
        infoDirectory.appending(RawPath(bytes: name.bytes + Array(".trashinfo".utf8)))
    }

    /// Where a copy from another file system is assembled: in the Trash
    /// folder, on the file system of `files/`, but outside it, so no file
    /// manager shows it.
    func temporary(identifier: String) -> RawPath {
        OperationJournal.temporary(beside: filesDirectory, identifier: identifier, role: "trash")
    }

    /// The specification asks for 0700 on the Trash it creates.
    func create() throws(DocKitError) {
        try FileSystem.createDirectory(filesDirectory, mode: 0o700)
        try FileSystem.createDirectory(infoDirectory, mode: 0o700)
    }

    /// `Name.ext`, then `Name 2.ext`, `Name 3.ext`, …: names in the Trash
    /// only need to be unique, and readable in `files/`.
    static func candidateName(for original: RawPath, attempt: Int) -> RawPath {
        let name = original.lastComponent
        guard attempt > 1 else { return name }
        let bytes = name.bytes
        let dot = bytes.dropFirst().lastIndex(of: UInt8(ascii: "."))
        let base = dot.map { Array(bytes[..<$0]) } ?? bytes
        let suffix = dot.map { Array(bytes[$0...]) } ?? []
        return RawPath(bytes: base + Array(" \(attempt)".utf8) + suffix)
    }
}

/// The contents of a `.trashinfo` file.
public struct TrashInfo: Sendable, Hashable {
    /// The absolute path the item had before it was trashed, where it is restored to.
    public var originalPath: RawPath
    /// When the item was trashed; stored to the second, in local time.
    public var deletionDate: Date

    /// Creates the info of a trashed item.
    ///
    /// - Parameters:
    ///   - originalPath: The item's absolute path before it was trashed.
    ///   - deletionDate: When it was trashed.
    public init(originalPath: RawPath, deletionDate: Date) {
        self.originalPath = originalPath
        self.deletionDate = deletionDate
    }

    /// The Path key is percent-encoded as RFC 2396 URIs are (every byte but
    /// unreserved ones and `/`), which also carries names that are not
    /// UTF-8; DeletionDate is local time without a zone, as the
    /// specification says.
    public var contents: String {
        "[Trash Info]\nPath=\(Self.percentEncoded(originalPath))\nDeletionDate=\(Self.dateFormatter.string(from: deletionDate))\n"
    }

    /// Reads a `.trashinfo` file's text.
    ///
    /// - Parameter text: The file's contents.
    /// - Returns: The info, or `nil` when `Path` or `DeletionDate` is missing or cannot be decoded.
    public static func parse(_ text: String) -> TrashInfo? {
        var path: RawPath?
        var date: Date?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Path=") { path = percentDecoded(String(line.dropFirst(5))) }
            if line.hasPrefix("DeletionDate=") { date = deletionDate(String(line.dropFirst(13))) }
        }
        guard let path, let date else { return nil }
        return TrashInfo(originalPath: path, deletionDate: date)
    }

    private static let unreserved = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()/".utf8))

    static func percentEncoded(_ path: RawPath) -> String {
        var result = ""
        for byte in path.bytes {
            if unreserved.contains(byte) {
                result.append(Character(UnicodeScalar(byte)))
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    static func percentDecoded(_ text: String) -> RawPath? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next(), let low = iterator.next(),
                  let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
        }
        return RawPath(bytes: bytes)
    }

    /// Only text of the specification's shape reaches the formatter:
    /// Foundation's DateFormatter on Linux traps on some other text (a
    /// combining mark where a digit should be) instead of failing.
    private static func deletionDate(_ text: String) -> Date? {
        let shape = Array("dddd-dd-ddTdd:dd:dd".utf8)
        let bytes = Array(text.utf8)
        guard bytes.count == shape.count, zip(bytes, shape).allSatisfy({ byte, expected in
            expected == UInt8(ascii: "d") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == expected
        }) else { return nil }
        return dateFormatter.date(from: text)
    }

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter
    }()
}
