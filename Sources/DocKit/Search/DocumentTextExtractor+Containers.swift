import Foundation

/// The documents whose text lies inside a container that must be parsed:
/// PDF by poppler's `pdftotext`, zips by the archiver, each a separate
/// process under the time limit; only their output, cut to a cap, is
/// read here.
extension DocumentTextExtractor {
    /// A book's chapters read at most: one archiver run each.
    static let maxChapters = 1000

    func pdfText(at path: RawPath) async throws(Refusal) -> String {
        let head = try head(of: path, count: 1024)
        guard PDFPreviewer.version(in: head) != nil else { throw Refusal(reason: "it has no %PDF- header") }
        let output: (bytes: [UInt8], isComplete: Bool)
        do {
            output = try await tools.runKeepingHead("pdftotext", ["-enc", "UTF-8", PluginPreviewer.absolute(path).description, "-"], maxBytes: maxBytes)
        } catch {
            throw Refusal(error)
        }
        let bytes = output.isComplete || output.bytes.isEmpty ? output.bytes : TextDecoding.dropIncompleteUTF8Tail(output.bytes)
        // pdftotext ends each page with a form feed.
        return String(decoding: bytes, as: UTF8.self).replacing("\u{0C}", with: "\n")
    }

    /// OpenDocument's content.xml; Office Open XML's document, slides
    /// and shared strings; iWork '09's index.xml. Later iWork keeps its
    /// text in a binary form docbrowser does not read: nil.
    func officeText(in archive: String) async throws(Refusal) -> String? {
        let names: [String]
        do {
            names = try await tools.entryNames(of: archive, limit: OfficeDocumentPreviewer.maxEntries)
        } catch {
            throw Refusal(reason: error.description)
        }
        let entries = Set(names)
        let parts: [OfficeTextPart]
        if entries.contains("content.xml") {
            parts = [.openDocument(maxParagraphs: .max, maxCharacters: maxBytes)]
        } else if entries.contains("[Content_Types].xml") {
            parts = OfficeTextPart.officeOpenXML(names, maxParagraphs: .max, maxCharacters: maxBytes)
        } else if let entry = OfficeTextPart.iWorkXMLEntries.first(where: entries.contains) {
            parts = [.iWorkXML(entry, maxParagraphs: .max, maxCharacters: maxBytes)]
        } else if entries.contains("Index.zip") || names.contains(where: { $0.hasPrefix("Index/") }) {
            return nil
        } else {
            throw Refusal(reason: "it holds neither OpenDocument, Office Open XML nor iWork parts")
        }
        var text = ""
        for part in parts where text.utf8.count < maxBytes {
            guard let bytes = try await entry(part.entry, of: archive) else { continue }
            let result: XMLTextExtractor.Result
            do {
                result = try part.extractor.extract(bytes)
            } catch {
                throw Refusal(reason: "\(part.entry) was not read: \(error.reason)")
            }
            if !text.isEmpty { text += "\n" }
            text += result.paragraphs.joined(separator: "\n")
        }
        return text
    }

    /// An EPUB's XHTML documents, in the spine's order.
    func bookText(in archive: String) async throws(Refusal) -> String {
        let package: EPUBPackage
        do {
            package = try await EPUBPackage(archive: archive, tools: tools, maxBytes: maxSourceBytes)
        } catch {
            throw Refusal(reason: error.reason)
        }
        var text = ""
        for chapter in package.chapters.prefix(Self.maxChapters) where text.utf8.count < maxBytes {
            guard let bytes = try await entry(chapter, of: archive) else { continue }
            guard let decoded = TextDecoding.decode(bytes, isComplete: true) else {
                throw Refusal(reason: "\(VisibleText.visible(Substring(chapter))) is not text")
            }
            let chapterText = HTMLText.text(decoded.text, maxBytes: maxBytes)
            guard !chapterText.isEmpty else { continue }
            if !text.isEmpty { text += "\n" }
            text += chapterText
        }
        return text
    }

    /// An iWork '09 package's XML, as it is or gzipped (which `gzip`
    /// inflates, a process under the time limit); nil for a package of
    /// later iWork, whose text is in a binary form.
    func iWorkPackageText(at package: RawPath) async throws(Refusal) -> String? {
        for name in OfficeTextPart.iWorkXMLEntries {
            let part = OfficeTextPart.iWorkXML(name, maxParagraphs: .max, maxCharacters: maxBytes)
            let plain = package.appending(name)
            let compressed = package.appending(name + ".gz")
            let bytes: [UInt8]
            if Self.isRegularFile(plain) {
                bytes = try head(of: plain, count: maxSourceBytes + 1)
                guard bytes.count <= maxSourceBytes else { throw Refusal(reason: "\(name) is larger than \(maxSourceBytes) bytes") }
            } else if Self.isRegularFile(compressed) {
                let output: (bytes: [UInt8], isComplete: Bool)
                do {
                    output = try await tools.runKeepingHead("gzip", ["-dc", "--", PluginPreviewer.absolute(compressed).description], maxBytes: maxSourceBytes)
                } catch {
                    throw Refusal(error)
                }
                guard output.isComplete else { throw Refusal(reason: "\(name).gz inflates to more than \(maxSourceBytes) bytes") }
                bytes = output.bytes
            } else {
                continue
            }
            do {
                return try part.extractor.extract(bytes).paragraphs.joined(separator: "\n")
            } catch {
                throw Refusal(reason: "\(name) was not read: \(error.reason)")
            }
        }
        return nil
    }

    /// One entry, whole, as the archiver inflates it; nil when there is
    /// none of that name. An entry that inflates past ``maxSourceBytes``
    /// refuses the document: cut XML is no part to trust, and a bomb is
    /// what usually does it.
    private func entry(_ name: String, of archive: String) async throws(Refusal) -> [UInt8]? {
        let found: (bytes: [UInt8], isComplete: Bool)?
        do {
            found = try await tools.entry(name, of: archive, maxBytes: maxSourceBytes)
        } catch {
            throw Refusal(error)
        }
        guard let found else { return nil }
        guard found.isComplete else {
            throw Refusal(reason: "\(VisibleText.visible(Substring(name))) inflates to more than \(maxSourceBytes) bytes")
        }
        return found.bytes
    }

    private static func isRegularFile(_ path: RawPath) -> Bool {
        (try? FileStatus.of(path))??.kind == .regular
    }
}
