extension DocumentReport {
    /// Appends to `out` the bytes `Output.encoder(pretty: true)` gives this
    /// report, each line indented as an element of an array: JSONEncoder,
    /// through its boxes and its key sorting, was most of the time of
    /// `list --json` over 100,000 documents. Appends nothing and returns
    /// `false` when the report has versions, which are left to JSONEncoder.
    public func appendPrettyJSONElement(to out: inout [UInt8]) -> Bool {
        guard conflicts == nil else { return false }
        out.appendUTF8(of: "{\n")
        // In the order `.sortedKeys` puts them.
        Self.member("displayName", string: displayName, into: &out)
        Self.member("id", string: id, into: &out)
        Self.member("isFolder", literal: isFolder ? "true" : "false", into: &out)
        Self.member("isPackage", literal: isPackage ? "true" : "false", into: &out)
        Self.member("isSymbolicLink", literal: isSymbolicLink ? "true" : "false", into: &out)
        Self.member("kind", string: kind, into: &out)
        Self.member("location", string: location, into: &out)
        Self.member("modified", string: modified, into: &out)
        Self.member("name", string: name, into: &out)
        Self.member("path", string: path, into: &out)
        Self.member("relativePath", string: relativePath, into: &out)
        Self.member("size", literal: String(size), into: &out)
        out.appendUTF8(of: "    \"states\" : [")
        if states.isEmpty {
            // JSONEncoder leaves an empty line in an empty array.
            out.appendUTF8(of: "\n\n    ],\n")
        } else {
            for (index, state) in states.enumerated() {
                out.appendUTF8(of: index == 0 ? "\n      " : ",\n      ")
                Self.quoted(state, into: &out)
            }
            out.appendUTF8(of: "\n    ],\n")
        }
        Self.member("type", string: type, into: &out)
        out.appendUTF8(of: "    \"typeWasGuessed\" : ")
        out.appendUTF8(of: typeWasGuessed ? "true" : "false")
        out.appendUTF8(of: "\n  }")
        return true
    }

    private static func member(_ key: String, string value: String, into out: inout [UInt8]) {
        writeKey(key, into: &out)
        quoted(value, into: &out)
        out.appendUTF8(of: ",\n")
    }

    private static func member(_ key: String, literal value: String, into out: inout [UInt8]) {
        writeKey(key, into: &out)
        out.appendUTF8(of: value)
        out.appendUTF8(of: ",\n")
    }

    private static func writeKey(_ key: String, into out: inout [UInt8]) {
        out.appendUTF8(of: "    \"")
        out.appendUTF8(of: key)
        out.appendUTF8(of: "\" : ")
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// As JSONEncoder escapes a string with `.withoutEscapingSlashes`:
    /// the quote, the backslash and C0 controls only, five of them by
    /// their short forms.
    private static func quoted(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Nearly every string has nothing to escape: copied whole, not a
        // byte at a time.
        if !out.appendUTF8(of: text, ifEvery: { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
                case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
                case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0x00..<0x20:
                    out.appendUTF8(of: "\\u00")
                    out += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
