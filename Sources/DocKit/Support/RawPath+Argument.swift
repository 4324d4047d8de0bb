import Foundation

extension RawPath {
    /// A path as a user typed it: `~` expanded, made absolute against the
    /// current directory, `.` and `..` resolved. Plugins run in `/`, so
    /// every path handed to one must be absolute.
    ///
    /// - Parameter text: The path as typed, with `\xHH` escapes for bytes that
    ///   are not UTF-8, as ``init(escaped:)`` reads them.
    public init(argument text: String) {
        let expanded = (text as NSString).expandingTildeInPath
        let absolute = expanded.hasPrefix("/") ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
        self.init(escaped: (absolute as NSString).standardizingPath)
    }
}
