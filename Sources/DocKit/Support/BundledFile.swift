import Foundation

/// A file of `share/docbrowser` (its `types/` and `handlers/`) compiled
/// into DocKit by the `EmbedSharedData` build tool: the data every program
/// built on DocKit needs is in its binary, not in a folder found at run time.
struct BundledFile: Sendable, Hashable {
    /// The path below `share/docbrowser`, as `types/text.plist`.
    let name: String
    /// The file's text.
    let text: String

    /// How messages and the type registry's fingerprint name the file:
    /// `builtin:types/text.plist`, which no file path can be mistaken for.
    var label: String { "builtin:\(name)" }

    /// The file as a URL of the `builtin` scheme, for a handler manifest,
    /// which names its file by URL; it is no file URL, so nothing is ever
    /// looked up beside it on disk.
    var url: URL { URL(string: label)! }

    /// The built-in files of one folder, `types` or `handlers`.
    static func files(in folder: String) -> [BundledFile] {
        all.filter { $0.name.hasPrefix(folder + "/") }
    }
}
