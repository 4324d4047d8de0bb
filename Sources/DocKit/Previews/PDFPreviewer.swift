/// A PDF's version, page count, title and author, and the text of its
/// first page. poppler's `pdfinfo` and `pdftotext` read the document,
/// each as a separate process within the time limit and an output cap;
/// where they are not installed or fail, what a bounded window at each
/// end of the file states (the header, the trailer, and usually the page
/// tree and the Info dictionary) is shown instead, with a note.
public struct PDFPreviewer: Previewer {
    /// `pdf`, as notes and `--json` name this previewer.
    public let name = "pdf"
    /// The types it previews: `com.adobe.pdf` and the types conforming to it.
    public let contentTypes = ["com.adobe.pdf"]
    /// pdfinfo's answer is a screenful; more is a tool gone wrong.
    static let infoOutputCap = 64 << 10
    /// A first page of dense text is some tens of kilobytes.
    static let textOutputCap = 1 << 20

    /// Creates the previewer; it holds no state.
    public init() {}

    /// Makes the preview from poppler's tools, or a bounded read of the file without them.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The registry, reader, limits and tools.
    /// - Returns: The PDF's version, page count, title and author, and its first page's text where poppler is installed.
    /// - Throws: ``DocKitError/Code/malformed`` when there is no `%PDF-` header;
    ///   ``DocKitError/Code/fileSystem`` when the file cannot be read.
    public func preview(_ subject: PreviewSubject, in context: PreviewContext) async throws -> Preview {
        let head = try Self.head(of: subject, in: context)
        guard let version = Self.version(in: head) else {
            throw DocKitError(PreviewError(path: subject.path.description, reason: "no %PDF- header"))
        }
        let path = PluginPreviewer.absolute(subject.path).description
        var info: [String: String]
        do {
            let output = try await context.tools.run("pdfinfo", ["-enc", "UTF-8", path], outputCap: Self.infoOutputCap)
            info = Self.pdfinfoFields(String(decoding: output, as: UTF8.self))
        } catch {
            var preview = try headerPreview(subject, head: head, in: context)
            let window = context.options.pdfWindowBytes
            preview.notes.insert(error == .notInstalled(tool: "pdfinfo")
                ? "poppler's pdfinfo is not installed; the pages and title are what the file's first and last \(window) bytes state"
                : "\(error); the pages and title are what the file's first and last \(window) bytes state", at: 0)
            return preview
        }
        if info["Title"] ?? "" == "" || info["Author"] ?? "" == "", info["Metadata Stream"] == "yes" {
            for (key, value) in await Self.xmpFacts(path, tools: context.tools) where info[key] ?? "" == "" { info[key] = value }
        }
        var preview = Preview(kind: .pdf, previewer: name)
        preview.fields.append(Preview.Field("version", "PDF \(info["PDF version"] ?? version)"))
        if let pages = info["Pages"] { preview.fields.append(Preview.Field("pages", pages)) }
        for (key, label) in [("Title", "title"), ("Author", "author"), ("Producer", "producer")] {
            if let value = info[key], !value.isEmpty { preview.fields.append(Preview.Field(label, VisibleText.visible(Substring(value)))) }
        }
        do {
            let text = try await context.tools.run("pdftotext", ["-f", "1", "-l", "1", "-enc", "UTF-8", path, "-"], outputCap: Self.textOutputCap)
            preview.setDocumentText(String(decoding: text, as: UTF8.self), options: context.options, source: "the first page")
        } catch {
            preview.notes.append("\(error); the first page's text is not shown")
        }
        return preview
    }

    /// What a bounded window at each end of the file states, read
    /// without any tool: the version, the page count, the title.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The reader and limits.
    /// - Returns: The PDF's version, page count and title, where found.
    /// - Throws: ``DocKitError/Code/malformed`` when there is no `%PDF-` header;
    ///   ``DocKitError/Code/fileSystem`` when the file cannot be read.
    public func headerPreview(_ subject: PreviewSubject, in context: PreviewContext) throws -> Preview {
        try headerPreview(subject, head: try Self.head(of: subject, in: context), in: context)
    }

    /// The window at the start: the whole file when both windows would meet.
    private static func head(of subject: PreviewSubject, in context: PreviewContext) throws -> [UInt8] {
        let window = context.options.pdfWindowBytes
        return try context.reader.read(subject.path, offset: 0, count: subject.size <= Int64(2 * window) ? 2 * window : window)
    }

