import Foundation

/// One version of a document, as NSFileVersion has it: the current one, or
/// a conflict version a sync engine left.
public struct DocumentVersion: Sendable, Hashable {
    /// 0 for the current version; conflict versions count from 1, oldest first.
    public var number: Int
    /// The copy's filename; for a package's version, its inner copies' names.
    public var name: String
    /// Where it is; a package's version lies in several files (`files`).
    public var path: RawPath?
    /// nil for the current version.
    public var engine: ConflictCopy.Engine?
    /// The device or user the copy's name gives, where the engine writes one; `nil` otherwise and for the current version.
    public var device: String?
    /// Its size in bytes; for a package's version, the total of its copies.
    public var size: Int64
    /// The copy's own time: the engines' names give when the conflict was
    /// found, not when the copy was written.
    public var modificationDate: Date
    /// A package's version: the files inside it that this version has
    /// other content for.
    public var files: [PackageFile]
    /// For a package that lost most of its tree (`PackageLoss`), where
    /// this version is the whole package; nil for every other version.
    public var wholePackage: WholePackage? = nil

    /// Where this device still has a package whole.
    public enum WholePackage: Sendable, Hashable {
        /// In a Trash, trashed from the package's own path.
        case trash(TrashedItem)
        /// In Syncthing's `.stversions`, with what is left in place: the
        /// versioned file that fills each path inside the package where
        /// nothing is left (`SyncthingVersions`).
        case syncthingVersions([RawPath: RawPath])
    }

    /// One conflict copy inside a package, paired with the file it is a copy of.
    public struct PackageFile: Sendable, Hashable {
        /// The file inside the package, relative to it.
        public var original: RawPath
        /// Its conflict copy, relative to the package.
        public var copy: RawPath
        /// The copy's size in bytes.
        public var size: Int64
        /// When the copy's content last changed.
        public var modificationDate: Date
    }

    /// `true` for the current version, number 0.
    public var isCurrent: Bool { number == 0 }
}

/// A document's versions in the shape of NSFileVersion: the current
/// version and the unresolved conflict versions beside it (or, for a
/// package, beside the files inside it).
public struct DocumentVersions: Sendable, Hashable {
    /// The document the versions are of.
    public var document: Document
    /// nil when the engine left only conflict copies (rclone bisync).
    public var current: DocumentVersion?
    /// The conflict versions still on disk, oldest first, numbered from 1.
    public var unresolvedConflicts: [DocumentVersion]

    /// No conflict versions are left.
    public var isResolved: Bool { unresolvedConflicts.isEmpty }

    /// Throws ``DocKitError/Code/unresolvedConflict`` when
    /// conflict copies lie beside `document`, which an operation on it
    /// alone would leave behind as a document of their own; copies inside a
    /// package travel with it. Nothing unless `force`.
    ///
    /// - Parameters:
    ///   - document: The document about to be moved, deleted or replaced.
    ///   - action: The operation's name, for the message (`move`, `deletion`).
    ///   - force: Whether to go ahead anyway; then nothing is checked.
    /// - Throws: ``DocKitError/Code/unresolvedConflict`` as above;
    ///   ``DocKitError/Code/fileSystem`` when the folder cannot be listed.
    public static func refuseIfCopiesBeside(_ document: Document, action: String, force: Bool) throws {
        guard !force else { return }
        if document.isFolder { try refuseIfCopiesInside(document, action: action) }
        guard document.states.contains(.inConflict) else { return }
        let beside = try of(document).unresolvedConflicts.filter { $0.files.isEmpty }
        guard beside.isEmpty else { throw DocKitError(VersionsError.unresolved(document: document.qualifiedName, action: action, versions: beside.count)) }
    }

    /// A folder holding a document in conflict is refused as that document
    /// would be, naming it.
    private static func refuseIfCopiesInside(_ document: Document, action: String) throws {
        let copies = try PackageContents.walk(document.path).conflictCopies
        guard let first = copies.first, let copy = ConflictCopy(first.lastComponent) else { return }
        let folder = first.deletingLastComponent
        let versions = copies.filter { $0.deletingLastComponent == folder && ConflictCopy($0.lastComponent)?.original == copy.original }.count
        let inside = folder.isEmpty ? copy.original : folder.appending(copy.original)
        throw DocKitError(VersionsError.unresolved(document: "\(document.qualifiedName)/\(inside)", action: action, versions: versions))
    }

