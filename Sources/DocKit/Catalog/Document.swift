import Foundation

/// One entry directly under a location's Documents folder (or, when
/// listing recursively, under one of its folders): a file, a package, a
/// folder, a symbolic link, or an iCloud placeholder for a file not yet
/// downloaded.
public struct Document: Sendable, Hashable, Codable {
    /// Whether the document is in the local or the cloud Documents folder.
    public var location: Location
    /// The entry on disk, relative to the location's Documents folder. For
    /// a placeholder, the placeholder file (`.Name.ext.icloud`).
    public var relativePath: RawPath
    /// The entry's absolute path; for a placeholder, the placeholder file's.
    public var path: RawPath
    /// The filename as shown: `Name.ext`, with bytes that are not UTF-8
    /// escaped as `\xHH`.
    public var name: String
    /// The filename without the extension its type gives it.
    public var displayName: String
    /// The type identifier the catalog gives it, by name and, when the name says nothing, by content.
    public var type: String
    /// For a package, the sum of its contents; for a placeholder, the size
    /// the cloud says the file has.
    public var size: Int64
    /// When the content last changed.
    public var modificationDate: Date
    /// `true` for a directory whose type is a package, listed and handled as one document.
    public var isPackage: Bool
    /// `true` for an ordinary directory, which listing can descend into.
    public var isFolder: Bool
    /// `true` when the entry is a symbolic link; its type is then `public.symlink`, and it is never followed.
    public var isSymbolicLink: Bool
    /// True when the type was guessed from the content.
    public var typeWasGuessed: Bool
    /// The states it is in; empty means `normal`.
    public var states: Set<DocumentState>

    /// The name `list` shows, with the folders above it when listing
    /// recursively (`Folder/Name.ext`).
    public var listedName: String {
        let parent = relativePath.deletingLastComponent
        return parent.isEmpty ? name : "\(parent)/\(name)"
    }

    /// The `local:NAME` form that names it unambiguously.
    public var qualifiedName: String { "\(location):\(listedName)" }

    /// The filename as the file system holds it: for a placeholder
    /// (`.Name.ext.icloud`), the name of the file it stands for.
    /// For a document that is only a sync engine's temporary so far, the
    /// name the temporary will take. For a document that so far only a
    /// sync engine's conflict copies stand for, the name they were copies of.
    public var filename: RawPath {
        let entry = relativePath.lastComponent
        if states.contains(.notDownloaded) { return DocumentEntryRules.placeholderTarget(entry) ?? entry }
        if states.contains(.incomplete), let temporary = SyncTemporary(entry) { return temporary.document }
        if states.contains(.inConflict), let copy = ConflictCopy(entry) { return copy.original }
        return entry
    }

    /// How many bytes at the end of ``filename`` are its type's extension.
    var extensionLength: Int {
        DocumentName.extensionLength(of: filename, name: name, displayName: displayName)
    }
}

/// The states a document can be in. `normal` is the absence of the others.
public enum DocumentState: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// None of the other states.
    case normal
    /// A sync engine is still writing it: its temporary lies beside it or
    /// inside it, or it exists only as that temporary so far.
    case incomplete
    /// A sync engine left conflict copies of it, to be resolved.
    case inConflict
    /// Only an iCloud placeholder is here; the file is in the cloud.
    case notDownloaded
    /// A handler has it open.
    case open
    /// A live docbrowser process is changing it (moving, deleting, …).
    case locked

    /// Orders states as they are declared, so lists of them read the same everywhere.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension Document {
    /// The states in a fixed order, `normal` when there are none.
    public var stateList: [DocumentState] {
        states.isEmpty ? [.normal] : states.sorted()
    }
}
