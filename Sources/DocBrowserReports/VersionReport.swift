import DocKit

/// A document's versions for `versions`, `info` and `list --versions`.
public struct VersionReport: Encodable {
    public var number: Int
    public var isCurrent: Bool
    public var name: String
    public var path: String?
    public var engine: String?
    public var device: String?
    public var size: Int64
    public var modified: String
    public var files: [File]?
    /// For a package that lost most of its tree, where this version is the
    /// whole package: `trash`.
    public var keptIn: String?

    public struct File: Encodable {
        public var original: String
        public var copy: String
        public var size: Int64
        public var modified: String
    }

    public init(_ version: DocumentVersion) {
        number = version.number
        isCurrent = version.isCurrent
        name = version.name
        path = version.path?.description
        engine = version.engine?.rawValue
        device = version.device
        size = version.size
        modified = Formatting.isoDate(version.modificationDate)
        files = version.files.isEmpty ? nil : version.files.map {
            File(original: $0.original.description, copy: $0.copy.description, size: $0.size, modified: Formatting.isoDate($0.modificationDate))
        }
        switch version.wholePackage {
        case .trash?: keptIn = "trash"
        case .syncthingVersions?: keptIn = "stversions"
        case nil: keptIn = nil
        }
    }

    /// The whole set, as `versions --json` prints it.
    public struct All: Encodable {
        public var document: String
        public var resolved: Bool
        public var current: VersionReport?
        public var conflicts: [VersionReport]

        public init(_ versions: DocumentVersions) {
            document = versions.document.qualifiedName
            resolved = versions.isResolved
            current = versions.current.map(VersionReport.init)
            conflicts = versions.unresolvedConflicts.map(VersionReport.init)
        }
    }

    /// The copy's name; for a package's version, how many files it has
    /// other content for; for a whole package, where it is.
    public static func label(_ version: DocumentVersion) -> String {
        switch version.wholePackage {
        case .trash?: return "\(version.name) in the Trash"
        case .syncthingVersions?: return "\(version.name) from .stversions"
        case nil: break
        }
        return version.files.isEmpty ? version.name : "\(version.files.count) file\(version.files.count == 1 ? "" : "s") inside"
    }
}
