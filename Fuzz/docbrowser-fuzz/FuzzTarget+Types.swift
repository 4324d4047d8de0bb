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
    ]
}
