import Foundation

/// JSON and property lists, by their keys and string values
/// (``StructuredText``), decoded here from a bounded read of the file.
extension DocumentTextExtractor {
    /// A document too large to decode whole, or not valid after all, is
    /// read as the text it is: a JSON file's words are in its text too,
    /// and an XML property list's between its tags. A binary property list
    /// that cannot be decoded has no words to read.
    func structuredText(at path: RawPath, isPropertyList: Bool) throws(Refusal) -> String {
        let bytes = try head(of: path, count: maxSourceBytes + 1)
        let isBinary = bytes.starts(with: BinaryPropertyListCheck.magic)
        if bytes.count <= maxSourceBytes {
            let data = Data(bytes)
            if isPropertyList {
                if isBinary || Self.xmlDepth(of: bytes) <= Self.maxDepth {
                    do {
                        return StructuredText.text(of: try PropertyListDecoding.object(from: data), maxBytes: maxBytes)
                    } catch {
                        if isBinary { throw Refusal(reason: String(error.reason.trimmingPrefix("is "))) }
                    }
                }
            } else if Self.jsonDepth(of: bytes) <= Self.maxDepth, let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
                return StructuredText.text(of: value, maxBytes: maxBytes)
            }
        } else if isBinary {
            throw Refusal(reason: "it is larger than \(maxSourceBytes) bytes")
        }
        let text = try decoded(Array(bytes.prefix(maxSourceBytes)), count: maxSourceBytes)
        return isPropertyList ? HTMLText.text(text, maxBytes: maxBytes) : text
    }

    /// Deeper than this, a text property list or JSON is read as text:
    /// Foundation's parsers descend one call per level.
    static let maxDepth = 256

    /// How deeply the elements of XML nest, by one pass over its tags.
    static func xmlDepth(of bytes: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.endIndex
            let next = open + 1 < bytes.endIndex ? bytes[open + 1] : 0
            if next == UInt8(ascii: "/") {
                depth -= 1
            } else if next != UInt8(ascii: "?"), next != UInt8(ascii: "!"), bytes[close - 1] != UInt8(ascii: "/") {
                depth += 1
                deepest = max(deepest, depth)
            }
            guard close < bytes.endIndex else { break }
            index = close + 1
        }
        return deepest
    }

    /// How deeply the arrays and objects of JSON nest, strings skipped.
    static func jsonDepth(of bytes: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}
