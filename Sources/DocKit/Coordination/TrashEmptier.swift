import Foundation

/// Removes items from the freedesktop Trash for good, as `trash-empty` and
/// GNOME Files' "Empty Trash" do.
public struct TrashEmptier: Sendable {
    /// The Trash to empty.
    public let trash: Trash

    /// Creates an emptier for `trash`.
    ///
    /// - Parameter trash: The Trash to empty.
    public init(trash: Trash) {
        self.trash = trash
    }

    /// Removes every item trashed before `cutoff`, or every item.
    ///
    /// Each item goes before its `.trashinfo`: a crash leaves at worst a
    /// part of it, still listed, which the next emptying removes, and never
    /// an item no tool shows.
    ///
    /// - Parameter cutoff: Keep items trashed at or after this date; `nil` removes all.
    /// - Returns: The items removed.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the Trash cannot be read or an item removed.
    public func empty(trashedBefore cutoff: Date? = nil) throws -> [TrashedItem] {
        var removed: [TrashedItem] = []
        for item in try trash.items() where cutoff.map({ item.info.deletionDate < $0 }) ?? true {
            try TreeRemover.remove(item.path)
            try trash.forget(item.name)
            removed.append(item)
        }
        if !removed.isEmpty { try FileSystem.synchronizeDirectory(trash.filesDirectory) }
        return removed
    }
}
