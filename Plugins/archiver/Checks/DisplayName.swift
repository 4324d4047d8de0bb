import Foundation

/// Paths and entry names are bytes; JSON wants text. Valid UTF-8 is kept
/// as it is and any other byte shown as `\xHH`, as docbrowser shows names.
package func displayName(_ bytes: [UInt8]) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var result = ""
    var index = 0
    while index < bytes.count {
        var matched = false
        for length in 1...4 where index + length <= bytes.count {
            if let character = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
                result += character
                index += length
                matched = true
                break
            }
        }
        if !matched {
            result += String(format: "\\x%02X", bytes[index])
            index += 1
        }
    }
    return result
}
