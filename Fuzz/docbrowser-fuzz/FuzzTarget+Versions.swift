import DocKit

extension FuzzTarget {
    static let versionTargets = [
        FuzzTarget(name: "conflict-copies", summary: "names on disk (NUL-separated), read as sync engines' conflict copies") { input, _ in
            for bytes in input.split(separator: 0) {
                let name = RawPath(bytes: Array(bytes))
                guard let copy = ConflictCopy(name) else { continue }
                // The document it is a version of lies in the same folder,
                // under another name.
                if !copy.original.isSingleName || copy.original == name {
                    fatalError("'\(name)' is a copy of '\(copy.original)', which is no other single name")
                }
            }
        },
    ]
}
