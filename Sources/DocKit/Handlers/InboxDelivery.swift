#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// "Open in…": a copy of a document delivered into an app's Inbox, as
/// iOS's document interaction hand-off does. The copy is made in a hidden
/// temporary inside the Inbox and renamed into place under a free name, so
/// the app never sees half a document and nothing already there is
/// replaced. The source is only read.
public enum InboxDelivery {
    /// The launcher's own identifier; its Inbox is the local Documents
    /// folder's `Inbox`, which the catalog never lists as a document.
    public static let launcherIdentifier = "org.docbrowser.launcher"

    /// `HOME/Containers/ID/Documents`, the Documents folder of an app.
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier, or ``launcherIdentifier`` for the launcher.
    ///   - home: The docbrowser home.
    ///   - locations: Where the launcher's local Documents folder is.
    /// - Returns: The folder; it may not exist yet.
    public static func documentsDirectory(forApp identifier: String, home: Home, locations: DocumentLocations) -> RawPath {
        if identifier == launcherIdentifier { return locations.localDocuments }
        return RawPath(home.url).appending("Containers").appending(RawPath(identifier)).appending("Documents")
    }

    /// The Inbox an app receives "Open in…" copies in; it may not exist yet.
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier, or ``launcherIdentifier`` for the launcher.
    ///   - home: The docbrowser home.
    ///   - locations: Where the launcher's local Documents folder is.
    /// - Returns: `Documents/Inbox` of the app.
    public static func inboxDirectory(forApp identifier: String, home: Home, locations: DocumentLocations) -> RawPath {
        documentsDirectory(forApp: identifier, home: home, locations: locations).appending("Inbox")
    }

    /// Copies `source` (a file, a package or folder whole, symbolic links
    /// as links) into `inbox` as `Name.ext`, or `Name 2.ext`, … when taken.
    /// A journal in `home` names the copy's temporary while it is made, so
    /// that the next command removes it if this process dies first.
    ///
    /// - Parameters:
    ///   - source: The document to copy.
    ///   - filename: The name the copy should have, numbered when taken.
    ///   - inbox: The folder to deliver into, created if missing.
    ///   - registry: The registry that says how long the name's extension is,
    ///     so a number goes before `.tar.gz`; `nil` takes the last extension.
    ///   - home: The home whose journal records the copy while it is made.
    /// - Returns: Where the copy now is.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the Inbox, the journal or the copy
    ///   cannot be made, or the copy cannot be renamed into place; nothing is
    ///   left behind.
    public static func deliver(_ source: RawPath, named filename: RawPath, into inbox: RawPath, registry: TypeRegistry?, home: Home) throws -> RawPath {
        try FileSystem.createDirectory(inbox)
        let identifier = OperationJournal.newIdentifier(for: home)
        let temporary = OperationJournal.temporary(beside: inbox.appending("item"), identifier: identifier, role: "delivery")
        let journal = try OperationJournal(home: home, identifier: identifier, begin: .delivery(temporary: temporary))
        defer { journal.finish() }
        do {
            try copyItem(from: source, to: temporary)
            CrashPoint.reached("delivery-copied")
        } catch {
            removeItem(temporary)
            throw error
        }
        do {
            let destination = try renameIntoPlace(temporary, in: inbox, filename: filename, registry: registry)
            try FileSystem.synchronizeDirectory(inbox)
            return destination
        } catch {
            removeItem(temporary)
            throw error
        }
    }

    /// Renames `item` to the first free name of `Name.ext`, `Name 2.ext`, …
    /// in `directory`, never replacing anything (renameat2 NOREPLACE).
    static func renameIntoPlace(_ item: RawPath, in directory: RawPath, filename: RawPath, registry: TypeRegistry?) throws(DocKitError) -> RawPath {
        let extensionLength = self.extensionLength(of: filename, registry: registry)
        for number in 1...10_000 {
            let candidate = try directory.appending(name: DocumentName.numbered(filename, extensionLength: extensionLength, number))
            // An iCloud placeholder holds the name of a document not downloaded.
            if try DocumentCatalog.placeholderExists(for: candidate) { continue }
            do {
                try FileSystem.renameWithoutReplacing(item, to: candidate)
                return candidate
            } catch {
                if error.errno == EEXIST { continue }
                throw error
            }
        }
        throw DocKitError(FileSystemError(path: directory.appending(filename), operation: "has no free numbered name", errno: EEXIST))
    }

    /// `Report.tar.gz` numbers as `Report 2.tar.gz` when a type claims
    /// `tar.gz`; otherwise only the last extension follows the number.
    static func extensionLength(of filename: RawPath, registry: TypeRegistry?) -> Int {
        let shown = filename.description
        let candidates = TypeRegistry.extensionCandidates(of: shown)
        let chosen = registry.flatMap { registry in
            candidates.first { !registry.types(withTag: $0, tagClass: .filenameExtension).isEmpty }
        } ?? candidates.last
        guard let chosen else { return 0 }
        return DocumentName.extensionLength(of: filename, name: shown, displayName: String(shown.dropLast(chosen.count + 1)))
    }

    /// Copies a document whole (see `TreeCopier`): links as links,
    /// permissions and times kept, everything flushed; devices and FIFOs
    /// are refused. `destination` must not exist.
    ///
    /// - Parameters:
    ///   - source: The file, package or folder to copy.
    ///   - destination: Where the copy goes; it must not exist.
    /// - Throws: ``DocKitError/Code/fileSystem`` when something cannot be read or written,
    ///   or is a device or FIFO.
    public static func copyItem(from source: RawPath, to destination: RawPath) throws(DocKitError) {
        try TreeCopier().copy(source, to: destination)
    }

    /// Removes a file, link or tree, never following a link. Errors are
    /// ignored: it cleans up after a failure or empties what is owned.
    static func removeItem(_ path: RawPath) {
        try? TreeRemover.remove(path)
    }
}
