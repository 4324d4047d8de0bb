import DocKit
import Foundation

extension FuzzTarget {
    static let catalogTargets = [
        FuzzTarget(name: "icloud-placeholder", summary: "an iCloud placeholder (.Name.icloud) from another device") { input, scratch in
            let file = scratch.file(".Holiday.mov.icloud", holding: input)
            _ = ICloudPlaceholder.read(at: RawPath(file.path), standingFor: RawPath("Holiday.mov"))
        },
        FuzzTarget(name: "sync-temporaries", summary: "names on disk (NUL-separated), read as sync engines' temporaries") { input, _ in
            for bytes in input.split(separator: 0) {
                guard let temporary = SyncTemporary(RawPath(bytes: Array(bytes))) else { continue }
                // The document it stands for becomes a name in the same folder.
                if !temporary.document.isSingleName { fatalError("'\(temporary.name)' stands for '\(temporary.document)', which is no single name") }
            }
        },
    ]
}
