#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Writes a document so that a crash at any instant leaves the old
/// document or the new one, whole, under its name: the new contents go to
/// a hidden temporary beside it (named as ``FileSystem`` names every
/// temporary, so that recovery removes one a crash abandoned), every file
/// and folder written is flushed, and the temporary then takes the name in
/// one rename, after which the folder is flushed too.
struct SafeSave {
    /// The document's path.
    let document: RawPath
    /// Where the new contents are written first, then the old ones go.
    let temporary: RawPath

    /// - Parameters:
    ///   - document: The document's path.
    ///   - owner: This home's device tag, so that in a shared cloud folder
    ///     only this device's recovery removes the temporary.
    init(document: RawPath, owner: String?) {
        self.document = document
        temporary = document.deletingLastComponent.appending(FileSystem.temporaryName(owner: owner))
    }

    /// Writes a new document, failing rather than replacing anything at
    /// its name (renameat2 with RENAME_NOREPLACE).
    func create(_ wrapper: DocumentWrapper) throws(DocKitError) {
        try save(wrapper, replacing: false, previous: nil)
    }

    /// Writes over the document. The children of a package that equal
    /// those in `previous` — which must be what is on disk now — are
    /// hard-linked from the document rather than written again, so only
    /// what changed is rewritten and the rest keeps its inode and time.
    func overwrite(_ wrapper: DocumentWrapper, previous: DocumentWrapper?) throws(DocKitError) {
        try save(wrapper, replacing: true, previous: previous)
    }

    private func save(_ wrapper: DocumentWrapper, replacing: Bool, previous: DocumentWrapper?) throws(DocKitError) {
        let directory = document.deletingLastComponent
        do {
            try build(wrapper, at: temporary, relativePath: RawPath(bytes: []), previous: previous, replacing: replacing)
            CrashPoint.reached("save-written")
            try place(temporary, replacing: replacing)
            CrashPoint.reached("save-placed")
        } catch {
            try? TreeRemover.remove(temporary)
            guard case .fileSystem(let failure)? = error.failure as? EditingError else { throw error }
            throw DocKitError(EditingError.fileSystem(sayingDocument(failure)))
        }
        var flushFailure: DocKitError?
        do { try FileSystem.synchronizeDirectory(directory) } catch { flushFailure = error }
        // The old document, now hidden; should this fail, recovery removes it.
        if replacing { try? TreeRemover.remove(temporary) }
        if let flushFailure { throw DocKitError(EditingError.fileSystem(flushFailure)) }
    }

    /// The failure as the user knows the file: the temporary's name is
    /// never on view, so a message names the document instead.
    private func sayingDocument(_ error: DocKitError) -> DocKitError {
        guard var renamed = error.fileSystemFailure,
              let inside = renamed.path == temporary ? RawPath(bytes: []) : renamed.path.relative(to: temporary) else { return error }
        renamed.path = inside.isEmpty ? document : document.appending(inside)
        return DocKitError(renamed)
    }

    /// Gives the document's name to the temporary. A package cannot be
    /// renamed over a folder that is not empty, so when replacing, the new
    /// one changes places with the old, which leaves with the temporary's
    /// name.
    private func place(_ temporary: RawPath, replacing: Bool) throws(DocKitError) {
        do {
            if replacing { try FileSystem.exchange(temporary, document) } else { try FileSystem.renameWithoutReplacing(temporary, to: document) }
        } catch {
            switch error.errno {
            case EEXIST where !replacing: throw DocKitError(EditingError.alreadyExists(document: document))
            case ENOENT where replacing: throw DocKitError(EditingError.vanished(document: document))
            default: throw DocKitError(EditingError.fileSystem(error))
            }
        }
    }

