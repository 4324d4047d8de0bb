#if canImport(Glibc)
import Glibc
#endif

/// Whether a sync engine is done with a document. Every command that
/// moves, deletes, renames or hands over a document asks first, once it
/// holds the document's lock: a document still arriving would leave as a
/// partial copy, and the engine would then finish writing into a name that
/// is gone, or spread the loss to every device.
public enum SyncActivity {
    /// The program still writing `document`, as a move would name it when
    /// refusing (`Syncthing`); nil when none is named.
    ///
    /// - Parameters:
    ///   - document: The document, as listed.
    ///   - quietPeriod: The catalog's ``DocumentCatalog/quietPeriod``.
    /// - Returns: The writer's name, or `nil`.
    public static func incompleteWriter(of document: Document, quietPeriod: QuietPeriod) -> String? {
        do {
            try refuseIfIncomplete(document, force: false, quietPeriod: quietPeriod)
        } catch let error as DocKitError {
            if case .incomplete(_, _, let writer)? = error.failure as? CoordinationError { return writer }
        } catch {}
        return nil
    }

    /// Throws ``DocKitError/Code/incomplete``
    /// when an engine's temporary is the document, lies beside it or
    /// inside it, ``DocKitError/Code/incomplete`` when
    /// it changed within `quietPeriod` (the rule listings apply), and
    /// ``DocKitError/Code/incomplete`` when its size or
    /// time changed since it was listed (rclone writes in place); nothing
    /// unless `force`.
    ///
    /// - Parameters:
    ///   - document: The document, as listed.
    ///   - force: Whether to skip the check, for `--force`.
    ///   - quietPeriod: The catalog's ``DocumentCatalog/quietPeriod``.
    /// - Throws: The errors above; ``DocKitError/Code/fileSystem`` when the document or its
    ///   folder cannot be examined.
    public static func refuseIfIncomplete(_ document: Document, force: Bool, quietPeriod: QuietPeriod) throws {
        try refuseIfIncomplete(document, force: force, quietPeriod: quietPeriod, engineHasIt: false, isOwnChange: { _, _ in false })
    }

    /// ``refuseIfIncomplete(_:force:quietPeriod:)`` with `catalog`'s quiet
    /// period, which does not hold back a document still as docbrowser
    /// itself left it (``CatalogStore/OwnChange``), as listings do not;
    /// first, ``DocKitError/Code/incomplete`` when the
    /// cloud's sync engine, asked now as a listing asks it
    /// (``SyncEngines``), still needs any file of the document; a plain
    /// file it needs none of is not held back by the quiet period, as in
    /// listings (`QuietPeriod.holdingBack(_:engineHasIt:)`).
    static func refuseIfIncomplete(_ document: Document, force: Bool, in catalog: DocumentCatalog) throws {
        var engineHasIt = false
        if !force, document.location == .cloud, !document.states.contains(.notDownloaded) {
            let root = try catalog.locations.existingDocumentsDirectory(.cloud)
            if let answer = catalog.scanner.engineAnswer(for: .cloud, documentsDirectory: root) {
                if let need = answer.need(of: document.relativePath) {
                    throw DocKitError(CoordinationError.engineNeeds(document: document.qualifiedName, need: need))
                }
                engineHasIt = answer.wholeFiles
            }
        }
        try refuseIfIncomplete(document, force: force, quietPeriod: catalog.quietPeriod, engineHasIt: engineHasIt) { status, package in
            try catalog.isOwnChange(in: document.location, at: document.relativePath, status: status, package: package)
        }
    }

    private static func refuseIfIncomplete(
        _ document: Document, force: Bool, quietPeriod: QuietPeriod, engineHasIt: Bool, isOwnChange: (FileStatus, PackageContents?) throws -> Bool
    ) throws {
        // A placeholder's size is the one the cloud announces, not its own.
        guard !force, !document.states.contains(.notDownloaded) else { return }
        let name = document.qualifiedName
        let entry = document.relativePath.lastComponent
        if let temporary = SyncTemporary(entry) {
            throw DocKitError(CoordinationError.incomplete(document: name, temporary: document.path.description, writer: temporary.writer))
        }
        let folder = document.path.deletingLastComponent
        if let beside = try temporaryBeside(document, in: folder) {
            throw DocKitError(CoordinationError.incomplete(document: name, temporary: folder.appending(beside.name).description, writer: beside.writer))
        }
        guard let status = try FileStatus.of(document.path) else { return }
        let contents = status.kind == .directory ? try PackageContents.walk(document.path) : nil
        if let inside = contents?.syncTemporaries.first, let temporary = SyncTemporary(inside.lastComponent) {
            throw DocKitError(CoordinationError.incomplete(document: name, temporary: document.path.appending(inside).description, writer: temporary.writer))
        }
        // A plain folder is judged by everything in it: a package deep
        // inside may be arriving, and would leave split.
        let judged = document.isPackage || document.isFolder ? contents : nil
        let period = quietPeriod.holdingBack(status, engineHasIt: engineHasIt)
        if let ago = period.changedAgo(in: document.location, status: status, package: judged, now: Nanoseconds.now),
           try !isOwnChange(status, judged) {
            let inside = document.isFolder ? try latestChanged(in: document.path, at: judged?.latestChangeTime ?? status.changeTime) : nil
            throw DocKitError(CoordinationError.recentlyChanged(document: inside.map { "\(name)/\($0)" } ?? name, ago: ago))
        }
        if let contents {
            if document.isPackage, contents.size != document.size {
                throw DocKitError(CoordinationError.changing(document: name, detail: "its size went from \(document.size) to \(contents.size) bytes since it was listed"))
            }
        } else if status.kind == .regular {
            if status.size != document.size {
                throw DocKitError(CoordinationError.changing(document: name, detail: "its size went from \(document.size) to \(status.size) bytes since it was listed"))
            }
            // The catalog keeps times through a Double; a writer moves them by far more.
            if abs(status.modificationDate.timeIntervalSince(document.modificationDate)) > 0.001 {
                throw DocKitError(CoordinationError.changing(document: name, detail: "it was modified since it was listed"))
            }
        }
    }

    /// The entry inside `folder` that changed at `time`, to name in a
    /// refusal: a file rather than the folder holding it, whose time a new
    /// file sets too; nil when it is the folder itself.
    private static func latestChanged(in folder: RawPath, at time: Int64) throws -> RawPath? {
        var found: RawPath?
        try TreeWalk.visit(folder) { relativePath, entry in
            guard Nanoseconds.since1970(entry.st_ctim) == time else { return true }
            found = relativePath
            return entry.st_mode & S_IFMT == S_IFDIR
        }
        return found
    }

    /// Temporaries with fixed names are looked for by name; those with a
    /// random part only when the listing saw one.
    private static func temporaryBeside(_ document: Document, in folder: RawPath) throws -> SyncTemporary? {
        let filename = document.filename
        // A name longer than NAME_MAX cannot exist, and stat would fail on it.
        for candidate in SyncTemporary.fixedNames(of: filename) where candidate.bytes.count <= Int(NAME_MAX) {
            guard try FileStatus.of(folder.appending(candidate)) != nil else { continue }
            return SyncTemporary(candidate)
        }
        guard document.states.contains(.incomplete) else { return nil }
        return try DirectoryReader.names(in: folder).lazy.compactMap(SyncTemporary.init).first { $0.document == filename }
    }
}
