#if canImport(Glibc)
import Glibc
#endif

/// The Trash of a mounted file system other than the home's, as the
/// freedesktop Trash specification lays it out: `$topdir/.Trash/$uid` when
/// the administrator made a shared, sticky `$topdir/.Trash`, otherwise
/// `$topdir/.Trash-$uid`. A document deleted there is renamed into it
/// instead of copied across file systems into the home Trash, as GNOME
/// Files and trash-cli do: instant, and the disk it was on keeps its bytes.
enum VolumeTrash {
    /// The top of the file system holding `path`: the highest folder above
    /// it on the same device.
    static func topDirectory(of path: RawPath) -> RawPath? {
        guard var current = VolumeTrash.existingAncestor(of: path), let device = FileSystem.device(of: current) else { return nil }
        while !current.bytes.elementsEqual("/".utf8) {
            let parent = current.deletingLastComponent
            let above = parent.isEmpty ? RawPath("/") : parent
            guard FileSystem.device(of: above) == device else { break }
            current = above
        }
        return current
    }

    /// `path`, or the nearest folder above it that exists: a Trash not
    /// made yet is judged by where it would be.
    static func existingAncestor(of path: RawPath) -> RawPath? {
        var current = path
        while true {
            if (try? FileStatus.of(current)) != nil { return current }
            let parent = current.deletingLastComponent
            guard !parent.isEmpty, parent != current else { return nil }
            current = parent
        }
    }

    /// The candidate Trash folders of `topDirectory` for user `uid`, in the
    /// specification's order, whether or not they exist.
    static func candidates(in topDirectory: RawPath, uid: uid_t) -> [RawPath] {
        [topDirectory.appending(".Trash").appending("\(uid)"), topDirectory.appending(".Trash-\(uid)")]
    }

    /// Whether `$topdir/.Trash` may hold the user's Trash: a real folder,
    /// not a link, with the sticky bit, as the specification requires
    /// (otherwise it is ignored, and a program should say so).
    static func sharedTrashIsUsable(in topDirectory: RawPath) -> Bool {
        guard let status = try? FileStatus.of(topDirectory.appending(".Trash")) else { return false }
        return status.kind == .directory && status.mode & UInt32(S_ISVTX) != 0
    }

    /// The user's Trash on the file system at `topDirectory`, made if
    /// needed; nil when neither may be used or made (a read-only file
    /// system, a folder of someone else's, a link).
    static func trash(in topDirectory: RawPath, uid: uid_t) -> Trash? {
        let (shared, own) = (candidates(in: topDirectory, uid: uid)[0], candidates(in: topDirectory, uid: uid)[1])
        if sharedTrashIsUsable(in: topDirectory), usable(shared, uid: uid, create: true) {
            return Trash(directory: shared, topDirectory: topDirectory)
        }
        if usable(own, uid: uid, create: true) { return Trash(directory: own, topDirectory: topDirectory) }
        return nil
    }

    /// The user's existing Trash folders on the file system at `topDirectory`.
    static func existingTrashes(in topDirectory: RawPath, uid: uid_t) -> [Trash] {
        candidates(in: topDirectory, uid: uid).filter { usable($0, uid: uid, create: false) }.map { Trash(directory: $0, topDirectory: topDirectory) }
    }

    /// A folder of the user's own, not a link; made with mode 0700 when
    /// `create` and it is missing.
    private static func usable(_ directory: RawPath, uid: uid_t, create: Bool) -> Bool {
        if create, (try? FileStatus.of(directory)) == nil {
            _ = directory.withCString { mkdir($0, 0o700) }
        }
        var status = stat()
        guard directory.withCString({ lstat($0, &status) }) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFDIR && status.st_uid == uid
    }
}

extension Trash {
    /// The Trash an item at `path` goes to: this one (the home Trash) when
    /// it is on the same file system, else the user's Trash on the item's
    /// own file system, or this one again when that cannot be used.
    ///
    /// - Parameter path: The item to trash.
    /// - Returns: The Trash to put it in; a volume's Trash folder may have
    ///   been made.
    public func trash(forItemAt path: RawPath) -> Trash {
        guard let home = VolumeTrash.existingAncestor(of: directory), let item = VolumeTrash.existingAncestor(of: path),
              FileSystem.device(of: home) != FileSystem.device(of: item),
              let top = VolumeTrash.topDirectory(of: item), let volume = VolumeTrash.trash(in: top, uid: getuid())
        else { return self }
        return volume
    }

    /// This Trash and the user's existing Trash on the file system of each
    /// of `paths` that is not this one's, as file managers show them together.
    ///
    /// - Parameter paths: Folders whose file systems' Trashes count, such
    ///   as the Documents folders.
    /// - Returns: This Trash first, then each other one once.
    public func withVolumeTrashes(of paths: [RawPath]) -> [Trash] {
        var trashes = [self]
        let homeDevice = VolumeTrash.existingAncestor(of: directory).flatMap(FileSystem.device(of:))
        for path in paths {
            guard let existing = VolumeTrash.existingAncestor(of: path), FileSystem.device(of: existing) != homeDevice,
                  let top = VolumeTrash.topDirectory(of: existing) else { continue }
            for trash in VolumeTrash.existingTrashes(in: top, uid: getuid()) where !trashes.contains(trash) { trashes.append(trash) }
        }
        return trashes
    }
}
