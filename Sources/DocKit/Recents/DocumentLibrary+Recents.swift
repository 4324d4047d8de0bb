import Foundation

extension DocumentLibrary {
    /// The desktop's recent files, `$XDG_DATA_HOME/recently-used.xbel` of
    /// the library's environment, which GTK's file chooser and Files read.
    public var recentlyUsedFile: URL {
        XDGBaseDirectories(environment: environment).dataHome.appendingPathComponent("recently-used.xbel")
    }

    /// Adds a document docbrowser opened to the desktop's recent files, or
    /// counts one more use of it, and writes the file atomically. A file
    /// that cannot be read as xbel is left as it is: another program owns
    /// it too.
    ///
    /// - Parameters:
    ///   - path: The document opened.
    ///   - mimeType: Its MIME type.
    ///   - date: When it was opened.
    /// - Throws: ``DocKitError/Code/malformed`` naming the file when it is not xbel
    ///   or cannot be written; it is then unchanged.
    public func recordRecentlyUsed(_ path: RawPath, mimeType: String, at date: Date = Date()) throws(DocKitError) {
        let file = recentlyUsedFile
        let existing = try RecentlyUsedBookmarks.load(from: file)
        let contents = try RecentlyUsedBookmarks.recording(path, mimeType: mimeType, at: date, in: existing, file: file.path)
        do {
            try FileSystem.createDirectory(RawPath(file.deletingLastPathComponent()), mode: 0o700)
            // GTK keeps the file private: it tells what the user opened.
            try FileSystem.writeAtomically(contents, to: RawPath(file), mode: 0o600)
        } catch {
            throw DocKitError(MalformedFileError(path: file.path, reason: "cannot be written (\(error))"))
        }
    }

    /// The documents of this home the desktop's recent files list, newest
    /// first. A listed file that is no longer a document here is skipped.
    ///
    /// - Parameters:
    ///   - catalog: The catalog of this home's documents.
    ///   - limit: At most this many, or all when `nil`.
    /// - Returns: Each document with when it was last used.
    /// - Throws: ``DocKitError/Code/malformed`` when the file is not xbel.
    public func recentDocuments(in catalog: DocumentCatalog, limit: Int? = nil) throws(DocKitError) -> [RecentDocument] {
        guard let (bookmarks, _) = try RecentlyUsedBookmarks.load(from: recentlyUsedFile) else { return [] }
        var recents: [RecentDocument] = []
        for bookmark in bookmarks.bookmarks {
            guard let path = bookmark.path, let (location, relativePath) = catalog.locations.locate(path),
                  let document = try? catalog.document(in: location, at: relativePath) else { continue }
            recents.append(RecentDocument(document: document, lastUsed: bookmark.modificationDate))
        }
        let sorted = recents.enumerated().sorted { ($0.element.lastUsed, $0.offset) > ($1.element.lastUsed, $1.offset) }.map(\.element)
        return limit.map { Array(sorted.prefix($0)) } ?? sorted
    }
}

/// A document the desktop's recent files list.
public struct RecentDocument: Sendable, Hashable {
    /// The document.
    public var document: Document
    /// When it was last used, by docbrowser or another program.
    public var lastUsed: Date
}
