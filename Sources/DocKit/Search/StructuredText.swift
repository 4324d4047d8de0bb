import Foundation

/// The words of a JSON document or property list: its keys and string
/// values, one a line, a dictionary's keys in sorted order (neither
/// decoder keeps theirs). Numbers, dates and data are no words. The value
/// is walked with a stack of its own, however deep it nests.
enum StructuredText {
    /// The keys and strings of a decoded value.
    ///
    /// - Parameters:
    ///   - root: What `JSONSerialization` or `PropertyListSerialization` decoded.
    ///   - maxBytes: The walk stops once the text is this long; the caller cuts it exactly.
    /// - Returns: The text.
    static func text(of root: Any, maxBytes: Int) -> String {
        var lines: [String] = []
        var length = 0
        var pending: [Any] = [root]
        while let value = pending.popLast(), length < maxBytes {
            if let string = value as? String {
                guard !string.isEmpty else { continue }
                lines.append(string)
                length += string.utf8.count + 1
            } else if let dictionary = value as? [String: Any] {
                // Pushed in reverse, so that they come off in order.
                for key in dictionary.keys.sorted().reversed() {
                    pending.append(dictionary[key]!)
                    pending.append(key)
                }
            } else if let array = value as? [Any] {
                pending.append(contentsOf: array.reversed())
            }
        }
        return lines.joined(separator: "\n")
    }
}
