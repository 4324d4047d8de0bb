import Foundation

/// The thumbnailers installed for the desktop, in
/// `$XDG_DATA_HOME/thumbnailers` and then each `$XDG_DATA_DIRS/thumbnailers`:
/// for each MIME type the first one found wins, as in GNOME, so a user's
/// own thumbnailer overrides the system's.
struct DesktopThumbnailers: Sendable {
    /// The thumbnailer for each MIME type, lower-cased.
    var byMIMEType: [String: DesktopThumbnailer]

    /// Reads every `.thumbnailer` file of the data directories, in order;
    /// within a folder, by file name. Unreadable ones are skipped.
    ///
    /// - Parameter environment: The variables that give the folders and `PATH`.
    /// - Returns: The thumbnailers by MIME type.
    static func load(environment: [String: String]) -> DesktopThumbnailers {
        let searchPath = ProgramSearchPath(environment: environment)
        var byMIMEType: [String: DesktopThumbnailer] = [:]
        for directory in XDGBaseDirectories(environment: environment).dataDirectories {
            let folder = directory.appending(path: "thumbnailers", directoryHint: .isDirectory)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names.sorted() where name.hasSuffix(".thumbnailer") {
                let path = folder.appending(path: name).path
                guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 16,
                      let thumbnailer = DesktopThumbnailer.parse(String(decoding: data, as: UTF8.self), path: path, searchPath: searchPath) else { continue }
                for mimeType in thumbnailer.mimeTypes where byMIMEType[mimeType] == nil {
                    byMIMEType[mimeType] = thumbnailer
                }
            }
        }
        return DesktopThumbnailers(byMIMEType: byMIMEType)
    }

    /// The thumbnailer for the first of `mimeTypes` that has one.
    func thumbnailer(forAnyOf mimeTypes: [String]) -> (thumbnailer: DesktopThumbnailer, mimeType: String)? {
        for mimeType in mimeTypes {
            if let thumbnailer = byMIMEType[mimeType.lowercased()] { return (thumbnailer, mimeType) }
        }
        return nil
    }
}
