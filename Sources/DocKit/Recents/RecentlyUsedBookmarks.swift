import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The desktop's list of recently used files, `$XDG_DATA_HOME/recently-used.xbel`,
/// in the freedesktop Desktop Bookmark format GTK's `GtkRecentManager` writes.
/// Other programs rewrite the same file, so it is read as outside input:
/// capped in size, and refused whole when it is not the format.
public struct RecentlyUsedBookmarks: Sendable, Hashable {
    /// One program that used a bookmarked file.
    public struct Application: Sendable, Hashable {
        /// The program's name, as `g_get_application_name` gives it.
        public var name: String
        /// How to run it on the file, with `%u` for the URI.
        public var exec: String
        /// When it last used the file, as written.
        public var modified: String
        /// How many times it registered the file: GTK's int, read as 0 to
        /// `Int32.max`, so that counting once more never overflows.
        public var count: Int
    }

    /// One recently used file.
    public struct Bookmark: Sendable, Hashable {
        /// The file's URI, as written (after XML unescaping).
        public var href: String
        /// When the bookmark was added, modified and visited, as written (ISO 8601).
        public var added: String
        public var modified: String
        public var visited: String
        /// Its title and description, when it has them.
        public var title: String?
        public var description: String?
        /// Its MIME type.
        public var mimeType: String?
        /// The groups it belongs to.
        public var groups: [String]
        /// The programs that used it.
        public var applications: [Application]
        /// Whether only its applications may show it.
        public var isPrivate: Bool

        /// The local file it names, or `nil` for another scheme, a host,
        /// or a URI that does not decode.
        public var path: RawPath? {
            guard href.hasPrefix("file:///") else { return nil }
            return TrashInfo.percentDecoded(String(href.dropFirst("file://".count)))
        }

        /// When it was last modified, for ordering; the epoch when unreadable.
        public var modificationDate: Date { RecentlyUsedBookmarks.date(modified) ?? Date(timeIntervalSince1970: 0) }
    }

    /// The bookmarks, in file order.
    public var bookmarks: [Bookmark]

    /// The largest file read: GTK's own files stay well under a megabyte.
    public static let sizeLimit = 8 << 20

    /// Elements nest at most five deep in the format; far deeper is hostile.
    static let depthLimit = 16

    /// Reads the bookmarks from a file's contents.
    ///
    /// - Parameters:
    ///   - data: The file's contents.
    ///   - path: The file, for the error.
    /// - Returns: Its bookmarks.
    /// - Throws: ``DocKitError/Code/malformed`` when it is too large, not UTF-8, or not xbel.
    public static func parse(_ data: Data, path: String) throws(DocKitError) -> RecentlyUsedBookmarks {
        func malformed(_ reason: String) -> DocKitError { DocKitError(MalformedFileError(path: path, reason: reason)) }
        guard data.count <= sizeLimit else { throw malformed("is larger than \(sizeLimit >> 20) MiB") }
        // XMLParser on Linux crashes on bytes that are not UTF-8 and on a
        // processing instruction without data (PLATFORM-NOTES), so those are
        // refused before it sees them.
        guard String(validating: data, as: UTF8.self) != nil else { throw malformed("is not UTF-8, as xbel must be") }
        // Checked after the DOCTYPE is cut, which can join `<` and `?pi?>` into one.
        let parsedData = SharedMimeInfoDeclarations.withoutDocumentTypeDeclaration(data)
        if let offset = SharedMimeInfoDeclarations.processingInstructionOffset(parsedData) {
            throw malformed("is not valid xbel (a processing instruction at byte \(offset))")
        }
        let parser = XMLParser(data: parsedData)
        let reader = Reader()
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        if let failure = reader.failure ?? parser.parserError.map({ Reader.describe($0, line: parser.lineNumber) }) ?? (parsed ? nil : "line \(parser.lineNumber)") {
            throw malformed("is not valid xbel (\(failure))")
        }
        guard reader.closedRoot else { throw malformed("is not valid xbel (it does not end at </xbel>)") }
        return RecentlyUsedBookmarks(bookmarks: reader.bookmarks)
    }

