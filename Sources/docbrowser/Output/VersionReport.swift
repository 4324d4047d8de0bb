import DocKit

/// A document's versions for `versions`, `info` and `list --versions`.
struct VersionReport: Encodable {
    var number: Int
    var isCurrent: Bool
    var name: String
    var path: String?
    var engine: String?
    var device: String?
    var size: Int64
    var modified: String
    var files: [File]?

    struct File: Encodable {
        var original: String
        var copy: String
        var size: Int64
        var modified: String
    }

    init(_ version: DocumentVersion) {
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
    }

    /// The whole set, as `versions --json` prints it.
    struct All: Encodable {
        var document: String
        var resolved: Bool
        var current: VersionReport?
        var conflicts: [VersionReport]

        init(_ versions: DocumentVersions) {
            document = versions.document.qualifiedName
            resolved = versions.isResolved
            current = versions.current.map(VersionReport.init)
            conflicts = versions.unresolvedConflicts.map(VersionReport.init)
        }
    }

    /// The copy's name; for a package's version, how many files it has
    /// other content for.
    static func label(_ version: DocumentVersion) -> String {
        version.files.isEmpty ? version.name : "\(version.files.count) file\(version.files.count == 1 ? "" : "s") inside"
    }

    /// One line per version, and for a package's version one more per
    /// file it has other content for.
    static func lines(_ versions: DocumentVersions) -> [String] {
        var table = Table("VERSION", "NAME", "ENGINE", "DEVICE", "SIZE", "MODIFIED")
        if versions.current == nil { table.append(["current", "(none: the engine left only its copies)", "", "", "", ""]) }
        for version in [versions.current].compactMap({ $0 }) + versions.unresolvedConflicts {
            table.append([
                version.isCurrent ? "current" : String(version.number),
                label(version),
                version.engine?.rawValue ?? "-", version.device ?? "-",
                Formatting.size(version.size), Formatting.date(version.modificationDate),
            ])
            for file in version.files {
                table.append(["", "  \(file.original) ← \(file.copy.lastComponent)", "", "", Formatting.size(file.size), Formatting.date(file.modificationDate)])
            }
        }
        return table.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
