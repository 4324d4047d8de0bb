import Foundation

extension RecentlyUsedBookmarks {
    /// The application name docbrowser registers its opens under.
    public static let applicationName = "docbrowser"
    /// How the desktop reopens a file docbrowser opened, quoted as GTK quotes it.
    static let applicationExec = "'docbrowser open %u'"

    /// A local file's URI as GTK writes it: every byte but the unreserved
    /// ones and `/` percent-encoded, so names that are not UTF-8 travel too.
    public static func uri(for path: RawPath) -> String { "file://" + TrashInfo.percentEncoded(path) }

    /// The file's new contents with `path` recorded as used by docbrowser
    /// now. Every other bookmark keeps its bytes; the recorded one is
    /// rewritten from what was read (its applications, groups, MIME type,
    /// title and description kept) with docbrowser's use counted.
    ///
    /// - Parameters:
    ///   - path: The document opened.
    ///   - mimeType: Its MIME type.
    ///   - date: When it was opened.
    ///   - existing: The file's bookmarks and bytes, or `nil` when there is no file.
    ///   - file: The file's path, for the error.
    /// - Returns: The contents to write.
    /// - Throws: ``DocKitError/Code/malformed`` when the bookmarks cannot be found in
    ///   the bytes as the parser found them, so an edit could damage them.
    static func recording(
        _ path: RawPath, mimeType: String, at date: Date, in existing: (RecentlyUsedBookmarks, Data)?, file: String
    ) throws(DocKitError) -> Data {
        let now = timestamp(date)
        guard let (bookmarks, data) = existing else {
            let fresh = Bookmark(href: uri(for: path), added: now, modified: now, visited: now, mimeType: mimeType, groups: [], applications: [], isPrivate: false)
            return Data((emptyFile(with: element(counting: fresh, at: now))).utf8)
        }
        let bytes = [UInt8](data)
        let spans = bookmarkSpans(bytes)
        guard spans.count == bookmarks.bookmarks.count,
              zip(spans, bookmarks.bookmarks).allSatisfy({ href(ofTagAt: $0.0, in: bytes) == $0.1.href }) else {
            throw DocKitError(MalformedFileError(path: file, reason: "cannot be edited safely (its bookmarks are not where the parser found them)"))
        }
        if let index = bookmarks.bookmarks.firstIndex(where: { $0.path == path }) {
            var bookmark = bookmarks.bookmarks[index]
            bookmark.modified = now
            bookmark.visited = now
            if bookmark.mimeType == nil { bookmark.mimeType = mimeType }
            let span = spans[index]
            return Data(declaringNamespaces(Array(bytes[..<span.lowerBound]) + Array(element(counting: bookmark, at: now).utf8) + bytes[span.upperBound...]))
        }
        guard let end = bytes.ranges(of: Array("</xbel>".utf8)).last?.lowerBound else {
            throw DocKitError(MalformedFileError(path: file, reason: "cannot be edited safely (no </xbel>)"))
        }
        let fresh = Bookmark(href: uri(for: path), added: now, modified: now, visited: now, mimeType: mimeType, groups: [], applications: [], isPrivate: false)
        return Data(declaringNamespaces(Array(bytes[..<end]) + Array(("  " + element(counting: fresh, at: now) + "\n").utf8) + bytes[end...]))
    }

    static let namespaces = [
        ("bookmark", "http://www.freedesktop.org/standards/desktop-bookmarks"),
        ("mime", "http://www.freedesktop.org/standards/shared-mime-info"),
    ]

