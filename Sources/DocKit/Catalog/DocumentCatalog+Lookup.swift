/// Finding one document without listing its neighbours: a command that
/// names one document, or has just created, renamed or moved one, reads
/// one folder's names and examines only the entries that can be it, so
/// its cost does not grow with the documents beside it.
extension DocumentCatalog {
    /// The document at `relativePath` in `location`, as `list` shows it
    /// now: how a command finds what it has just created, renamed or moved,
    /// by where it put it rather than by the name a user would type.
    ///
    /// - Parameters:
    ///   - location: The location whose Documents folder holds the document.
    ///   - relativePath: The document's path inside that Documents folder,
    ///     its filename last.
    /// - Returns: The document, with its coordination states.
    /// - Throws: ``DocKitError/Code/documentNotFound`` when nothing is listed
    ///   there, and the scanner's errors.
    public func document(in location: Location, at relativePath: RawPath) throws -> Document {
        try listedDocument(in: location, at: relativePath)
            ?? { throw DocKitError(CatalogError.documentNotFound("\(location):\(relativePath)")) }()
    }

    /// ``document(in:at:)``, judged among its folder's names as the caller
    /// read them a moment ago, with the caller's own changes since, instead
    /// of reading the folder again: how a move finds the document it has
    /// just placed, in the folder it read under its lock for taken names.
    func document(in location: Location, at relativePath: RawPath, amongNames names: [RawPath]) throws -> Document {
        try listedDocument(in: location, at: relativePath, amongNames: names)
            ?? { throw DocKitError(CatalogError.documentNotFound("\(location):\(relativePath)")) }()
    }

    /// The document whose file is, or is becoming, `relativePath` (a sync
    /// engine's temporary or a placeholder stands for it); nil when there
    /// is none.
    func listedDocument(in location: Location, at relativePath: RawPath, amongNames names: [RawPath]? = nil) throws -> Document? {
        let filename = relativePath.lastComponent
        let folder = relativePath.deletingLastComponent
        // Only inside a folder list descends into, never a package or a link.
        if !folder.isEmpty {
            guard try listedFolder(named: folder.description, in: location) == folder else { return nil }
        }
        let wanted = filename.description
        let found = try scanner.scan(location, folder: folder, names: names, namesContaining: [Self.stem(filename.bytes)]) { $0 == wanted }
            .first { $0.filename == filename }
        return found.map { addingCoordinationStates(to: [$0])[0] }
    }

    /// The documents of `scope` that `list` may show as `name`: by filename
    /// or display name, `Folder/Name` inside folders, as typed or with
    /// `\xHH` escapes decoded.
    func documents(listedAs name: String, in scope: [Location]) throws -> [Document] {
        var documents: [Document] = []
        for location in scope {
            for spelling in Set([name, RawPath(escaped: name).description]) {
                let (folderText, leaf) = Self.split(spelling)
                guard let folder = try listedFolder(named: folderText, in: location) else { continue }
                // A display name is the filename without its extension.
                let stems = [Self.stem(Array(leaf.utf8)), Self.stem(RawPath(escaped: leaf).bytes)]
                let found = try scanner.scan(location, folder: folder, namesContaining: stems) { $0 == leaf || $0.hasPrefix(leaf + ".") }
                documents += found.filter { found in !documents.contains { $0.location == found.location && $0.relativePath == found.relativePath } }
            }
        }
        return DocumentQuery().ordered(addingCoordinationStates(to: documents), registry: registry)
    }

    /// The folder `list --recursive` shows as `text` (`A/B`), or nil.
    /// The folder `destination` names, relative to its location's
    /// Documents folder; nil when it keeps the document's own folder.
    ///
    /// - Throws: ``DocKitError/Code/noSuchFolder`` when no folder `list` shows has that name.
    func folder(of destination: DocumentDestination) throws -> RawPath? {
        guard let name = destination.folder else { return nil }
        // As typed, or with `\xHH` escapes decoded, as names are found.
        for spelling in [name, RawPath(escaped: name).description] {
            if let folder = try listedFolder(named: spelling, in: destination.location) { return folder }
        }
        throw DocKitError(MoveError.noSuchFolder(destination.description))
    }

    private func listedFolder(named text: String, in location: Location) throws -> RawPath? {
        var folder = RawPath(bytes: [])
        guard !text.isEmpty else { return folder }
        for component in text.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            let found = try scanner.scan(location, folder: folder) { $0 == component }
            guard let next = found.first(where: { $0.isFolder && $0.name == component }) else { return nil }
            folder = next.relativePath
        }
        return folder
    }

    /// `Notes` of `Notes.tar.gz`: what every entry bearing on the name
    /// contains, whichever engine named it.
    static func stem(_ name: [UInt8]) -> [UInt8] {
        guard let dot = name.dropFirst().firstIndex(of: UInt8(ascii: ".")) else { return name }
        return Array(name[..<dot])
    }

    /// `A/B/Name` into `A/B` and `Name`.
    private static func split(_ name: String) -> (folder: String, leaf: String) {
        guard let slash = name.lastIndex(of: "/") else { return ("", name) }
        return (String(name[..<slash]), String(name[name.index(after: slash)...]))
    }
}
