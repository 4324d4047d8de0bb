/// When a package has lost most of its tree: the mark of a sync engine's
/// answer to a deletion on one device and an edit on another. Syncthing
/// keeps the edited file and deletes the rest, so both devices are left a
/// remnant of a file or two that looks like a normal, small document,
/// while the whole package survives only in a Trash or `.stversions`.
///
/// The rule counts files (and links), not directories or bytes: an edit
/// may change a file's size at will, while a sync engine that deletes a
/// package's files takes its empty directories with them. A package has
/// lost most of its tree when fewer than half of the files it had are
/// left; below ``fewestFiles`` no rule can tell a loss from an edit that
/// removed a file, and none is judged.
enum PackageLoss {
    /// The fewest files a package must have had for its loss to count.
    static let fewestFiles = 4

    /// Files and links inside a package: its entries but its directories.
    static func fileCount(of contents: PackageContents) -> Int {
        contents.entryCount - max(contents.directories.count - 1, 0)
    }

    /// Whether `now`, a package as it is, has lost most of `whole`, the
    /// same package as it was.
    static func isLost(_ now: PackageContents, from whole: PackageContents) -> Bool {
        isLost(files: fileCount(of: now), from: whole)
    }

    /// Whether a package of `files` files has lost most of `whole`.
    static func isLost(files: Int, from whole: PackageContents) -> Bool {
        let before = fileCount(of: whole)
        return before >= fewestFiles && files * 2 < before
    }
}
