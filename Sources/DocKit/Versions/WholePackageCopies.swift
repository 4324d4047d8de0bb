#if canImport(Glibc)
import Glibc
#endif

/// Where this device still has a package whole after it lost most of its
/// tree (`PackageLoss`): in a Trash, trashed from the package's own path
/// (by `docbrowser delete`, a file manager or `gio trash`, before a sync
/// engine brought back what another device edited); or in Syncthing's
/// `.stversions`, where its versioning kept the files it deleted.
enum WholePackageCopies {
    /// The items of `trash`, and of the user's Trash on the package's own
    /// file system, trashed from `path` and holding at least as much of
    /// the package as `whole`, the tree the catalog last knew it had;
    /// newest first.
    static func trashItems(of path: RawPath, whole: PackageContents, trash: Trash) throws -> [TrashedItem] {
        var found: [TrashedItem] = []
        for trash in trash.withVolumeTrashes(of: [path.deletingLastComponent]) {
            for item in try trash.items(trashedFrom: path) where item.status.kind == .directory {
                if !PackageLoss.isLost(try PackageContents.walk(item.path), from: whole) { found.append(item) }
            }
        }
        return found.sorted(by: TrashedItem.newestFirst)
    }

    /// The files Syncthing's versioning kept of the package at `path`,
    /// when with what is left in place they make at least as much of it as
    /// `whole`; nil otherwise.
    static func syncthingVersions(of path: RawPath, whole: PackageContents) throws -> [RawPath: RawPath]? {
        let kept = try SyncthingVersions.files(ofPackageAt: path)
        guard !kept.isEmpty else { return nil }
        var files = Set(kept.keys)
        try TreeWalk.visit(path) { relativePath, entry in
            if entry.st_mode & S_IFMT != S_IFDIR { files.insert(relativePath) }
            return true
        }
        return PackageLoss.isLost(files: files.count, from: whole) ? nil : kept
    }

    /// Whether this device has the package at `path` whole anywhere.
    static func exist(of path: RawPath, whole: PackageContents, trash: Trash) throws -> Bool {
        try !trashItems(of: path, whole: whole, trash: trash).isEmpty || syncthingVersions(of: path, whole: whole) != nil
    }
}