    /// The bookmark written uses the `bookmark:` and `mime:` prefixes,
    /// which libxml2 refuses undeclared: a root written without them gets
    /// them. The root comes before every bookmark, so edits stay in place.
    private static func declaringNamespaces(_ bytes: [UInt8]) -> [UInt8] {
        var index = 0
        while let found = bytes[index...].firstRange(of: Array("<xbel".utf8)) {
            let next = found.upperBound < bytes.count ? bytes[found.upperBound] : 0
            guard [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(next),
                  let tagEnd = bytes[found.upperBound...].firstIndex(of: UInt8(ascii: ">")) else {
                index = found.upperBound
                continue
            }
            let tag = bytes[found.lowerBound..<tagEnd]
            let missing = namespaces.filter { !declares($0.0, in: tag) }
            let insertAt = bytes[tagEnd - 1] == UInt8(ascii: "/") ? tagEnd - 1 : tagEnd
            let declarations = missing.map { " xmlns:\($0.0)=\"\($0.1)\"" }.joined()
            return Array(bytes[..<insertAt]) + Array(declarations.utf8) + bytes[insertAt...]
        }
        return bytes
    }

    /// Whether `tag` declares `prefix`, with or without white space before
    /// its `=` (`xmlns:mime ="…"`): a second declaration would make the
    /// file one no XML reader takes.
    private static func declares(_ prefix: String, in tag: ArraySlice<UInt8>) -> Bool {
        let name = Array("xmlns:\(prefix)".utf8)
        let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var from = tag.startIndex
        while let found = tag[from...].firstRange(of: name) {
            var index = found.upperBound
            while index < tag.endIndex, space.contains(tag[index]) { index += 1 }
            if index < tag.endIndex, tag[index] == UInt8(ascii: "=") { return true }
            from = found.upperBound
        }
        return false
    }

    private static func emptyFile(with element: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xbel version="1.0"
              xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
              xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
        >
          \(element)
        </xbel>

        """
    }

    /// The bookmark as GTK lays it out, with docbrowser's use counted once more.
    private static func element(counting bookmark: Bookmark, at now: String) -> String {
        var applications = bookmark.applications
        if let ours = applications.firstIndex(where: { $0.name == applicationName }) {
            applications[ours].modified = now
            applications[ours].count = min(applications[ours].count + 1, Int(Int32.max))
        } else {
            applications.append(Application(name: applicationName, exec: applicationExec, modified: now, count: 1))
        }
        var lines = ["<bookmark href=\"\(escaped(bookmark.href))\" added=\"\(escaped(bookmark.added))\" modified=\"\(now)\" visited=\"\(now)\">"]
        if let title = bookmark.title { lines.append("    <title>\(escaped(title))</title>") }
        if let description = bookmark.description { lines.append("    <desc>\(escaped(description))</desc>") }
        lines.append("    <info>")
        lines.append("      <metadata owner=\"http://freedesktop.org\">")
        if let mimeType = bookmark.mimeType { lines.append("        <mime:mime-type type=\"\(escaped(mimeType))\"/>") }
        if !bookmark.groups.isEmpty {
            lines.append("        <bookmark:groups>")
            lines += bookmark.groups.map { "          <bookmark:group>\(escaped($0))</bookmark:group>" }
            lines.append("        </bookmark:groups>")
        }
        lines.append("        <bookmark:applications>")
        lines += applications.map {
            "          <bookmark:application name=\"\(escaped($0.name))\" exec=\"\(escaped($0.exec))\" modified=\"\(escaped($0.modified))\" count=\"\($0.count)\"/>"
        }
        lines.append("        </bookmark:applications>")
        if bookmark.isPrivate { lines.append("        <bookmark:private/>") }
        lines.append("      </metadata>")
        lines.append("    </info>")
        lines.append("  </bookmark>")
        return lines.joined(separator: "\n")
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }

    /// The predefined entities and character references: what XMLParser
    /// decodes in an attribute, so that the text's href compares with the parser's.
    static func unescaped(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: ampersand)..<semicolon]
            let named: [Substring: String] = ["lt": "<", "gt": ">", "quot": "\"", "apos": "'", "amp": "&"]
            var decoded = named[name]
            if decoded == nil, name.hasPrefix("#") {
                let number = name.dropFirst()
                let value = number.hasPrefix("x") || number.hasPrefix("X") ? UInt32(number.dropFirst(), radix: 16) : UInt32(number)
                decoded = value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            }
            result += decoded ?? String(rest[ampersand...semicolon])
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// Each top-level `<bookmark …>…</bookmark>` in the bytes, found by
    /// text; ``recording(_:mimeType:at:in:file:)`` checks them against the
    /// parser's bookmarks before editing.
    static func bookmarkSpans(_ bytes: [UInt8]) -> [Range<Int>] {
        let opening = Array("<bookmark".utf8)
        let closing = Array("</bookmark>".utf8)
        let comment = (open: Array("<!--".utf8), close: Array("-->".utf8))
        var spans: [Range<Int>] = []
        var index = 0
        while let found = bytes[index...].firstRange(of: opening) {
            if let commentStart = bytes[index..<found.lowerBound].firstRange(of: comment.open) {
                guard let commentEnd = bytes[commentStart.upperBound...].firstRange(of: comment.close) else { break }
                index = commentEnd.upperBound
                continue
            }
            let next = found.upperBound < bytes.count ? bytes[found.upperBound] : 0
            guard [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ">")].contains(next) else {
                index = found.upperBound
                continue
            }
            guard let tagEnd = bytes[found.upperBound...].firstIndex(of: UInt8(ascii: ">")) else { break }
            if bytes[tagEnd - 1] == UInt8(ascii: "/") {
                spans.append(found.lowerBound..<(tagEnd + 1))
                index = tagEnd + 1
                continue
            }
            guard let end = bytes[tagEnd...].firstRange(of: closing) else { break }
            spans.append(found.lowerBound..<end.upperBound)
            index = end.upperBound
        }
        return spans
    }

    private static func href(ofTagAt span: Range<Int>, in bytes: [UInt8]) -> String? {
        let tag = String(decoding: bytes[span].prefix { $0 != UInt8(ascii: ">") }, as: UTF8.self)
        guard let match = tag.firstMatch(of: try! Regex(#"\shref\s*=\s*(?:"([^"]*)"|'([^']*)')"#)) else { return nil }
        let value = match.output[1].substring ?? match.output[2].substring
        return value.map { unescaped(String($0)) }
    }
}
