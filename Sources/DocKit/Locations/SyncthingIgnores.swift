import Foundation

/// Syncthing ships every file of its folder that `.stignore` does not
/// name. docbrowser's temporaries (`.docbrowser-tmp-…`) belong to the
/// device whose operation made them: shipped, another device would see a
/// half-made copy, and its deletion of it would come back as a loss. So in
/// a Syncthing folder, one with Syncthing's `.stfolder` marker, docbrowser
/// adds two lines of its own to `.stignore`, once:
///
///     // docbrowser: its temporaries stay on the device that made them
///     (?d).docbrowser-tmp-*
///
/// `(?d)` lets Syncthing remove such a file when it alone keeps a folder
/// that another device deleted. Nothing else in `.stignore` is touched.
enum SyncthingIgnores {
    static let comment = "// docbrowser: its temporaries stay on the device that made them"
    static let pattern = "(?d)\(FileSystem.temporaryPrefix)*"

    /// Adds the lines to `folder/.stignore` when `folder` is a Syncthing
    /// folder that lacks them; a failure only leaves things as they were.
    static func ensure(in folder: RawPath, owner: String) {
        guard (try? FileStatus.of(folder.appending(".stfolder"))) ?? nil != nil else { return }
        let file = folder.appending(".stignore")
        let existing = (try? Data(contentsOf: file.url)) ?? Data()
        let lines = String(decoding: existing, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard !lines.contains(where: { $0.trimmingCharacters(in: .whitespaces) == pattern }) else { return }
        var text = existing
        if let last = existing.last, last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
        text.append(Data("\(comment)\n\(pattern)\n".utf8))
        do {
            try FileSystem.writeAtomically(text, to: file, owner: owner)
        } catch {
            Diagnostics.catalog.warning("\(file): cannot add docbrowser's ignore pattern: \(error)")
        }
    }
}
