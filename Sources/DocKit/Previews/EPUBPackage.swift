import Foundation

/// An EPUB's package document, the OPF that `META-INF/container.xml`
/// names: the book's metadata, its manifest and its spine. Both XML
/// files are read by the archiver, one named entry at a time under a
/// byte cap.
struct EPUBPackage: Sendable {
    /// Why the package could not be read; `reason` completes a sentence about the book.
    struct Failure: Error, Hashable {
        var reason: String
    }

    private static let container = "urn:oasis:names:tc:opendocument:xmlns:container"
    private static let opf = "http://www.idpf.org/2007/opf"
    private static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let title = XMLTextExtractor.Name(dublinCore, "title")
    static let creator = XMLTextExtractor.Name(dublinCore, "creator")
    private static let item = XMLTextExtractor.Name(opf, "item")
    private static let meta = XMLTextExtractor.Name(opf, "meta")
    private static let itemref = XMLTextExtractor.Name(opf, "itemref")

    /// The package document's entry.
    var path: String
    /// What it says.
    var contents: XMLTextExtractor.Result

    /// Reads the container, then the package document it names.
    ///
    /// - Parameters:
    ///   - archive: The book's absolute path.
    ///   - tools: The archiver and its limits.
    ///   - maxBytes: The most bytes read of each XML file.
    /// - Throws: ``Failure`` when the archiver fails, either file is missing or not XML, or the container names no package.
    init(archive: String, tools: PreviewTools, maxBytes: Int) async throws(Failure) {
        let rootfile = XMLTextExtractor.Name(Self.container, "rootfile")
        let located = try await Self.read("META-INF/container.xml", of: archive, with: XMLTextExtractor(attributeElements: [rootfile]),
                                          tools: tools, maxBytes: maxBytes)
        guard let path = located.attributes[rootfile]?.first?["full-path"], !path.isEmpty else {
            throw Failure(reason: "META-INF/container.xml names no package document")
        }
        self.path = path
        contents = try await Self.read(path, of: archive, with: XMLTextExtractor(
            fieldElements: [Self.title, Self.creator], attributeElements: [Self.item, Self.meta, Self.itemref]), tools: tools, maxBytes: maxBytes)
    }

    private static func read(_ entry: String, of archive: String, with extractor: XMLTextExtractor, tools: PreviewTools,
                             maxBytes: Int) async throws(Failure) -> XMLTextExtractor.Result {
        let found: (bytes: [UInt8], isComplete: Bool)?
        do {
            found = try await tools.entry(entry, of: archive, maxBytes: maxBytes)
        } catch {
            throw Failure(reason: "\(error)")
        }
        guard let found else { throw Failure(reason: "it has no \(VisibleText.visible(Substring(entry)))") }
        do {
            return try extractor.extract(found.bytes)
        } catch {
            throw Failure(reason: error.reason)
        }
    }

    /// The manifest's items, each an attribute dictionary (`id`, `href`, `media-type`, `properties`).
    var items: [[String: String]] { contents.attributes[Self.item] ?? [] }

    /// The entry of the cover image: EPUB 3 marks it in the manifest,
    /// EPUB 2 names its id in a meta.
    var cover: String? {
        let coverID = contents.attributes[Self.meta]?.first { $0["name"] == "cover" }?["content"]
        let cover = items.first { ($0["properties"] ?? "").split(separator: " ").contains("cover-image") }
            ?? coverID.flatMap { id in items.first { $0["id"] == id } }
        return cover?["href"].map { Self.resolve($0, against: path) }
    }

    /// The entries of the book's XHTML documents in reading order: the
    /// spine's, each once.
    var chapters: [String] {
        var byID: [String: [String: String]] = [:]
        for item in items { if let id = item["id"], byID[id] == nil { byID[id] = item } }
        var seen: Set<String> = []
        return (contents.attributes[Self.itemref] ?? []).compactMap { reference in
            guard let item = reference["idref"].flatMap({ byID[$0] }), let href = item["href"],
                  ["application/xhtml+xml", "text/html"].contains(item["media-type"] ?? "") else { return nil }
            let entry = Self.resolve(href, against: path)
            return seen.insert(entry).inserted ? entry : nil
        }
    }

    /// An href of the package document as an entry name: relative to the
    /// package's folder, percent-escapes decoded, `..` taken back.
    static func resolve(_ href: String, against packagePath: String) -> String {
        var components = packagePath.split(separator: "/").dropLast().map(String.init)
        for component in (href.removingPercentEncoding ?? href).split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }
}
