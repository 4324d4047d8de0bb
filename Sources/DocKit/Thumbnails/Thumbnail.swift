/// A document's thumbnail in the desktop's cache.
public struct Thumbnail: Sendable, Hashable {
    /// Where it came from.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// A valid thumbnail was already in the cache, whoever made it; nothing ran.
        case cache
        /// A generator made it just now.
        case generated
    }

    /// The PNG in `$XDG_CACHE_HOME/thumbnails/SIZE/`.
    public var path: RawPath
    /// Its size folder.
    public var size: ThumbnailSize
    /// Whether it was found or made.
    public var origin: Origin
    /// The thumbnailer that made it (`gdk-pixbuf-thumbnailer`, `evince`); `nil` for one found in the cache.
    public var generator: String?
    /// The thumbnail the document carries that was scaled, such as
    /// `Thumbnails/thumbnail.png`; `nil` when the document itself was.
    public var embedded: String?
    /// What a user may want to know: a thumbnailer run outside the sandbox, say.
    public var notes: [String]

    /// Creates a thumbnail's description.
    ///
    /// - Parameters:
    ///   - path: The cache file.
    ///   - size: Its size folder.
    ///   - origin: Found or made.
    ///   - generator: The thumbnailer that made it, if made.
    ///   - embedded: The document's own thumbnail that was scaled, if any.
    ///   - notes: Notes for the user.
    public init(path: RawPath, size: ThumbnailSize, origin: Origin, generator: String? = nil, embedded: String? = nil, notes: [String] = []) {
        self.path = path
        self.size = size
        self.origin = origin
        self.generator = generator
        self.embedded = embedded
        self.notes = notes
    }
}
