/// The rules a name given by a user must follow to become a document's.
enum DocumentName {
    static func validate(_ name: String) throws(CatalogError) {
        if name.isEmpty { throw .invalidName(name, reason: "it is empty") }
        if name.contains("/") { throw .invalidName(name, reason: "it contains '/'") }
        if name.contains("\0") { throw .invalidName(name, reason: "it contains a NUL character") }
        if name == "." || name == ".." { throw .invalidName(name, reason: "it names a directory") }
        if name.hasPrefix(".") { throw .invalidName(name, reason: "a leading '.' would hide it") }
        if RawPath(escaped: name).bytes.count > 255 { throw .invalidName(name, reason: "it is longer than 255 bytes") }
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

    /// ``numbered(_:_:extension:)`` for a name whose type extension may be
    /// compound: the number goes before all of it (`Data 2.tar.gz`).
    static func numbered(_ name: String, displayName: String, _ number: Int) -> String {
        (number == 1 ? displayName : "\(displayName) \(number)") + name.dropFirst(displayName.count)
    }
}
