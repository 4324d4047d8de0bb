import DocKit
import Foundation

extension FuzzTarget {
    static let catalogTargets = [
        FuzzTarget(name: "icloud-placeholder", summary: "an iCloud placeholder (.Name.icloud) from another device") { input, scratch in
            let file = scratch.file(".Holiday.mov.icloud", holding: input)
            _ = ICloudPlaceholder.read(at: RawPath(file.path), standingFor: RawPath("Holiday.mov"))
        },
    ]
}
