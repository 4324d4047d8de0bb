#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A document an app opens, edits and saves, with `UIDocument`'s
/// lifecycle: open, change count, autosave, save, revert, close.
///
/// It is not called `Document`, which is the catalog's value type for an
/// entry in a Documents folder: that one describes a document, this one
/// edits it.
///
/// It is an actor rather than a class to subclass: Swift 6's strict
/// concurrency checks an actor's state for the app, where a lock in a
/// class would have to be trusted, and an autosave timer, a save and the
/// app's edits reach it from different tasks. An actor cannot be
/// subclassed, so what a `UIDocument` subclass overrides — turning the
/// model into contents and back — is the ``DocumentContents`` the app
/// hands it.
///
/// While it is open the document is marked open in the home's Locks
/// folder, as `docbrowser open --wait` marks it, so `docbrowser move`,
/// `delete` and `rename` refuse it, naming the app and its pid. A save
/// takes the document's lock, so it never interleaves with a docbrowser
/// mutation of the same document. What other processes do to the file
/// meanwhile comes as ``externalChanges()``, and conflict copies that sync
/// engines leave as ``State/inConflict``.
///
/// With `Note` the ``DocumentContents`` of that protocol's example:
///
/// ```swift
/// let created = try library.catalog().createDocument(named: "Note.txt", in: .local)
/// let note = Note()
/// let document = EditableDocument(
///     path: created.path, type: created.type, home: library.home,
///     application: "Notes", contents: note, autosaveInterval: .seconds(30)
/// )
/// try await document.open()
/// await note.append("Hello")
/// await document.updateChangeCount(.done)
/// try await document.close()   // saves, as there are unsaved changes
/// ```
///
/// Its methods run on the actor, never on the caller's thread: opening and
/// saving read and write off the main actor.
public actor EditableDocument {
    /// The document's path.
    public nonisolated let path: RawPath
    /// The document's type (a UTI), passed to the ``DocumentContents``.
    public nonisolated let fileType: String
    /// The home whose Locks folder coordinates with docbrowser.
    public nonisolated let home: Home
    /// Who has the document open, as `docbrowser` names it when it refuses
    /// to move it.
    public nonisolated let holder: LockHolder

    /// The app as named in ``holder``: "Notes (org.example.notes)".
    let application: String
    let contents: any DocumentContents
    /// The mark that the document is open; nil while it is closed.
    var openRecord: OpenDocumentRecord?
    /// What is on disk as last read or written, to find the children of a
    /// package that a save need not write again.
    var onDisk: (contents: DocumentWrapper, snapshot: TreeSnapshot?)?
    /// The document on disk as last read, written or reported changed.
    var lastSeenOnDisk: TreeSnapshot?
    var changeCount = 0
    var savedChangeCount = 0
    var autosaveInterval: Duration?
    var autosaveTask: Task<Void, Never>?
    var state: State = .closed
    var stateListeners = Broadcast<State>()
    var changeListeners = Broadcast<ExternalChange>()
    var fileWatch: DocumentFileWatch?

    /// Creates a document, closed; nothing is read or written yet.
    ///
    /// - Parameters:
    ///   - path: Where the document is, or will be once saved for creating.
    ///   - type: The document's type (a UTI), passed to `contents`.
    ///   - home: The home whose Locks folder `docbrowser` consults.
    ///   - application: The app's name, shown by `docbrowser` when it
    ///     refuses to move the open document: "open in APPLICATION (pid N)".
    ///   - applicationIdentifier: The app's bundle identifier, if it has one.
    ///   - contents: The app's model, which gives and takes the contents.
    ///   - autosaveInterval: How often unsaved changes are saved while the
    ///     document is open; nil saves only when asked and on close.
    public init(
        path: RawPath, type: String, home: Home, application: String, applicationIdentifier: String? = nil,
        contents: any DocumentContents, autosaveInterval: Duration? = nil
    ) {
        self.path = path
        fileType = type
        self.home = home
        self.application = applicationIdentifier.map { "\(application) (\($0))" } ?? application
        holder = LockHolder(activity: "open in \(self.application)", handlerIdentifier: applicationIdentifier)
        self.contents = contents
        self.autosaveInterval = autosaveInterval
    }

    deinit {
        autosaveTask?.cancel()
        fileWatch?.stop()
        openRecord?.close()
        stateListeners.finish()
        changeListeners.finish()
    }

    /// Reads the document and gives its contents to the app, then marks it
    /// open. Opening a document that is open does nothing.
    ///
    /// - Throws: ``DocKitError/Code/busy`` while a docbrowser
    ///   process is moving or deleting it; ``DocKitError/Code/notFound``
    ///   when it is not there; ``DocKitError/Code/notSupported``
    ///   for a package holding what a document cannot;
    ///   ``DocKitError/Code/contentsFailed`` when the app cannot
    ///   load it; ``DocKitError/Code/fileSystem`` when reading fails.
    public func open() async throws(DocKitError) {
        guard openRecord == nil else { return }
        // Marked open before reading, so no move starts under the read.
        let record = try markOpen()
        do {
            try await readFromDisk()
        } catch {
            record.close()
            openRecord = nil
            throw error
        }
        changeCount = 0
        savedChangeCount = 0
        setState(withConflictState([]))
        startAutosave()
        startWatching()
    }

    /// Saves the document.
    ///
    /// For creating, the document must not exist: nothing at its name is
    /// ever replaced, and the document is open afterwards. For
    /// overwriting, it must be open. Either way, the unsaved changes made
    /// before the save asked for the contents are saved; a failure sets
    /// ``State/savingError`` until a save succeeds.
    ///
    /// - Parameter operation: Whether the save creates the document or
    ///   writes over it.
    /// - Throws: ``DocKitError/Code/notOpen`` when overwriting a
    ///   closed document; ``DocKitError/Code/alreadyExists`` when
    ///   creating over an existing one; ``DocKitError/Code/busy``
    ///   while a docbrowser process holds the document's lock;
    ///   ``DocKitError/Code/notFound`` when an open document is gone;
    ///   ``DocKitError/Code/contentsFailed`` when the app cannot
    ///   give its contents; ``DocKitError/Code/notSupported``
    ///   for a child name or link a package cannot hold;
    ///   ``DocKitError/Code/fileSystem`` when writing fails.
    public func save(for operation: SaveOperation = .forOverwriting) async throws(DocKitError) {
        let creating = operation == .forCreating
        if !creating, openRecord == nil { throw DocKitError(EditingError.closed(document: path)) }
        let newRecord = creating && openRecord == nil ? try markOpen() : nil
        do throws(DocKitError) {
            let saving = changeCount
            let wrapper: DocumentWrapper
            do { wrapper = try await contents.contents(forType: fileType) } catch { throw DocKitError(EditingError.contents(document: path, underlying: error)) }
            // A close may have come while the app gave its contents.
            guard openRecord != nil else { throw DocKitError(EditingError.closed(document: path)) }
            try write(wrapper, creating: creating)
            // So that neither the quiet period nor a package's loss takes this save for a sync engine's work.
            try? DocumentCatalog.noteOwnSave(at: path, home: home)
            savedChangeCount = saving
        } catch {
            if let newRecord {
                newRecord.close()
                openRecord = nil
            } else if openRecord != nil {
                setState(state.union(.savingError))
            }
            throw error
        }
        setState(withConflictState(state.subtracting([.savingError, .closed])))
        if newRecord != nil {
            startAutosave()
            startWatching()
        }
    }

    /// Saves unsaved changes, then marks the document closed. Closing a
    /// closed document does nothing.
    ///
    /// - Throws: What ``save(for:)`` throws; the document then stays open
    ///   with its changes, to be saved again or reverted.
    public func close() async throws(DocKitError) {
        guard openRecord != nil else { return }
        if hasUnsavedChanges { try await save() }
        autosaveTask?.cancel()
        autosaveTask = nil
        stopWatching()
        openRecord?.close()
        openRecord = nil
        onDisk = nil
        setState(.closed)
    }

    /// Reads the document from disk again and gives it to the app,
    /// discarding the unsaved changes. Editing is disabled meanwhile.
    ///
    /// - Throws: ``DocKitError/Code/notOpen`` when the document is
    ///   not open, else what ``open()`` throws when reading.
    public func revert() async throws(DocKitError) {
        guard openRecord != nil else { throw DocKitError(EditingError.closed(document: path)) }
        setState(state.union(.editingDisabled))
        do {
            try await readFromDisk()
        } catch {
            setState(state.subtracting(.editingDisabled))
            throw error
        }
        savedChangeCount = changeCount
        setState(withConflictState(state.subtracting([.editingDisabled, .savingError])))
    }

    private func markOpen() throws(DocKitError) -> OpenDocumentRecord {
        do {
            let record = try OpenDocumentRecord(path, in: LockDirectory(home: home), holder: holder)
            openRecord = record
            return record
        } catch {
            throw EditingError.wrapping(error, document: path)
        }
    }

    /// The snapshot is taken before reading, so that a change made while
    /// reading shows as a difference at the next save.
    private func readFromDisk() async throws(DocKitError) {
        let snapshot = try? TreeSnapshot.take(path)
        let wrapper = try DocumentWrapper.read(path)
        do { try await contents.load(fromContents: wrapper, ofType: fileType) } catch { throw DocKitError(EditingError.contents(document: path, underlying: error)) }
        onDisk = (wrapper, snapshot)
        lastSeenOnDisk = snapshot
    }

    /// Under the document's lock. Children of a package are reused only
    /// when the document is as it was read or last written: another
    /// writer's change is then overwritten, never kept by accident.
    private func write(_ wrapper: DocumentWrapper, creating: Bool) throws(DocKitError) {
        let lock: DocumentLock
        do {
            lock = try DocumentLock([path], in: LockDirectory(home: home), holder: LockHolder(activity: "saving it in \(application)"))
        } catch {
            throw EditingError.wrapping(error, document: path)
        }
        defer { lock.release() }
        let save = SafeSave(document: path, owner: home.deviceTag)
        if creating {
            try save.create(wrapper)
        } else {
            let unchanged = onDisk.map { (try? TreeSnapshot.take(path)) == $0.snapshot } ?? false
            try save.overwrite(wrapper, previous: unchanged ? onDisk?.contents : nil)
        }
        let snapshot = try? TreeSnapshot.take(path)
        onDisk = (wrapper, snapshot)
        lastSeenOnDisk = snapshot
    }
}

extension EditableDocument {
    /// What a save does, as `UIDocument.SaveOperation`.
    public enum SaveOperation: Sendable, Hashable {
        /// Writes a new document, never replacing one.
        case forCreating
        /// Writes over the open document.
        case forOverwriting
    }
}
