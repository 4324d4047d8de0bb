/// An XML part of an office document that holds its text, and how its
/// paragraphs are marked. The preview reads the first part for its first
/// lines; search reads every part for all the words.
struct OfficeTextPart: Sendable {
    /// The part's entry in the zip or package.
    var entry: String
    /// The reader of its paragraphs.
    var extractor: XMLTextExtractor

    static let odfText = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
    static let wordML = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    static let drawingML = "http://schemas.openxmlformats.org/drawingml/2006/main"
    static let spreadsheetML = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    static let iWorkSF = "http://developer.apple.com/namespaces/sf"

    /// The entries iWork '09 kept its document in, as XML; later iWork
    /// writes a compressed binary form (`Index/*.iwa`) instead.
    static let iWorkXMLEntries = ["index.xml", "index.apxl"]

    /// An OpenDocument's body: headings and paragraphs of text, slides and cells alike.
    static func openDocument(maxParagraphs: Int, maxCharacters: Int = 1024) -> OfficeTextPart {
        OfficeTextPart(entry: "content.xml", extractor: XMLTextExtractor(
            paragraphElements: [.init(odfText, "p"), .init(odfText, "h")],
            spaceElements: [.init(odfText, "s"), .init(odfText, "tab"), .init(odfText, "line-break")],
            maxParagraphs: maxParagraphs, maxCharacters: maxCharacters))
    }

    /// The parts of an Office Open XML file that hold text, in reading
    /// order: the Word document, the slides by number, the spreadsheet's
    /// shared strings.
    ///
    /// - Parameters:
    ///   - names: The zip's entry names.
    ///   - maxParagraphs: The paragraphs read from each part.
    ///   - maxCharacters: The longest paragraph kept.
    static func officeOpenXML(_ names: [String], maxParagraphs: Int, maxCharacters: Int = 1024) -> [OfficeTextPart] {
        let entries = Set(names)
        var parts: [OfficeTextPart] = []
        if entries.contains("word/document.xml") {
            parts.append(OfficeTextPart(entry: "word/document.xml", extractor: XMLTextExtractor(
                paragraphElements: [.init(wordML, "p")], textElements: [.init(wordML, "t")],
                spaceElements: [.init(wordML, "tab"), .init(wordML, "br")], maxParagraphs: maxParagraphs, maxCharacters: maxCharacters)))
        }
        let slides = names.compactMap { name -> (number: Int, name: String)? in
            guard name.hasPrefix("ppt/slides/slide"), name.hasSuffix(".xml"),
                  let number = Int(name.dropFirst("ppt/slides/slide".count).dropLast(".xml".count)) else { return nil }
            return (number, name)
        }
        for slide in slides.sorted(by: { $0.number < $1.number }) {
            parts.append(OfficeTextPart(entry: slide.name, extractor: XMLTextExtractor(
                paragraphElements: [.init(drawingML, "p")], textElements: [.init(drawingML, "t")],
                spaceElements: [.init(drawingML, "br")], maxParagraphs: maxParagraphs, maxCharacters: maxCharacters)))
        }
        if entries.contains("xl/sharedStrings.xml") {
            parts.append(OfficeTextPart(entry: "xl/sharedStrings.xml", extractor: XMLTextExtractor(
                paragraphElements: [.init(spreadsheetML, "si")], textElements: [.init(spreadsheetML, "t")],
                maxParagraphs: maxParagraphs, maxCharacters: maxCharacters)))
        }
        return parts
    }

    /// An iWork '09 document's XML: its text is the character data, in `sf:p` paragraphs.
    static func iWorkXML(_ entry: String, maxParagraphs: Int, maxCharacters: Int = 1024) -> OfficeTextPart {
        OfficeTextPart(entry: entry, extractor: XMLTextExtractor(
            paragraphElements: [.init(iWorkSF, "p")], spaceElements: [.init(iWorkSF, "tab"), .init(iWorkSF, "br"), .init(iWorkSF, "lnbr")],
            maxParagraphs: maxParagraphs, maxCharacters: maxCharacters))
    }
}
