import Foundation

/// Identifiers for tags that no declaration claims, encoded the way
/// LaunchServices encodes them, so that a `dyn.` identifier seen on a Mac
/// names the same type here.
///
/// The payload is a small key-value string, `?0=6:1=sql` for "conforms to
/// public.data, filename extension sql", written in base32 with the
/// alphabet below, after the version letter `a`.
enum DynamicTypeIdentifier {
    /// What every dynamic identifier starts with; ``UTType/isDynamic`` tests for it.
    public static let prefix = "dyn."
    static let version: Character = "a"
    static let alphabet = Array("abcdefghkmnpqrstuvwxyz0123456789")

    /// LaunchServices' one-character codes for tag classes and parents.
    static let codes: [String: Character] = [
        "UTTypeConformsTo": "0",
        TypeTagClass.filenameExtension.rawValue: "1",
        TypeTagClass.mimeType.rawValue: "3",
        UTType.data: "6",
        UTType.text: "7",
        UTType.plainText: "8",
        UTType.image: "B",
        "public.video": "C",
        UTType.audio: "D",
        UTType.directory: "E",
        UTType.folder: "F",
    ]

    /// The identifier LaunchServices would give an undeclared tag.
    ///
    /// - Parameters:
    ///   - tagClass: Extension or MIME type.
    ///   - tag: The tag, normalized for its class before encoding.
    ///   - parent: The type it conforms to; `public.data` by default.
    /// - Returns: A `dyn.a…` identifier, the same for the same inputs on every machine.
    public static func make(tagClass: TypeTagClass, tag: String, conformingTo parent: String = UTType.data) -> String {
        let parentField = codes[parent].map(String.init) ?? parent
        let classField = codes[tagClass.rawValue].map(String.init) ?? tagClass.rawValue
        let payload = "?0=\(parentField):\(classField)=\(tagClass.normalized(tag))"
        return prefix + String(version) + base32(Array(payload.utf8))
    }

    /// The tag class, tag and parent a dynamic identifier encodes, or nil
    /// when the identifier is not one.
    public static func decode(_ identifier: String) -> (tagClass: TypeTagClass, tag: String, conformsTo: String)? {
        guard identifier.hasPrefix(prefix + String(version)),
              let bytes = base32Decode(identifier.dropFirst(prefix.count + 1)),
              let payload = String(bytes: bytes, encoding: .utf8),
              payload.hasPrefix("?")
        else { return nil }
        var fields: [String: String] = [:]
        for field in payload.dropFirst().split(separator: ":") {
            let pair = field.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            fields[expand(String(pair[0]))] = String(pair[1])
        }
        let parent = fields["UTTypeConformsTo"].map(expand) ?? UTType.data
        for tagClass in TypeTagClass.allCases {
            if let tag = fields[tagClass.rawValue] { return (tagClass, tag, parent) }
        }
        return nil
    }

    private static func expand(_ field: String) -> String {
        guard field.count == 1 else { return field }
        return codes.first { $0.value == field.first }?.key ?? field
    }

    private static func base32(_ bytes: [UInt8]) -> String {
        var output = ""
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                output.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
            }
        }
        if bits > 0 {
            output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)])
        }
        return output
    }

    private static func base32Decode(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for character in text {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return bytes
    }
}
