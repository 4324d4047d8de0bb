#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Where the advisory locks and "open" records of a home live, one file
/// per document name (`<home>/Library/Locks`). The file is named after a
/// hash of the document's canonical path, so every process that means the
/// same name — by whatever path it was reached — locks the same file,
/// including names that do not exist yet, such as a move's destination.
public struct LockDirectory: Sendable, Hashable {
    /// The Locks folder, `HOME/Library/Locks`, created when first needed.
    public let path: RawPath

    /// The Locks folder of `home`; nothing is created.
    ///
    /// - Parameter home: The docbrowser home.
    public init(home: Home) {
        path = RawPath(home.libraryDirectory.appending(path: "Locks", directoryHint: .isDirectory))
    }

    /// The parent is resolved, not the name: a document that is itself a
    /// symbolic link is locked as the link.
    static func canonical(_ document: RawPath) -> RawPath {
        let parent = document.deletingLastComponent
        guard let real = parent.resolvingSymbolicLinks() else { return document }
        return real.appending(document.lastComponent)
    }

    func key(for document: RawPath) -> String {
        var hash = FNV1aHash()
        hash.combine(Self.canonical(document).bytes)
        return hash.hexadecimal
    }

    func lockFile(for document: RawPath) -> RawPath {
        path.appending("\(key(for: document)).lock")
    }

    static let openRecordMarker = ".open-"

    func openRecordPrefix(for document: RawPath) -> String {
        key(for: document) + Self.openRecordMarker
    }

    func create() throws(DocKitError) {
        try FileSystem.createDirectory(path, mode: 0o700)
    }
}
