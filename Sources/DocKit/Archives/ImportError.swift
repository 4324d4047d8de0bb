/// Why files cannot be imported, beyond the plugin's and the file system's
/// own errors.
public enum ImportError: DocKitError, Hashable {
    /// An archive with no item that could become a document.
    case nothingToImport(archive: String)
    /// Two imported items want the same name and the policy is not rename.
    case sameName(String, first: String, second: String)
    /// Devices, FIFOs and sockets are not documents.
    case notADocument(String)

    public var kind: FailureKind {
        switch self {
        case .nothingToImport, .notADocument: .invalidInput
        case .sameName: .conflict
        }
    }

    public var description: String {
        switch self {
        case .nothingToImport(let archive):
            "\(archive): contains nothing to import"
        case .sameName(let name, let first, let second):
            "\(name): both \(first) and \(second) bring an item of this name; use --on-conflict rename"
        case .notADocument(let path):
            "\(path): not a file, package or folder"
        }
    }
}