    private func headerPreview(_ subject: PreviewSubject, head: [UInt8], in context: PreviewContext) throws -> Preview {
        let window = context.options.pdfWindowBytes
        let isWhole = subject.size <= Int64(2 * window)
        let tail = isWhole ? [] : try context.reader.read(subject.path, offset: subject.size - Int64(window), count: window)
        guard let version = Self.version(in: head) else {
            throw DocKitError(PreviewError(path: subject.path.description, reason: "no %PDF- header"))
        }
        let facts = PDFFacts(segments: isWhole ? [head] : [head, tail])
        var preview = Preview(kind: .pdf, previewer: name)
        preview.fields.append(Preview.Field("version", "PDF \(version)"))
        if let count = facts.pageTreeCount {
            preview.fields.append(Preview.Field("pages", "\(count)"))
        } else if facts.pageObjectCount > 0 {
            preview.fields.append(Preview.Field("pages", isWhole ? "\(facts.pageObjectCount)" : "at least \(facts.pageObjectCount)"))
        } else {
            preview.fields.append(Preview.Field("pages", "not stated in the part read"))
        }
        for (key, label) in [("Title", "title"), ("Author", "author"), ("Producer", "producer")] {
            if let value = facts.info[key] { preview.fields.append(Preview.Field(label, VisibleText.visible(Substring(value)))) }
        }
        if !isWhole {
            preview.notes.append("read the first and last \(window) bytes of \(subject.size)")
        }
        return preview
    }

    /// The title and author of the document's XMP metadata (`dc:title`,
    /// `dc:creator`), for a PDF whose Info dictionary lacks them, as PDF
    /// 2.0 writers leave it. Nothing when the metadata cannot be read.
    static func xmpFacts(_ path: String, tools: PreviewTools) async -> [String: String] {
        let dublinCore = "http://purl.org/dc/elements/1.1/"
        guard let xmp = try? await tools.run("pdfinfo", ["-meta", path], outputCap: textOutputCap),
              let result = try? XMLTextExtractor(fieldElements: [.init(dublinCore, "title"), .init(dublinCore, "creator")]).extract(xmp)
        else { return [:] }
        var facts: [String: String] = [:]
        facts["Title"] = result.fields[.init(dublinCore, "title")]
        facts["Author"] = result.fields[.init(dublinCore, "creator")]
        return facts
    }

    /// `Key:   value` lines, as pdfinfo prints them.
    static func pdfinfoFields(_ output: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon])
            if fields[key] == nil { fields[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
        }
        return fields
    }

    static func version(in head: [UInt8]) -> String? {
        let marker = Array("%PDF-".utf8)
        guard let start = PDFFacts.find(marker, in: head[..<min(head.count, 1024)], from: 0) else { return nil }
        let digits = head[(start + marker.count)...].prefix { $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }
        return digits.isEmpty ? nil : String(decoding: digits, as: UTF8.self)
    }
}

/// Facts found by scanning the bytes of a PDF for the few objects that
/// state them, each segment on its own.
struct PDFFacts {
    /// The /Count of the largest /Type /Pages node: the root of the tree.
    var pageTreeCount: Int?
    /// /Type /Page objects, when the tree's root was not seen.
    var pageObjectCount = 0
    /// Strings of the Info dictionary the trailer names.
    var info: [String: String] = [:]

    init(segments: [[UInt8]]) {
        var infoReference: (Int, Int)?
        for segment in segments {
            let bytes = segment[...]
            var index = 0
            while let found = Self.find(Array("/Type".utf8), in: bytes, from: index) {
                index = found + 5
                var cursor = Self.skipWhitespace(bytes, from: index)
                guard let name = Self.name(in: bytes, at: &cursor) else { continue }
                if name == "Page" { pageObjectCount += 1 }
                if name == "Pages", let (start, end) = Self.enclosingObject(bytes, around: found),
                   let count = Self.integer(after: "/Count", in: bytes[start..<end]) {
                    pageTreeCount = max(pageTreeCount ?? 0, count)
                }
            }
            index = 0
            while let found = Self.find(Array("/Info".utf8), in: bytes, from: index) {
                index = found + 5
                var cursor = index
                if let number = Self.unsigned(bytes, at: &cursor), let generation = Self.unsigned(bytes, at: &cursor),
                   bytes[Self.skipWhitespace(bytes, from: cursor)...].first == UInt8(ascii: "R") {
                    infoReference = (number, generation)
                }
            }
        }
        guard let (number, generation) = infoReference else { return }
        for segment in segments {
            let bytes = segment[...]
            guard let start = Self.objectStart(number, generation, in: bytes) else { continue }
            let end = Self.find(Array("endobj".utf8), in: bytes, from: start) ?? bytes.endIndex
            let object = bytes[start..<end]
            for key in ["Title", "Author", "Producer"] {
                guard let keyAt = Self.find(Array("/\(key)".utf8), in: object, from: object.startIndex) else { continue }
                var cursor = Self.skipWhitespace(object, from: keyAt + key.utf8.count + 1)
                if let raw = Self.string(in: object, at: &cursor) { info[key] = Self.decodeTextString(raw) }
            }
            break
        }
    }

