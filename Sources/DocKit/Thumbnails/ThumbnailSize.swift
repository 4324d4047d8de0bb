/// The sizes of the freedesktop Thumbnail Managing Standard, each a folder
/// of the cache; a thumbnail fits a square of ``pixels`` on a side.
public enum ThumbnailSize: String, Sendable, Hashable, CaseIterable, Codable {
    /// 128 pixels, folder `normal`.
    case normal
    /// 256 pixels, folder `large`.
    case large
    /// 512 pixels, folder `x-large`.
    case xLarge = "x-large"
    /// 1024 pixels, folder `xx-large`.
    case xxLarge = "xx-large"

    /// The longest side of a thumbnail of this size.
    public var pixels: Int {
        switch self {
        case .normal: 128
        case .large: 256
        case .xLarge: 512
        case .xxLarge: 1024
        }
    }

    /// The cache's folder for this size; the raw value, as the standard names it.
    public var folderName: String { rawValue }
}