    /// The versions of `document` as they are on disk now.
    ///
    /// - Parameter document: A catalogued document; for a placeholder or temporary,
    ///   the versions of the file it stands for.
    /// - Returns: The current version, if the file exists, and the conflict versions.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the folder cannot be listed or a copy examined.
    public static func of(_ document: Document) throws -> DocumentVersions {
        let (current, conflicts) = try versions(of: document.path.deletingLastComponent.appending(document.filename), isPackage: document.isPackage)
        return DocumentVersions(document: document, current: current, unresolvedConflicts: conflicts)
    }

    /// The versions of the document at `currentPath` — which need not
    /// exist, when only conflict copies stand for it — for a caller that
    /// has a path rather than a catalogued ``Document``.
    static func versions(of currentPath: RawPath, isPackage: Bool) throws -> (current: DocumentVersion?, conflicts: [DocumentVersion]) {
        let folder = currentPath.deletingLastComponent
        let filename = currentPath.lastComponent
        var current: DocumentVersion?
        var conflicts: [DocumentVersion] = []
        if let status = try FileStatus.of(currentPath) {
            var size = status.size
            if status.kind == .directory {
                let contents = try PackageContents.walk(currentPath)
                size = contents.size
                if isPackage { conflicts += try packageVersions(currentPath, contents: contents) }
            }
            current = DocumentVersion(number: 0, name: filename.description, path: currentPath, engine: nil, device: nil,
                                      size: size, modificationDate: status.modificationDate, files: [])
        }
        for name in try DirectoryReader.names(in: folder) {
            guard let copy = ConflictCopy(name), copy.original == filename else { continue }
            let path = folder.appending(name)
            guard let status = try FileStatus.of(path) else { continue }
            let size = status.kind == .directory ? try PackageContents.walk(path).size : status.size
            conflicts.append(DocumentVersion(number: 0, name: name.description, path: path, engine: copy.engine, device: copy.device,
                                             size: size, modificationDate: status.modificationDate, files: []))
        }
        conflicts.sort { ($0.modificationDate, $0.name) < ($1.modificationDate, $1.name) }
        for index in conflicts.indices { conflicts[index].number = index + 1 }
        return (current, conflicts)
    }

    /// The copies inside a package, one version per conflict: the copies
    /// one engine made of one conflict belong together, so that taking a
    /// version takes the state one device wrote, never a mix.
    private static func packageVersions(_ package: RawPath, contents: PackageContents) throws -> [DocumentVersion] {
        var groups: [String: DocumentVersion] = [:]
        var order: [String] = []
        for relativeCopy in contents.conflictCopies {
            guard let copy = ConflictCopy(relativeCopy.lastComponent), let status = try FileStatus.of(package.appending(relativeCopy)) else { continue }
            let file = DocumentVersion.PackageFile(
                original: relativeCopy.deletingLastComponent.appending(copy.original), copy: relativeCopy,
                size: status.size, modificationDate: status.modificationDate
            )
            let key = "\(copy.engine.rawValue) \(copy.marker)"
            if groups[key] == nil {
                order.append(key)
                groups[key] = DocumentVersion(number: 0, name: "", path: nil, engine: copy.engine, device: copy.device,
                                              size: 0, modificationDate: .distantPast, files: [])
            }
            groups[key]!.files.append(file)
            groups[key]!.size += file.size
            groups[key]!.modificationDate = max(groups[key]!.modificationDate, file.modificationDate)
        }
        return order.map { key in
            var version = groups[key]!
            version.files.sort { $0.copy.bytes.lexicographicallyPrecedes($1.copy.bytes) }
            version.name = version.files.map(\.copy.description).joined(separator: ", ")
            return version
        }
    }
}
