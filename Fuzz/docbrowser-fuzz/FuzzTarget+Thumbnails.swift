import DocKit
import Foundation

extension FuzzTarget {
    /// Anyone can write into ~/.cache/thumbnails: its files are read for
    /// their texts before docbrowser trusts one.
    static let thumbnailTargets = [
        FuzzTarget(name: "thumbnail-png", summary: "a thumbnail cache file, read for its tEXt chunks") { input, scratch in
            _ = ThumbnailPNG.textChunks(in: input)
            let file = scratch.file("thumbnail.png", holding: input)
            _ = ThumbnailPNG.textChunks(ofFileAt: RawPath(file.path))
        },
    ]
}