    /// Reads the file, at most ``sizeLimit`` bytes of it.
    ///
    /// - Parameter url: The file.
    /// - Returns: The bookmarks and the bytes they came from, or `nil` when there is no file.
    /// - Throws: ``DocKitError/Code/malformed`` when it cannot be read or is not xbel.
    static func load(from url: URL) throws(DocKitError) -> (RecentlyUsedBookmarks, Data)? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            if !FileManager.default.fileExists(atPath: url.path) { return nil }
            throw DocKitError(MalformedFileError(path: url.path, reason: "cannot be read"))
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: sizeLimit + 1) ?? Data()
        } catch {
            throw DocKitError(MalformedFileError(path: url.path, reason: "cannot be read"))
        }
        return (try parse(data, path: url.path), data)
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// GTK's form: UTC with microseconds.
    static func timestamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let micro = min(999_999, Int(((date.timeIntervalSince1970 - seconds) * 1_000_000).rounded()))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: Date(timeIntervalSince1970: seconds)) + "." + String(format: "%06d", micro) + "Z"
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var bookmarks: [Bookmark] = []
        var failure: String?
        var closedRoot = false
        private var stack: [String] = []
        private var current: Bookmark?
        private var text = ""

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if failure == nil { failure = Self.describe(parseError, line: parser.lineNumber) }
        }

        /// libxml2's XML_ERR_DOCUMENT_END (5), for a file cut short or with
        /// more after its root, reaches Foundation as only a number.
        static func describe(_ error: any Error, line: Int) -> String {
            if (error as NSError).code == 5 { return "it does not end at </xbel>" }
            return "line \(line): \((error as NSError).localizedDescription)"
        }

        private func fail(_ parser: XMLParser, _ reason: String) {
            if failure == nil { failure = "line \(parser.lineNumber): \(reason)" }
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            guard failure == nil else { return }
            stack.append(element)
            text = ""
            if stack.count > RecentlyUsedBookmarks.depthLimit { return fail(parser, "elements nested deeper than \(RecentlyUsedBookmarks.depthLimit)") }
            if stack.count == 1 {
                if closedRoot || element != "xbel" { return fail(parser, "the root is <\(element)>, not <xbel>") }
                return
            }
            switch element {
            case "bookmark" where stack.count == 2:
                guard let href = attributes["href"], !href.isEmpty else { return fail(parser, "a <bookmark> without href") }
                current = Bookmark(
                    href: href, added: attributes["added"] ?? "", modified: attributes["modified"] ?? "", visited: attributes["visited"] ?? "",
                    groups: [], applications: [], isPrivate: false
                )
            case "mime:mime-type":
                current?.mimeType = attributes["type"]
            case "bookmark:application":
                guard let name = attributes["name"] else { return fail(parser, "an application without a name") }
                current?.applications.append(Application(
                    name: name, exec: attributes["exec"] ?? "", modified: attributes["modified"] ?? attributes["timestamp"] ?? "",
                    count: attributes["count"].flatMap { Int32($0) }.map { Int(max($0, 0)) } ?? 1
                ))
            case "bookmark:private":
                current?.isPrivate = true
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if text.utf8.count < RecentlyUsedBookmarks.sizeLimit { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            guard failure == nil else { return }
            switch element {
            case "xbel" where stack.count == 1: closedRoot = true
            case "bookmark" where stack.count == 2:
                if let current { bookmarks.append(current) }
                current = nil
            case "title" where stack.count == 3: current?.title = text
            case "desc" where stack.count == 3: current?.description = text
            case "bookmark:group": current?.groups.append(text)
            default: break
            }
            stack.removeLast()
            text = ""
        }
    }
}
