import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The types of the freedesktop shared-mime-info database, read from its
/// source files (`mime/packages/*.xml`), as type declarations.
///
/// shared-mime-info names types by MIME type, so each becomes a declaration
/// whose identifier is decided later, when the registry knows which MIME
/// types the UTI declarations already tag (see ``TypeRegistry``).
public enum SharedMimeInfoDeclarations {
    /// One `<mime-type>` element.
    public struct MIMEType: Sendable, Hashable {
        public var name: String
        public var comment: String?
        public var aliases: [String]
        public var subClassOf: [String]
        /// Extension tags from `*.ext` globs, weighted. Globs of other
        /// shapes (`Makefile`, `*.[1-9]`) name files, not extensions.
        public var extensions: [TypeDeclaration.Tag]
        public var genericIcon: String?
    }

    public static func load(from url: URL) throws(MalformedFileError) -> [MIMEType] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw MalformedFileError(path: url.path, reason: "cannot be read")
        }
        let parser = XMLParser(data: withoutDocumentTypeDeclaration(data))
        let reader = Reader()
        parser.delegate = reader
        parser.shouldProcessNamespaces = true
        guard parser.parse() else {
            let line = parser.lineNumber
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            throw MalformedFileError(path: url.path, reason: "is not valid shared-mime-info XML (line \(line): \(reason))")
        }
        return reader.types
    }

    /// swift-corelibs-foundation's XMLParser crashes (a NULL strlen) on the
    /// `<!ATTLIST>` declarations of freedesktop.org.xml's internal DTD.
    /// The DTD only describes the format, so it is cut out before parsing.
    static func withoutDocumentTypeDeclaration(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        guard let start = bytes.firstRange(of: Array("<!DOCTYPE".utf8))?.lowerBound else { return data }
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth == 0:
                return Data(bytes[..<start] + bytes[(index + 1)...])
            default: break
            }
            index += 1
        }
        return data
    }

    static func extensionOfGlob(_ pattern: String) -> String? {
        guard pattern.hasPrefix("*.") else { return nil }
        let suffix = pattern.dropFirst(2)
        let metacharacters = Set("*?[]\\")
        guard !suffix.isEmpty, !suffix.contains(where: metacharacters.contains) else { return nil }
        return String(suffix)
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var types: [MIMEType] = []
        private var current: MIMEType?
        private var commentText: String?
        private var commentIsUntranslated = false

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch element {
            case "mime-type":
                guard let name = attributes["type"] else { return }
                current = MIMEType(name: name.lowercased(), aliases: [], subClassOf: [], extensions: [])
            case "comment":
                commentIsUntranslated = attributes["xml:lang"] == nil && attributes["lang"] == nil
                commentText = commentIsUntranslated ? "" : nil
            case "alias":
                if let type = attributes["type"] { current?.aliases.append(type.lowercased()) }
            case "sub-class-of":
                if let type = attributes["type"] { current?.subClassOf.append(type.lowercased()) }
            case "generic-icon":
                current?.genericIcon = attributes["name"]
            case "glob":
                // A case-sensitive glob (`*.C` for C++) would lose its
                // meaning once lower-cased, so it is not an extension tag.
                guard attributes["case-sensitive"] != "true",
                      let pattern = attributes["pattern"],
                      let ext = SharedMimeInfoDeclarations.extensionOfGlob(pattern)
                else { return }
                let weight = attributes["weight"].flatMap(Int.init) ?? 50
                current?.extensions.append(TypeDeclaration.Tag(.filenameExtension, ext, weight: weight))
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            commentText?.append(string)
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            switch element {
            case "comment":
                if commentIsUntranslated, current?.comment == nil {
                    current?.comment = commentText?.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                commentText = nil
            case "mime-type":
                if let current { types.append(current) }
                current = nil
            default:
                break
            }
        }
    }
}
