/// The rules a name given by a user must follow to become a document's.
enum DocumentName {
    static func validate(_ name: String) throws(DocKitError) {
        if name.isEmpty { throw DocKitError(CatalogError.invalidName(name, reason: "it is empty")) }
        if name.contains("/") { throw DocKitError(CatalogError.invalidName(name, reason: "it contains '/'")) }
        if name.contains("\0") { throw DocKitError(CatalogError.invalidName(name, reason: "it contains a NUL character")) }
        if name == "." || name == ".." { throw DocKitError(CatalogError.invalidName(name, reason: "it names a directory")) }
        if name.hasPrefix(".") { throw DocKitError(CatalogError.invalidName(name, reason: "a leading '.' would hide it")) }
        try validate(RawPath(escaped: name))
    }

    /// The same rules on the bytes a name will have on disk.
    static func validate(_ name: RawPath) throws(DocKitError) {
        let shown = name.description
        if !name.isSingleName { throw DocKitError(CatalogError.invalidName(shown, reason: name.bytes.contains(0) ? "it contains a NUL character" : "it is not a single file name")) }
        if name.bytes.first == UInt8(ascii: ".") { throw DocKitError(CatalogError.invalidName(shown, reason: "a leading '.' would hide it")) }
        if name.bytes.count > 255 { throw DocKitError(CatalogError.invalidName(shown, reason: "it is longer than 255 bytes")) }
    }

    /// A name that would not be listed as the document given it: the
    /// Documents folder's `Inbox` (where other apps deliver documents, as
    /// on iOS), a sync engine's temporary or conflict copy.
    static func validateListed(_ name: RawPath, atTopLevel: Bool) throws(DocKitError) {
        let shown = name.description
        switch DocumentEntryRules.verdict(for: name, atTopLevel: atTopLevel) {
        case .document: return
        case .syncTemporary: throw DocKitError(CatalogError.invalidName(shown, reason: "it is a sync engine's temporary name"))
        case .conflictCopy: throw DocKitError(CatalogError.invalidName(shown, reason: "it is a sync engine's conflict copy name"))
        case .placeholder, .ignored:
            throw DocKitError(CatalogError.invalidName(shown, reason: atTopLevel && shown == "Inbox"
                ? "the top-level Inbox is where other apps deliver documents, and is never listed" : "it would be hidden"))
        }
    }

    /// `Name.ext`, then `Name 2.ext`, `Name 3.ext`, …, as the Files app
    /// numbers copies.
    static func numbered(_ base: String, _ number: Int, extension ext: String?) -> String {
        let stem = number == 1 ? base : "\(base) \(number)"
        return ext.map { "\(stem).\($0)" } ?? stem
    }

    /// A name is taken by a file, by the placeholder of one that is not
    /// downloaded, or by a name that is the same after Unicode
    /// normalization (and, where `caseInsensitive`, case folding), which
    /// macOS and Windows peers of a sync folder see as one file.
    static func isTaken(_ path: RawPath, caseInsensitive: Bool) throws -> Bool {
        try isTakenExactly(path) || equivalentName(to: path, caseInsensitive: caseInsensitive) != nil
    }

    /// ``isTaken(_:caseInsensitive:)`` judged among the names of `path`'s
    /// folder, as the caller has just read them.
    static func isTaken(_ path: RawPath, caseInsensitive: Bool, among names: [RawPath]) throws -> Bool {
        try isTakenExactly(path) || equivalentName(to: path, caseInsensitive: caseInsensitive, among: names) != nil
    }

    static func isTakenExactly(_ path: RawPath) throws -> Bool {
        try FileStatus.of(path) != nil || DocumentCatalog.placeholderExists(for: path)
    }

    /// Another entry beside `path` whose name is `path`'s after NFC (and
    /// case folding), other than `except`; placeholders count by the name
    /// they stand for.
    static func equivalentName(to path: RawPath, caseInsensitive: Bool, except: RawPath? = nil) throws(DocKitError) -> RawPath? {
        let directory = path.deletingLastComponent
        guard try FileStatus.of(directory) != nil else { return nil }
        return equivalentName(to: path, caseInsensitive: caseInsensitive, except: except, among: try DirectoryReader.names(in: directory))
    }

    /// ``equivalentName(to:caseInsensitive:except:)`` among the names of
    /// `path`'s folder, as the caller has just read them.
    static func equivalentName(to path: RawPath, caseInsensitive: Bool, except: RawPath? = nil, among names: [RawPath]) -> RawPath? {
        let name = path.lastComponent
        guard let key = comparisonKey(name, caseInsensitive: caseInsensitive) else { return nil }
        let directory = path.deletingLastComponent
        let asciiKey = key.utf8.allSatisfy { $0 < 0x80 } ? Array(key.utf8) : nil
        let exceptName = except.flatMap { $0.deletingLastComponent == directory ? $0.lastComponent : nil }
        for entry in names where entry != name && entry != exceptName {
            let standsFor = DocumentEntryRules.placeholderTarget(entry) ?? entry
            guard standsFor != name else { continue }
            // Most names are ASCII, which NFC leaves as they are: compared
            // as bytes, a folder of thousands costs no Unicode work.
            if standsFor.bytes.allSatisfy({ $0 < 0x80 }) {
                guard let asciiKey else { continue }
                if standsFor.bytes.count == asciiKey.count,
                   zip(standsFor.bytes, asciiKey).allSatisfy({ caseInsensitive ? asciiLowercased($0) == $1 : $0 == $1 }) { return directory.appending(entry) }
                continue
            }
            if comparisonKey(standsFor, caseInsensitive: caseInsensitive) == key { return directory.appending(entry) }
        }
        return nil
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// What two names are compared by: NFC, and lowercased where case is
    /// ignored. A name that is not UTF-8 has no other spelling: nil.
    static func comparisonKey(_ name: RawPath, caseInsensitive: Bool) -> String? {
        guard let text = String(validating: name.bytes, as: UTF8.self) else { return nil }
        let normalized = text.precomposedStringWithCanonicalMapping
        return caseInsensitive ? normalized.lowercased() : normalized
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

    /// A duplicate's name, as the Finder gives it: `Name copy.ext`, then
    /// `Name copy 2.ext`, … before all of a compound extension.
    static func copyNamed(_ filename: RawPath, extensionLength: Int, _ number: Int) -> RawPath {
        let split = filename.bytes.count - extensionLength
        let suffix = number > 1 ? " copy \(number)" : " copy"
        return RawPath(bytes: Array(filename.bytes[..<split]) + Array(suffix.utf8) + Array(filename.bytes[split...]))
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
