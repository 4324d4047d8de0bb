#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// An app's `Documents/Inbox`, where "Open in…" delivers copies. For the
/// launcher itself (``InboxDelivery/launcherIdentifier``) that is the local
/// Documents folder's `Inbox`; for any other app,
/// `HOME/Containers/ID/Documents/Inbox`.
public struct Inbox: Sendable {
    /// One entry of the Inbox: a delivered file or package.
    public struct Item: Sendable, Hashable {
        /// The entry's name, decoded for display.
        public var name: String
        /// The entry's name as bytes, which may not be valid UTF-8.
        public var filename: RawPath
        /// The entry's absolute path.
        public var path: RawPath
        /// The type identifier its name gives it.
        public var type: String
        /// Its size in bytes; for a directory, the total of what it holds.
        public var size: Int64
        /// When its content last changed.
        public var modificationDate: Date
        /// `true` for a directory, such as a package.
        public var isDirectory: Bool
    }

    /// The app whose Inbox this is; ``InboxDelivery/launcherIdentifier`` for the launcher.
    public let appIdentifier: String
    /// The Inbox folder itself, which may not exist yet.
    public let directory: RawPath
    /// Where accepted items go: the app's Documents folder.
    public let documentsDirectory: RawPath
    /// Types the items by name.
    public let registry: TypeRegistry
    /// Where the journals of deliveries across file systems go.
    public let home: Home

    /// Locates an app's Inbox; nothing is created or read.
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier, or `nil` for the launcher.
    ///   - home: The docbrowser home that holds app containers and journals.
    ///   - locations: Where the launcher's Documents folder is.
    ///   - registry: Types the items by name.
    public init(app identifier: String?, home: Home, locations: DocumentLocations, registry: TypeRegistry) {
        self.home = home
        appIdentifier = identifier ?? InboxDelivery.launcherIdentifier
        documentsDirectory = InboxDelivery.documentsDirectory(forApp: appIdentifier, home: home, locations: locations)
        directory = documentsDirectory.appending("Inbox")
        self.registry = registry
    }

    /// What the Inbox holds, by name; hidden entries (temporaries of a
    /// delivery in progress) are not items. A missing Inbox is empty.
    ///
    /// - Returns: The items, sorted by name.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the Inbox cannot be listed or an entry examined.
    public func items() throws(DocKitError) -> [Item] {
        guard try FileStatus.of(directory) != nil else { return [] }
        var items: [Item] = []
        for name in try DirectoryReader.names(in: directory).sorted() where name.bytes.first != UInt8(ascii: ".") {
            let path = directory.appending(name)
            guard let status = try FileStatus.of(path) else { continue }
            let isDirectory = status.kind == .directory
            items.append(Item(
                name: name.description,
                filename: name,
                path: path,
                type: registry.type(forFileName: name.description, isDirectory: isDirectory).identifier,
                size: isDirectory ? Self.treeSize(path) : status.size,
                modificationDate: status.modificationDate,
                isDirectory: isDirectory
            ))
        }
        return items
    }

    /// Moves every item into the app's Documents folder as a document,
    /// `Name 2.ext` when the name is taken; never replaces anything.
    /// - Returns: Each item with where it went.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the Inbox cannot be listed or an item
    ///   cannot be moved, copied or removed; items moved before the failure stay moved.
    public func accept() throws -> [(item: Item, destination: RawPath)] {
        var moved: [(Item, RawPath)] = []
        try FileSystem.createDirectory(documentsDirectory)
        for item in try items() {
            if let destination = try renamedIntoPlace(item) {
                moved.append((item, destination))
            } else {
                // Documents elsewhere: copied beside the destination first,
                // and the Inbox item removed only once the copy is in place.
                let destination = try InboxDelivery.deliver(item.path, named: item.filename, into: documentsDirectory, registry: registry, home: home)
                try retireAndRemove(item.path)
                moved.append((item, destination))
            }
        }
        try FileSystem.synchronizeDirectory(documentsDirectory)
        if try FileStatus.of(directory) != nil { try FileSystem.synchronizeDirectory(directory) }
        return moved
    }

    /// nil when the Documents folder is on another file system.
    private func renamedIntoPlace(_ item: Item) throws(DocKitError) -> RawPath? {
        do {
            return try InboxDelivery.renameIntoPlace(item.path, in: documentsDirectory, filename: item.filename, registry: registry)
        } catch where error.errno == EXDEV {
            return nil
        }
    }

    /// Removes every item, and leftovers of interrupted deliveries. Each is
    /// renamed out of sight before it is deleted, so that no half-removed
    /// package is ever seen as an item.
    ///
    /// - Returns: The items removed.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the Inbox cannot be listed, an
    ///   entry cannot be removed or the home's journal cannot be written.
    public func clear() throws -> [Item] {
        guard try FileStatus.of(directory) != nil else { return [] }
        let removed = try items()
        for name in try DirectoryReader.names(in: directory) {
            let path = directory.appending(name)
            if name.description.hasPrefix(FileSystem.temporaryPrefix) {
                InboxDelivery.removeItem(path)
                continue
            }
            guard name.bytes.first != UInt8(ascii: ".") else { continue }
            try retireAndRemove(path)
        }
        try FileSystem.synchronizeDirectory(directory)
        return removed
    }

    /// Out of sight in one rename, then deleted, as a journaled deletion:
    /// a kill mid-way leaves a hidden temporary, never a half-removed
    /// item, and the next command removes it.
    private func retireAndRemove(_ item: RawPath) throws {
        try JournaledDeletion.removePermanently(item, home: home)
    }

    static func treeSize(_ path: RawPath) -> Int64 {
        guard let names = try? DirectoryReader.names(in: path) else { return 0 }
        var total: Int64 = 0
        for name in names {
            let child = path.appending(name)
            guard let status = try? FileStatus.of(child) else { continue }
            total += status.kind == .directory ? treeSize(child) : status.size
        }
        return total
    }
}
