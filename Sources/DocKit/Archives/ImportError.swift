/// Why files cannot be imported, beyond the plugin's and the file system's
/// own errors.
enum ImportError: DocKitFailure, Hashable {
    /// An archive with no item that could become a document.
    case nothingToImport(archive: String)
    /// Two imported items want the same name and the policy is not rename.
    case sameName(String, first: String, second: String)
    /// Two items of one archive want the same name (their names differ in
    /// case, which the cloud ignores) and the policy is not rename.
    case sameNameInOneFile(String, source: String, first: String, second: String)
    /// Devices, FIFOs and sockets are not documents.
    case notADocument(String)
    /// A top-level name docbrowser keeps for itself or hides (the Inbox, a
    /// sync engine's temporary): imported under it, the item would vanish.
    case hiddenName(String, source: String)
    /// Its name is taken and the policy is rename, but a number would make
    /// the name longer than a file system allows (255 bytes).
    case tooLongToNumber(String, numbered: String, source: String)

    var code: DocKitError.Code {
        switch self {
        case .nothingToImport, .notADocument: .invalidValue
        case .hiddenName: .invalidName
        case .sameName, .sameNameInOneFile: .nameClash
        case .tooLongToNumber: .nameTooLong
        }
    }

    var document: String? {
        switch self {
        case .nothingToImport(let name), .sameName(let name, _, _), .sameNameInOneFile(let name, _, _, _), .notADocument(let name),
             .hiddenName(_, let name), .tooLongToNumber(_, _, let name): name
        }
    }

    /// One line for the user, naming the document, file or argument concerned.
    var description: String {
        switch self {
        case .nothingToImport(let archive):
            "\(archive): contains nothing to import"
        case .sameName(let name, let first, let second) where first == second:
            "\(name): \(first) is given twice, and each time brings an item of this name"
        case .sameName(let name, let first, let second):
            "\(name): both \(first) and \(second) bring an item of this name"
        case .sameNameInOneFile(let name, let source, let first, let second):
            "\(name): \(source) holds two items, '\(first)' and '\(second)', that would both take this name"
        case .notADocument(let path):
            "\(path): not a file, package or folder"
        case .tooLongToNumber(let name, let numbered, let source):
            "\(source): the item '\(name)' is taken, and '\(numbered)' would be longer than 255 bytes; rename the document it clashes with"
        case .hiddenName(let name, let source):
            "\(source): the item '\(name)' has a name docbrowser hides (the Inbox, or a sync engine's temporary), so it would vanish; nothing was imported"
        }
    }
}
