/// The archive formats `export` writes, with the type each is declared as.
public enum ArchiveFormat: String, Sendable, Hashable, CaseIterable {
    case zip
    case tar
    case tarGzip = "tar.gz"
    case tarXz = "tar.xz"
    case tarZstd = "tar.zst"
    case sevenZip = "7z"

    public var typeIdentifier: String {
        switch self {
        case .zip: "public.zip-archive"
        case .tar: "public.tar-archive"
        case .tarGzip: "org.gnu.gnu-zip-tar-archive"
        case .tarXz: "org.tukaani.tar-xz-archive"
        case .tarZstd: "com.facebook.zstd-tar-archive"
        case .sevenZip: "org.7-zip.7-zip-archive"
        }
    }

    /// The format an output name asks for (`x.tar.gz`, `x.tgz`, `x.ZIP`).
    public init?(filename: String) {
        let name = filename.lowercased()
        let aliases: [(String, ArchiveFormat)] = [
            (".tar.gz", .tarGzip), (".tgz", .tarGzip), (".tar.xz", .tarXz), (".txz", .tarXz),
            (".tar.zst", .tarZstd), (".tzst", .tarZstd), (".tar", .tar), (".zip", .zip), (".7z", .sevenZip),
        ]
        guard let match = aliases.first(where: { name.hasSuffix($0.0) }) else { return nil }
        self = match.1
    }
}
