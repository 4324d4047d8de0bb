#if canImport(Glibc)
import Glibc
#endif

extension DocumentCatalog {
    /// The versions of `document` as ``DocumentVersions/of(_:)`` finds
    /// them and, for a package in conflict for having lost most of its
    /// tree (`PackageLoss`), the whole package wherever this device
    /// still has it (`WholePackageCopies`), numbered after the conflict
    /// copies: the Trash's, oldest first, then Syncthing's `.stversions`.
    /// What is left is the current version.
    ///
    /// - Parameter document: A catalogued document.
    /// - Returns: Its versions.
    /// - Throws: ``DocKitError/Code/fileSystem`` when a folder or Trash cannot be read;
    ///   ``DocKitError/Code/database`` when the catalog cannot.
    public func versions(of document: Document) throws -> DocumentVersions {
        var versions = try DocumentVersions.of(document)
        guard let whole = try lostTree(of: document) else { return versions }
        for item in try WholePackageCopies.trashItems(of: document.path, whole: whole, trash: scanner.trash).reversed() {
            versions.unresolvedConflicts.append(DocumentVersion(
                number: versions.unresolvedConflicts.count + 1, name: item.name.description, path: item.path, engine: nil, device: nil,
                size: item.size, modificationDate: item.status.modificationDate, files: [], wholePackage: .trash(item)))
        }
        if let kept = try WholePackageCopies.syncthingVersions(of: document.path, whole: whole), let folder = try SyncthingVersions.keptFolder(of: document.path) {
            var size: Int64 = 0
            var modified = Nanoseconds.date(0)
            for file in kept.values {
                guard let status = try FileStatus.of(file) else { continue }
                size += status.size
                modified = max(modified, status.modificationDate)
            }
            // What is left in place fills the rest, and is counted too.
            try TreeWalk.visit(document.path) { relativePath, entry in
                if kept[relativePath] == nil, entry.st_mode & S_IFMT != S_IFDIR { size += Int64(entry.st_size) }
                return true
            }
            versions.unresolvedConflicts.append(DocumentVersion(
                number: versions.unresolvedConflicts.count + 1, name: document.filename.description, path: folder, engine: .syncthing, device: nil,
                size: size, modificationDate: modified, files: [], wholePackage: .syncthingVersions(kept)))
        }
        return versions
    }

    /// The whole tree of `document` when it is a package in conflict for
    /// having lost most of it.
    func lostTree(of document: Document) throws -> PackageContents? {
        guard document.isPackage, document.location == .cloud, document.states.contains(.inConflict),
              let tree = try scanner.catalog.rememberedTree(at: document.relativePath, in: document.location), tree.state == .lost
        else { return nil }
        return tree.whole
    }
}
