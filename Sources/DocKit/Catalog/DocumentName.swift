/// The rules a name given by a user must follow to become a document's.
enum DocumentName {
    static func validate(_ name: String) throws(CatalogError) {
        if name.isEmpty { throw .invalidName(name, reason: "it is empty") }
        if name.contains("/") { throw .invalidName(name, reason: "it contains '/'") }
        if name.contains("\0") { throw .invalidName(name, reason: "it contains a NUL character") }
        if name == "." || name == ".." { throw .invalidName(name, reason: "it names a directory") }
        if name.hasPrefix(".") { throw .invalidName(name, reason: "a leading '.' would hide it") }
        try validate(RawPath(escaped: name))
    }

    /// The same rules on the bytes a name will have on disk.
    static func validate(_ name: RawPath) throws(CatalogError) {
        let shown = name.description
        if !name.isSingleName { throw .invalidName(shown, reason: name.bytes.contains(0) ? "it contains a NUL character" : "it is not a single file name") }
        if name.bytes.first == UInt8(ascii: ".") { throw .invalidName(shown, reason: "a leading '.' would hide it") }
        if name.bytes.count > 255 { throw .invalidName(shown, reason: "it is longer than 255 bytes") }
    }

    /// `Name.ext`, then `Name 2.ext`, `Name 3.ext`, …, as the Files app
    /// numbers copies.
    static func numbered(_ base: String, _ number: Int, extension ext: String?) -> String {
        let stem = number == 1 ? base : "\(base) \(number)"
        return ext.map { "\(stem).\($0)" } ?? stem
    }

    /// A name is taken by a file, or by the placeholder of one that is not
    /// downloaded.
    static func isTaken(_ path: RawPath) throws -> Bool {
        try FileStatus.of(path) != nil || FileStatus.of(DocumentCatalog.placeholderPath(for: path)) != nil
    }

    /// The filename itself, then `Name 2.ext`, …: the number goes before
    /// all of a compound extension (`Data 2.tar.gz`). Worked on the bytes
    /// the file system holds, so that no name read from outside is ever
    /// decoded on its way back to the disk.
    static func numbered(_ filename: RawPath, extensionLength: Int, _ number: Int) -> RawPath {
        guard number > 1 else { return filename }
        let split = filename.bytes.count - extensionLength
        return RawPath(bytes: Array(filename.bytes[..<split]) + Array(" \(number)".utf8) + Array(filename.bytes[split...]))
    }

    /// How many bytes at the end of `filename` are the extension its type
    /// gives it: what `name`, as shown, has past `displayName`. Zero when
    /// those shown characters are not the bytes on disk (an escaped byte in
    /// the extension), so the number then goes at the end.
    static func extensionLength(of filename: RawPath, name: String, displayName: String) -> Int {
        guard name.hasPrefix(displayName) else { return 0 }
        let shownExtension = Array(name.dropFirst(displayName.count).utf8)
        guard shownExtension.count < filename.bytes.count, filename.bytes.suffix(shownExtension.count).elementsEqual(shownExtension) else { return 0 }
        return shownExtension.count
    }
}