    private func build(_ wrapper: DocumentWrapper, at path: RawPath, relativePath: RawPath, previous: DocumentWrapper?, replacing: Bool) throws(DocKitError) {
        switch wrapper {
        case .regularFile(let data):
            if previous == wrapper, linkUnchanged(relativePath, to: path) { return }
            let mode = replacing ? modeOnDisk(relativePath, kind: .regular) ?? 0o644 : 0o644
            do { try FileSystem.writeNewFile(data, at: path, mode: mode) } catch { throw DocKitError(EditingError.fileSystem(error)) }
        case .symbolicLink(let destination):
            guard !relativePath.isEmpty, DocumentWrapper.staysInside(destination, depth: relativePath.components.count - 1) else {
                throw DocKitError(EditingError.unsupportedEntry(document: document, entry: relativePath, reason: "would be a symbolic link out of the package (to \(destination))"))
            }
            if previous == wrapper, linkUnchanged(relativePath, to: path) { return }
            let result = destination.withCString { target in path.withCString { symlink(target, $0) } }
            guard result == 0 else { throw DocKitError(EditingError.fileSystem(DocKitError(FileSystemError(path: path, operation: "cannot be created", errno: errno)))) }
        case .directory(let children):
            let mode = replacing ? modeOnDisk(relativePath, kind: .directory) ?? 0o755 : 0o755
            guard path.withCString({ mkdir($0, mode) }) == 0 else {
                throw DocKitError(EditingError.fileSystem(DocKitError(FileSystemError(path: path, operation: "cannot be created", errno: errno))))
            }
            for (name, child) in children.sorted(by: { $0.key < $1.key }) {
                guard DocumentWrapper.isSingleComponent(name) else {
                    throw DocKitError(EditingError.unsupportedEntry(document: document, entry: relativePath.appending(name), reason: "is not a single name"))
                }
                try build(child, at: path.appending(name), relativePath: relativePath.appending(name), previous: previous?.children?[name], replacing: replacing)
            }
            if replacing { try keepConflictCopies(at: relativePath, besides: children, in: path) }
            do { try FileSystem.synchronizeDirectory(path) } catch { throw DocKitError(EditingError.fileSystem(error)) }
        }
    }

    /// A sync engine's conflict copies inside the package are another
    /// device's versions, not the app's contents: an app that knows
    /// nothing of them must not erase them by saving. They stay, as they
    /// are, until the conflict is resolved.
    private func keepConflictCopies(at relativePath: RawPath, besides children: [RawPath: DocumentWrapper], in path: RawPath) throws(DocKitError) {
        let existing = relativePath.isEmpty ? document : document.appending(relativePath)
        guard let names = try? DirectoryReader.names(in: existing) else { return }
        for name in names where children[name] == nil && ConflictCopy(name) != nil {
            let child = relativePath.appending(name)
            guard let status = (try? FileStatus.of(existing.appending(name))) ?? nil, status.kind == .regular || status.kind == .symbolicLink else { continue }
            if linkUnchanged(child, to: path.appending(name)) { continue }
            // A file system without hard links gets a copy.
            try build(try DocumentWrapper.read(existing.appending(name)), at: path.appending(name), relativePath: child, previous: nil, replacing: false)
        }
    }

    /// The permissions of what a rewritten entry replaces, so that an
    /// executable stays executable and a private file private; nil for a
    /// new entry, or one of another kind.
    private func modeOnDisk(_ relativePath: RawPath, kind: FileStatus.Kind) -> mode_t? {
        let existing = relativePath.isEmpty ? document : document.appending(relativePath)
        guard let status = (try? FileStatus.of(existing)) ?? nil, status.kind == kind else { return nil }
        return mode_t(status.mode & 0o7777)
    }

    /// Hard-links the child as it is in the document (a link as the link,
    /// not what it points to); false when the file system will not, and
    /// the child is then written instead.
    private func linkUnchanged(_ relativePath: RawPath, to path: RawPath) -> Bool {
        guard !relativePath.isEmpty else { return false }
        let original = document.appending(relativePath)
        return original.withCString { from in path.withCString { linkat(AT_FDCWD, from, AT_FDCWD, $0, 0) } } == 0
    }
}
