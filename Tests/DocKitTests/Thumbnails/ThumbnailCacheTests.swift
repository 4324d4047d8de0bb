import Foundation
import Testing
@testable import DocKit

@Suite("The thumbnail cache: validity, failures, modes")
struct ThumbnailCacheTests {
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appending(path: "thumbnail-cache-\(UUID().uuidString)")
        var cache: ThumbnailCache { ThumbnailCache(root: RawPath(url.appending(path: "thumbnails").path)) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    let key = ThumbnailCache.Key(uri: "file:///home/me/Photo.png", modificationTime: 1_700_000_000, size: 2048, mimeType: "image/png")

    @Test func aStoredThumbnailIsValidForItsFileAsItIs() throws {
        let folder = Folder()
        let path = try folder.cache.store(ThumbnailCache.emptyPNG, for: key, size: .large, generator: "test")
        #expect(path.description == folder.url.path + "/thumbnails/large/\(MD5.hexDigest(Array(key.uri.utf8))).png")
        #expect(folder.cache.validThumbnail(for: key, size: .large) == path)
        #expect(folder.cache.validThumbnail(for: key, size: .normal) == nil)
        let texts = try #require(ThumbnailPNG.textChunks(ofFileAt: path))
        #expect(texts == ["Thumb::URI": key.uri, "Thumb::MTime": "1700000000", "Thumb::Size": "2048",
                          "Thumb::Mimetype": "image/png", "Software": "docbrowser \(ThumbnailService.version)"])

        var changed = key
        changed.modificationTime += 1
        #expect(folder.cache.validThumbnail(for: changed, size: .large) == nil)
        changed = key
        changed.size = 2049
        #expect(folder.cache.validThumbnail(for: changed, size: .large) == nil)
        changed = key
        changed.uri = "file:///home/me/Other.png"
        #expect(folder.cache.validThumbnail(for: changed, size: .large) == nil)
    }

    @Test func filesAre0600InFolders0700AndNoTemporaryIsLeft() throws {
        let folder = Folder()
        let path = try folder.cache.store(ThumbnailCache.emptyPNG, for: key, size: .normal, generator: "test")
        let file = try FileManager.default.attributesOfItem(atPath: path.description)
        #expect(file[.posixPermissions] as? Int == 0o600)
        for directory in ["thumbnails", "thumbnails/normal"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.url.appending(path: directory).path)
            #expect(attributes[.posixPermissions] as? Int == 0o700, "\(directory)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: path.deletingLastComponent.description) == [path.lastComponent.description])
    }

    @Test func whatIsNotAPNGIsNotStored() throws {
        let folder = Folder()
        #expect(throws: DocKitError(ThumbnailError.notAPNG(generator: "test"))) {
            try folder.cache.store(Array("GIF89a".utf8), for: key, size: .normal, generator: "test")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "thumbnails/normal").path))
    }

    @Test func aFailureHoldsUntilTheFileChanges() throws {
        let folder = Folder()
        #expect(!folder.cache.hasFailed(key))
        try folder.cache.recordFailure(for: key)
        #expect(folder.cache.hasFailed(key))
        #expect(FileManager.default.fileExists(atPath: folder.url.appending(path: "thumbnails/fail/docbrowser-\(ThumbnailService.version)/\(key.fileName)").path))
        var changed = key
        changed.modificationTime += 60
        #expect(!folder.cache.hasFailed(changed))
        // A failure is no thumbnail.
        #expect(folder.cache.validThumbnail(for: key, size: .normal) == nil)
    }

    @Test func aPackageHasNoThumbSizeAndAnyStatedOneIsNotRequired() throws {
        let folder = Folder()
        var package = key
        package.size = nil
        let path = try folder.cache.store(ThumbnailCache.emptyPNG, for: package, size: .normal, generator: "test")
        #expect(ThumbnailPNG.textChunks(ofFileAt: path)?["Thumb::Size"] == nil)
        #expect(folder.cache.validThumbnail(for: package, size: .normal) == path)
    }
}
