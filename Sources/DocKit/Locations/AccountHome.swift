#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The folder `~` stands for when an environment has no `HOME`: the
/// account's, from the password database, as GLib's `g_get_home_dir`
/// falls back to. Foundation's `NSHomeDirectory()` would read the
/// process's `HOME` instead, which an app that gave DocKit an environment
/// of its own did not mean.
enum AccountHome {
    /// `HOME` of `environment` when it is set and not empty, else the account's.
    static func path(environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ofAccount
    }

    /// The password database's home of the user the process runs as; `/`
    /// for an account without one, as no home is better than a guessed one.
    static let ofAccount: String = {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil, let directory = entry.pw_dir,
              case let home = String(cString: directory), home.hasPrefix("/") else { return "/" }
        return home
    }()

    /// `path` with a leading `~` or `~/` made `home`; `~user` is left as it is.
    static func expandingTilde(_ path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }
}
