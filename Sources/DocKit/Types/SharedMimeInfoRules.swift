import Foundation
import Synchronization

/// shared-mime-info's compiled rules, `globs2` and `magic`, of one list of
/// `mime` folders: those of the XDG data directories a registry's
/// declarations were read from, so that a library typing files by its own
/// environment's declarations types them by that environment's rules too.
///
/// Each file is read the first time a file's name or content needs it, not
/// before: most commands never look further than an extension, and reading
/// the rules is a good part of a short command's time. Once read, the rules
/// of a list of folders serve every registry of the process that has it.
final class SharedMimeInfoRules: Sendable {
    /// The `mime` folders, more important first.
    let directories: [URL]
    /// `.some(nil)` once read and found missing: a machine without the files
    /// must not look for them at every file.
    private let loadedGlobs = Mutex<GlobDatabase??>(nil)
    private let loadedMagic = Mutex<MagicDatabase??>(nil)

    private init(directories: [URL]) {
        self.directories = directories
    }

    /// Every list of folders asked for so far, by its paths.
    private static let known = Mutex<[[String]: SharedMimeInfoRules]>([:])

    /// The rules of `directories`, shared with every earlier caller that
    /// named the same folders in the same order.
    ///
    /// - Parameter directories: `mime` folders, more important first.
    /// - Returns: The rules, not read yet unless an earlier caller needed them.
    static func of(_ directories: [URL]) -> SharedMimeInfoRules {
        known.withLock { known in
            let key = directories.map(\.path)
            if let rules = known[key] { return rules }
            let rules = SharedMimeInfoRules(directories: directories)
            known[key] = rules
            return rules
        }
    }

    /// The `mime` folder of each XDG data directory of `environment`
    /// (`$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`), where
    /// `update-mime-database` writes what it compiles.
    static func directories(environment: [String: String]) -> [URL] {
        XDGBaseDirectories(environment: environment).dataDirectories.map {
            $0.appending(path: "mime", directoryHint: .isDirectory)
        }
    }

    /// The file-name rules; `nil` when no folder has a readable `globs2`.
    var globs: GlobDatabase? {
        Self.value(of: loadedGlobs) { GlobDatabase.load(directories: directories) }
    }

    /// The content rules; `nil` when no folder has a readable `magic`.
    var magic: MagicDatabase? {
        Self.value(of: loadedMagic) { MagicDatabase.load(directories: directories) }
    }

    /// What `state` holds, loaded into it by `load` first if nothing was.
    private static func value<Database: Sendable>(of state: borrowing Mutex<Database??>, load: () -> Database?) -> Database? {
        state.withLock { loaded in
            if let loaded { return loaded }
            let database = load()
            loaded = .some(database)
            return database
        }
    }
}
