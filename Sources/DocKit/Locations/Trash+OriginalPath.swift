extension Trash {
    /// The items trashed from `originalPath`, newest first.
    ///
    /// Only the `.trashinfo` files whose names begin as the original's
    /// does (up to its first dot) are read: docbrowser, gio and trash-cli
    /// all name an item after the file it was, so a Trash of thousands of
    /// items costs one directory read, not thousands of files read.
    ///
    /// - Parameter originalPath: The absolute path the items had.
    /// - Returns: The items; none when the Trash does not exist.
    /// - Throws: ``DocKitError/Code/fileSystem`` when `info/` exists but cannot be
    ///   read, or an item cannot be measured.
    public func items(trashedFrom originalPath: RawPath) throws(DocKitError) -> [TrashedItem] {
        guard try FileStatus.of(infoDirectory)?.kind == .directory else { return [] }
        let stem = originalPath.lastComponent.bytes.prefix { $0 != UInt8(ascii: ".") }
        let suffix = Array(".trashinfo".utf8)
        var items: [TrashedItem] = []
        for infoName in try DirectoryReader.names(in: infoDirectory)
        where infoName.bytes.starts(with: stem) && infoName.bytes.count > suffix.count && infoName.bytes.suffix(suffix.count).elementsEqual(suffix) {
            guard let item = try item(named: RawPath(bytes: Array(infoName.bytes.dropLast(suffix.count)))),
                  item.info.originalPath == originalPath else { continue }
            items.append(item)
        }
        return items.sorted(by: TrashedItem.newestFirst)
    }
}
