import DocKit
import Foundation

extension FuzzTarget {
    static let typeTargets = [
        FuzzTarget(name: "type-declarations", summary: "an Info.plist's type declarations, merged into a registry") { input, scratch in
            guard let declarations = try? InfoPlistTypeDeclarations.load(from: scratch.file("Info.plist", holding: input)) else { return }
            _ = TypeDeclarationMerger.merge(declarations)
        },
        FuzzTarget(name: "shared-mime-info", summary: "a shared-mime-info XML package, merged into a registry") { input, scratch in
            guard let types = try? SharedMimeInfoDeclarations.load(from: scratch.file("types.xml", holding: input)) else { return }
            _ = TypeDeclarationMerger.merge([], sharedMimeInfo: types)
        },
        FuzzTarget(name: "mime-cache", summary: "a shared-mime-info mime.cache, asked for aliases and lineages") { input, scratch in
            try? FileManager.default.createDirectory(at: scratch.directory.appending(path: "mime"), withIntermediateDirectories: true)
            _ = scratch.file("mime/mime.cache", holding: input)
            let environment = ["HOME": "/nonexistent", "XDG_DATA_HOME": scratch.directory.path, "XDG_DATA_DIRS": "/nonexistent"]
            let hierarchy = MIMETypeHierarchy.load(environment: environment)
            for name in ["application/x-test-child", "application/x-test-older-child", "image/x-ms-bmp", "text/plain", "a", ""] {
                _ = hierarchy.canonicalName(name)
                _ = hierarchy.lineage(of: [name])
            }
        },
        FuzzTarget(name: "magic", summary: "a compiled shared-mime-info magic file, then its own bytes sniffed with it") { input, scratch in
            try? FileManager.default.createDirectory(at: scratch.directory.appending(path: "mime"), withIntermediateDirectories: true)
            _ = scratch.file("mime/magic", holding: input)
            let environment = ["HOME": "/nonexistent", "XDG_DATA_HOME": scratch.directory.path, "XDG_DATA_DIRS": "/nonexistent"]
            guard let database = MagicDatabase.load(environment: environment) else { return }
            if let section = database.match(input), !(0...100).contains(section.priority) {
                fatalError("a section of priority \(section.priority) was read")
            }
        },
    ]
}
