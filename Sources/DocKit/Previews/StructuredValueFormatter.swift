import Foundation

/// Pretty-prints a decoded JSON value or property list as indented
/// JSON-like lines, collapsing what lies deeper than `maxDepth` into a
/// count (`{…3 keys}`) and stopping after `maxLines`, while counting the
/// lines a full listing would have.
struct StructuredValueFormatter {
    var maxDepth: Int
    var maxLines: Int
    var lineWidth: Int

    struct Result {
        var lines: [String]
        var totalLines: Int
        var collapsedContainers: Int
        var cutLines: Int
    }

    func format(_ value: Any) -> Result {
        var result = Result(lines: [], totalLines: 0, collapsedContainers: 0, cutLines: 0)
        emit(value, prefix: "", suffix: "", depth: 0, into: &result)
        return result
    }

    private func append(_ line: String, depth: Int, into result: inout Result) {
        result.totalLines += 1
        guard result.lines.count < maxLines else { return }
        let (text, wasCut) = VisibleText.cut(String(repeating: "  ", count: depth) + line, to: lineWidth)
        if wasCut { result.cutLines += 1 }
        result.lines.append(text)
    }

    private func emit(_ value: Any, prefix: String, suffix: String, depth: Int, into result: inout Result) {
        if let dictionary = value as? [String: Any] {
            if dictionary.isEmpty { return append(prefix + "{}" + suffix, depth: depth, into: &result) }
            if depth >= maxDepth {
                result.collapsedContainers += 1
                return append(prefix + "{…\(count(dictionary.count, "key"))}" + suffix, depth: depth, into: &result)
            }
            append(prefix + "{", depth: depth, into: &result)
            let keys = dictionary.keys.sorted()
            for (index, key) in keys.enumerated() {
                emit(dictionary[key]!, prefix: Self.quoted(key) + ": ", suffix: index == keys.count - 1 ? "" : ",", depth: depth + 1, into: &result)
            }
            append("}" + suffix, depth: depth, into: &result)
        } else if let array = value as? [Any] {
            if array.isEmpty { return append(prefix + "[]" + suffix, depth: depth, into: &result) }
            if depth >= maxDepth {
                result.collapsedContainers += 1
                return append(prefix + "[…\(count(array.count, "item"))]" + suffix, depth: depth, into: &result)
            }
            append(prefix + "[", depth: depth, into: &result)
            for (index, element) in array.enumerated() {
                emit(element, prefix: "", suffix: index == array.count - 1 ? "" : ",", depth: depth + 1, into: &result)
            }
            append("]" + suffix, depth: depth, into: &result)
        } else {
            append(prefix + Self.scalar(value) + suffix, depth: depth, into: &result)
        }
    }

    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    private static func bytes(count: Int, first: some Sequence<UInt8>) -> String {
        let shown = first.map { String(format: "%02x", $0) }.joined()
        return "<\(count) bytes: \(shown)\(count > 16 ? "…" : "")>"
    }

    static func scalar(_ value: Any) -> String {
        switch value {
        case let string as String: return quoted(string)
        case let date as Date: return date.formatted(Date.ISO8601FormatStyle())
        case let data as Data:
            return bytes(count: data.count, first: data.prefix(16))
        case let archived as ArchivedBytes:
            return bytes(count: archived.bytes.count, first: archived.bytes.prefix(16))
        case is NSNull: return "null"
        case let number as NSNumber:
            if isBoolean(value) { return number.boolValue ? "true" : "false" }
            return number.stringValue
        default: return String(describing: value)
        }
    }

    /// Both decoders hand out booleans as NSNumbers; only their
    /// Objective-C type code tells them from the integers 0 and 1.
    static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// JSON string syntax, which also makes every control character
    /// visible as an escape.
    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value):
                result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension Preview {
    /// The common tail of the structured previewers: the lines, and notes
    /// on what the limits left out.
    mutating func addFormatted(_ formatted: StructuredValueFormatter.Result, options: PreviewOptions) {
        text = formatted.lines
        if formatted.totalLines > formatted.lines.count {
            notes.append("showing the first \(formatted.lines.count) of \(formatted.totalLines) lines")
        }
        if formatted.collapsedContainers > 0 {
            notes.append("\(formatted.collapsedContainers) \(formatted.collapsedContainers == 1 ? "container" : "containers") deeper than \(options.maxDepth) levels collapsed")
        }
        if formatted.cutLines > 0 {
            notes.append("\(formatted.cutLines) \(formatted.cutLines == 1 ? "line was" : "lines were") cut at \(options.lineWidth) columns (…)")
        }
    }

    /// `object with 3 keys`, `array of 12 items`, `string`.
    static func describeRoot(_ value: Any) -> String {
        if let dictionary = value as? [String: Any] { return "dictionary of \(dictionary.count) \(dictionary.count == 1 ? "key" : "keys")" }
        if let array = value as? [Any] { return "array of \(array.count) \(array.count == 1 ? "item" : "items")" }
        if StructuredValueFormatter.isBoolean(value) { return "boolean" }
        switch value {
        case is String: return "string"
        case is NSNumber: return "number"
        case is Date: return "date"
        case is Data, is ArchivedBytes: return "data"
        default: return "null"
        }
    }
}
