import ArchiveChecks
import Foundation

extension FuzzTarget {
    static let archiveTargets = [
        FuzzTarget(name: "entry-names", summary: "archive entry names (NUL-separated), checked and placed in one tree") { input, _ in
            var tree = PathTree()
            for bytes in input.split(separator: 0, omittingEmptySubsequences: false) {
                guard let name = try? EntryName(Array(bytes)), !name.isRoot else { continue }
                let node = tree.insert(name)
                let kinds: [PathTree.Kind] = [.directory, .file, .symlink]
                tree.setKind(kinds[bytes.count % kinds.count], of: node)
                _ = tree.blockingAncestor(of: node)
                if tree.lookup(name) != node { fatalError("'\(name.display)' is not found where it was placed") }
                if tree.name(of: node) != name { fatalError("'\(name.display)' reads back as '\(tree.name(of: node).display)'") }
            }
        },
        FuzzTarget(name: "zip-directory", summary: "a zip's central directory, judged before extraction") { input, scratch in
            let file = scratch.file("archive.zip", holding: input)
            try? ZipDirectoryCheck(limits: .standard).check(path: file.path)
        },
    ]
}
