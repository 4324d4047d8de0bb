#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The desktop's thumbnail cache, `$XDG_CACHE_HOME/thumbnails`, shared with
/// GNOME Files, Dolphin, Thunar and GIO: a thumbnail is
/// `SIZE/MD5(URI).png`, valid while its `Thumb::URI` and `Thumb::MTime`
/// name the file as it is now; a failure is a PNG of the same name under
/// `fail/APP/`, so that no one retries a file that has not changed.
struct ThumbnailCache: Sendable {
    /// The folder of docbrowser's failures under `fail/`, versioned as the
    /// standard asks, so that a later docbrowser that can do more retries.
    static let failureFolderName = "docbrowser-\(ThumbnailService.version)"

    /// `$XDG_CACHE_HOME/thumbnails`.
    var root: RawPath

    /// The file as the cache knows it: its canonical URI, its
    /// modification time in whole seconds, its size and MIME type.
    struct Key: Sendable, Hashable {
        var uri: String
        var modificationTime: Int64
        var size: Int64?
        var mimeType: String?

        /// The file name every size's thumbnail and the failure share.
        var fileName: String { MD5.hexDigest(Array(uri.utf8)) + ".png" }

        /// The texts a valid thumbnail carries; `Thumb::Size` only for a
        /// regular file, as GIO compares it with the file's size.
        var texts: [(keyword: String, text: String)] {
            var texts = [("Thumb::URI", uri), ("Thumb::MTime", String(modificationTime))]
            if let size { texts.append(("Thumb::Size", String(size))) }
            if let mimeType { texts.append(("Thumb::Mimetype", mimeType)) }
            texts.append(("Software", "docbrowser \(ThumbnailService.version)"))
            return texts.map { (keyword: $0.0, text: $0.1) }
        }

        /// Whether a cache file's texts describe this file as it is now.
        /// `Thumb::Size`, when there, must agree too, as GIO checks it.
        func isDescribed(by texts: [String: String]) -> Bool {
            guard texts["Thumb::URI"] == uri, texts["Thumb::MTime"].flatMap({ Int64($0) }) == modificationTime else { return false }
            if let stated = texts["Thumb::Size"], let size { return Int64(stated) == size }
            return true
        }
    }

    func thumbnailPath(for key: Key, size: ThumbnailSize) -> RawPath {
        root.appending(size.folderName).appending(key.fileName)
    }

    func failurePath(for key: Key) -> RawPath {
        root.appending("fail").appending(Self.failureFolderName).appending(key.fileName)
    }

    /// The valid thumbnail of `key` at `size`, whoever made it; `nil` when
    /// there is none, or the file there is stale, broken or not a PNG.
    func validThumbnail(for key: Key, size: ThumbnailSize) -> RawPath? {
        let path = thumbnailPath(for: key, size: size)
        guard let texts = ThumbnailPNG.textChunks(ofFileAt: path), key.isDescribed(by: texts) else { return nil }
        return path
    }

    /// Whether docbrowser failed on the file as it is now.
    func hasFailed(_ key: Key) -> Bool {
        guard let texts = ThumbnailPNG.textChunks(ofFileAt: failurePath(for: key)) else { return false }
        return key.isDescribed(by: texts)
    }

    /// Stores a generator's PNG as the thumbnail of `key`: its texts set,
    /// written to a temporary in the size's folder and renamed over the
    /// name, so that a reader sees the old file or the new one, whole.
    ///
    /// - Returns: The thumbnail's path.
    /// - Throws: ``DocKitError`` when `png` is not a whole PNG or the
    ///   cache cannot be written.
    func store(_ png: [UInt8], for key: Key, size: ThumbnailSize, generator: String) throws(DocKitError) -> RawPath {
        guard let tagged = ThumbnailPNG.replacingTexts(key.texts, in: png) else {
            throw DocKitError(ThumbnailError.notAPNG(generator: generator))
        }
        let path = thumbnailPath(for: key, size: size)
        try write(tagged, to: path)
        return path
    }

    /// Records that no generator could make a thumbnail of `key`: a 1×1
    /// PNG with the file's texts, as the standard describes.
    func recordFailure(for key: Key) throws(DocKitError) {
        guard let tagged = ThumbnailPNG.replacingTexts(key.texts, in: Self.emptyPNG) else { return }
        try write(tagged, to: failurePath(for: key))
    }

    private func write(_ bytes: [UInt8], to path: RawPath) throws(DocKitError) {
        do {
            // 0700 folders and 0600 files: thumbnails show what private files hold.
            try FileSystem.createDirectory(path.deletingLastComponent, mode: 0o700)
            try FileSystem.writeAtomically(Data(bytes), to: path, mode: 0o600, durable: false)
        } catch {
            throw DocKitError(ThumbnailError.cacheUnwritable(error))
        }
    }

    /// A 1×1 transparent PNG, the image of a failure record.
    static let emptyPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0B, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x00, 0x02, 0x00,
        0x00, 0x05, 0x00, 0x01, 0x7A, 0x5E, 0xAB, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44,
        0xAE, 0x42, 0x60, 0x82,
    ]
}
