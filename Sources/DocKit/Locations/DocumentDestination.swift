/// Where `move` and `copy` put a document: a location and, in it, either
/// the folder the document is in now or a folder named, as the Files app
/// moves a document into a folder of either location.
public struct DocumentDestination: Sendable, Hashable, CustomStringConvertible {
    /// The location the document goes to.
    public var location: Location
    /// A folder as `list` shows it (`Work/Drafts`), empty for the top of
    /// the location's Documents folder; nil keeps the document's own folder.
    public var folder: String?

    /// - Parameters:
    ///   - location: The location the document goes to.
    ///   - folder: A folder as `list` shows it, empty for the top of the
    ///     location; nil keeps the document's own folder.
    public init(_ location: Location, folder: String? = nil) {
        self.location = location
        self.folder = folder
    }

    /// A destination as a user types it: `local` or `cloud` keeps the
    /// document's folder; `cloud:Work/Drafts` (with or without the last
    /// slash) is that folder, and `cloud:` the top of the location.
    ///
    /// - Parameter text: The destination typed.
    /// - Returns: nil when `text` names no location.
    public init?(_ text: String) {
        if let location = Location(rawValue: text) {
            self.init(location)
            return
        }
        guard let colon = text.firstIndex(of: ":"), let location = Location(rawValue: String(text[..<colon])) else { return nil }
        var folder = text[text.index(after: colon)...]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        self.init(location, folder: String(folder))
    }

    /// `cloud`, or `cloud:Work/Drafts/` when a folder is named.
    public var description: String {
        guard let folder else { return location.rawValue }
        return folder.isEmpty ? "\(location):" : "\(location):\(folder)/"
    }
}
