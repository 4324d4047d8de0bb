import DocKit
import Foundation

extension FuzzTarget {
    static let handlerTargets = [
        FuzzTarget(name: "handler-manifest", summary: "a handler's manifest: XML, binary or JSON property list") { input, scratch in
            _ = try? HandlerManifest.load(from: scratch.file("manifest.plist", holding: input), environment: [:])
        },
        FuzzTarget(name: "desktop-entry", summary: "a .desktop file, read as a handler manifest") { input, scratch in
            _ = try? HandlerManifest.load(from: scratch.file("app.desktop", holding: input), environment: ["PATH": "/usr/bin"])
        },
    ]
}
