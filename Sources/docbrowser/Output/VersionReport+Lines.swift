import DocBrowserReports
import DocKit

extension VersionReport {
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