    static func find(_ pattern: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
        var index = max(start, bytes.startIndex)
        let last = bytes.endIndex - pattern.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        [0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(byte)
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || Array("()<>[]{}/%".utf8).contains(byte)
    }

    static func skipWhitespace(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.endIndex, isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    private static func name(in bytes: ArraySlice<UInt8>, at cursor: inout Int) -> String? {
        guard cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "/") else { return nil }
        let start = cursor + 1
        var end = start
        while end < bytes.endIndex, !isDelimiter(bytes[end]) { end += 1 }
        cursor = end
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private static func unsigned(_ bytes: ArraySlice<UInt8>, at cursor: inout Int) -> Int? {
        let start = skipWhitespace(bytes, from: cursor)
        var end = start
        while end < bytes.endIndex, end - start < 10, (0x30...0x39).contains(bytes[end]) { end += 1 }
        guard end > start else { return nil }
        cursor = end
        return Int(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    private static func integer(after key: String, in bytes: ArraySlice<UInt8>) -> Int? {
        var from = bytes.startIndex
        while let found = find(Array(key.utf8), in: bytes, from: from) {
            var cursor = found + key.utf8.count
            from = cursor
            if let value = unsigned(bytes, at: &cursor) { return value }
        }
        return nil
    }

    /// The bytes from `N G obj` to `endobj` around a position.
    private static func enclosingObject(_ bytes: ArraySlice<UInt8>, around position: Int) -> (Int, Int)? {
        let before = bytes[..<position]
        guard let objAt = lastIndex(of: Array("obj".utf8), in: before) else { return nil }
        let end = find(Array("endobj".utf8), in: bytes, from: position) ?? bytes.endIndex
        // An endobj between the obj keyword and the position means the
        // position lies outside any object.
        if let closed = lastIndex(of: Array("endobj".utf8), in: before), closed + 3 >= objAt { return nil }
        return (objAt, end)
    }

    private static func lastIndex(of pattern: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.endIndex - pattern.count
        while index >= bytes.startIndex {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index -= 1
        }
        return nil
    }

    /// Where `N G obj` begins, N not being the tail of a longer number.
    private static func objectStart(_ number: Int, _ generation: Int, in bytes: ArraySlice<UInt8>) -> Int? {
        var from = bytes.startIndex
        let header = Array("\(number) \(generation) obj".utf8)
        while let found = find(header, in: bytes, from: from) {
            if found == bytes.startIndex || isDelimiter(bytes[found - 1]) { return found + header.count }
            from = found + 1
        }
        return nil
    }

    /// A literal `(…)` or hexadecimal `<…>` string's bytes.
    static func string(in bytes: ArraySlice<UInt8>, at cursor: inout Int) -> [UInt8]? {
        guard cursor < bytes.endIndex else { return nil }
        if bytes[cursor] == UInt8(ascii: "<") {
            var digits: [UInt8] = []
            var index = cursor + 1
            while index < bytes.endIndex, bytes[index] != UInt8(ascii: ">") {
                if let value = hexValue(bytes[index]) { digits.append(value) }
                index += 1
            }
            if digits.count % 2 == 1 { digits.append(0) }
            cursor = index + 1
            return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
        }
        guard bytes[cursor] == UInt8(ascii: "(") else { return nil }
        var result: [UInt8] = []
        var depth = 1
        var index = cursor + 1
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"):
                guard index < bytes.endIndex else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case 0x0A: continue
                case 0x0D:
                    if index < bytes.endIndex, bytes[index] == 0x0A { index += 1 }
                case 0x30...0x37:
                    var value = Int(escaped - 0x30)
                    for _ in 0..<2 where index < bytes.endIndex && (0x30...0x37).contains(bytes[index]) {
                        value = value * 8 + Int(bytes[index] - 0x30)
                        index += 1
                    }
                    result.append(UInt8(truncatingIfNeeded: value))
                default: result.append(escaped)
                }
            case UInt8(ascii: "("):
                depth += 1
                result.append(byte)
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 {
                    cursor = index
                    return result
                }
                result.append(byte)
            default:
                result.append(byte)
            }
        }
        return nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// PDF text strings are UTF-16BE with a BOM, UTF-8 with a BOM (PDF
    /// 2.0), or PDFDocEncoding, which matches Latin-1 for the printable
    /// characters that titles use.
    static func decodeTextString(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0xFE, 0xFF]) {
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        return String(bytes.map { Character(Unicode.Scalar($0)) })
    }
}
