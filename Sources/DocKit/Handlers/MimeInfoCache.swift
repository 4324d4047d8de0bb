#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The `mimeinfo.cache` that `update-desktop-database` writes in an
/// applications folder: for each MIME type, the desktop file IDs of the
/// folder's apps that claim it. GIO reads it instead of every entry; so
/// does a registry made for one type, which then parses only the apps
/// that can open it, however many the desktop has.
struct MimeInfoCache {
    private let text: String

    /// The cache of `directory`, when it is at least as new as
    /// `newestChange` (nanoseconds): one older than an entry may leave out
    /// what that entry claims now. Its status change counts as well as its
    /// writing, because the tool renames the cache into place, and the
    /// rename is what touches the folder.
    init?(in directory: URL, notOlderThan newestChange: Int64) {
        let path = directory.appending(path: "mimeinfo.cache").path
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let written = max(Nanoseconds.since1970(status.st_mtim), Nanoseconds.since1970(status.st_ctim))
        guard written >= newestChange, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        self.text = text
    }

    /// The IDs, without `.desktop`, that the cache lists for a MIME type
    /// `claims` accepts.
    func applications(claiming claims: (String) -> Bool) -> Set<String> {
        var identifiers = Set<String>()
        var inCache = false
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingBlanks
            if line.hasPrefix("[") {
                inCache = line == "[MIME Cache]"
                continue
            }
            guard inCache, let equals = line.firstIndex(of: "="), claims(String(line[..<equals])) else { continue }
            for identifier in line[line.index(after: equals)...].split(separator: ";") where identifier.hasSuffix(".desktop") {
                identifiers.insert(String(identifier.dropLast(".desktop".count)))
            }
        }
        return identifiers
    }
}
