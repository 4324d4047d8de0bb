#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// One item in the freedesktop Trash, as file managers show it: its name in
/// `files/`, where it came from and when it was trashed. Items trashed by
/// `gio trash`, `trash-put` or a file manager are read the same way as
/// docbrowser's own.
public struct TrashedItem: Sendable, Hashable {
    /// The Trash that holds it.
    public var trash: Trash
    /// Its name in `files/` (and, with `.trashinfo`, in `info/`).
    public var name: RawPath
    /// Where it was and when it was trashed.
    public var info: TrashInfo
    /// What lstat says of it in `files/`.
    public var status: FileStatus
    /// Bytes of the file, or of every file and link inside a directory.
    public var size: Int64

    /// Where the item lies now.
    public var path: RawPath { trash.filePath(name) }
    /// Its `.trashinfo`.
    public var infoPath: RawPath { trash.infoPath(name) }

    /// The order the Trash is listed in: newest first, then by name.
    public static func newestFirst(_ first: TrashedItem, _ second: TrashedItem) -> Bool {
        first.info.deletionDate != second.info.deletionDate
            ? first.info.deletionDate > second.info.deletionDate
            : first.name.bytes.lexicographicallyPrecedes(second.name.bytes)
    }
}

extension Trash {
    /// The `.trashinfo` files longer than this are not the specification's
    /// three lines; they are skipped unread.
    static let largestInfo = 65_536

    /// Every item whose `.trashinfo` is readable and whose file is in
    /// `files/`, newest first, then by name.
    ///
    /// An info file without its item is another program's reservation
    /// in progress, or a leftover; one that cannot be read is someone
    /// else's to repair. Both are passed over, as GNOME Files does.
    ///
    /// - Returns: The items; none when the Trash does not exist.
    /// - Throws: ``DocKitError/Code/fileSystem`` when `info/` exists but cannot be read,
    ///   or an item cannot be measured.
    public func items() throws(DocKitError) -> [TrashedItem] {
        guard try FileStatus.of(infoDirectory)?.kind == .directory else { return [] }
        var items: [TrashedItem] = []
        let suffix = Array(".trashinfo".utf8)
        for infoName in try DirectoryReader.names(in: infoDirectory) where infoName.bytes.count > suffix.count && infoName.bytes.suffix(suffix.count).elementsEqual(suffix) {
            let name = RawPath(bytes: Array(infoName.bytes.dropLast(suffix.count)))
            guard let item = try item(named: name) else { continue }
            items.append(item)
        }
        return items.sorted(by: TrashedItem.newestFirst)
    }

    /// The item whose name in `files/` is `name`, when both it and its
    /// readable `.trashinfo` are there.
    ///
    /// - Parameter name: The item's name in `files/`.
    /// - Returns: The item, or `nil`.
    /// - Throws: ``DocKitError/Code/fileSystem`` when it cannot be examined or measured.
    public func item(named name: RawPath) throws(DocKitError) -> TrashedItem? {
        guard name.bytes.count > 0, !name.bytes.contains(UInt8(ascii: "/")), name.bytes != Array(".".utf8), name.bytes != Array("..".utf8),
              var info = readInfo(infoPath(name)), let status = try FileStatus.of(filePath(name)) else { return nil }
        // gio and trash-cli write paths relative to the top of the file
        // system in the Trash of a mounted one, as the specification allows.
        if info.originalPath.bytes.first != UInt8(ascii: "/") { info.originalPath = topDirectory.appending(info.originalPath) }
        let size = status.kind == .directory ? try PackageContents.walk(filePath(name)).size : status.size
        return TrashedItem(trash: self, name: name, info: info, status: status, size: size)
    }

    private func readInfo(_ path: RawPath) -> TrashInfo? {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= Self.largestInfo else { return nil }
        var buffer = [UInt8](repeating: 0, count: Int(status.st_size))
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count == buffer.count else { return nil }
        return TrashInfo.parse(String(decoding: buffer, as: UTF8.self))
    }
}
