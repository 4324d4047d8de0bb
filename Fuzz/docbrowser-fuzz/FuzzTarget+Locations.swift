import DocKit
import Foundation

extension FuzzTarget {
    static let locationTargets = [
        FuzzTarget(name: "trash-info", summary: "a freedesktop .trashinfo file") { input, _ in
            _ = TrashInfo.parse(String(decoding: input, as: UTF8.self))
        },
        FuzzTarget(name: "configuration", summary: "a home's config.json") { input, scratch in
            _ = scratch.file("config.json", holding: input)
            _ = try? ConfigurationFile(home: Home(url: scratch.directory)).load()
        },
    ]
}
