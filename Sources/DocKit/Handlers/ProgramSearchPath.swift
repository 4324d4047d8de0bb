#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The folders of `PATH`, where a desktop entry's program is looked for,
/// as the Desktop Entry specification says. Made once for every app of a
/// registry: a desktop has hundreds of entries, and building a URL for
/// each folder tried (Foundation stats a path to tell a folder by it) was
/// most of what an entry cost.
struct ProgramSearchPath: Sendable {
    let directories: [String]

    init(environment: [String: String]) {
        directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
    }

    /// The first runnable file named `program` in the folders, in order.
    func locate(_ program: String) -> URL? {
        for directory in directories {
            let candidate = directory.hasSuffix("/") ? directory + program : directory + "/" + program
            if Self.isRunnable(candidate) { return URL(fileURLWithPath: candidate, isDirectory: false) }
        }
        return nil
    }

    /// A regular file this process may execute.
    static func isRunnable(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
