import Foundation
@testable import DocKit
import Testing

@Suite("utf8Equals: a string's UTF-8 compared with bytes as memory, as utf8.elementsEqual compares it")
struct StringUTF8BytesTests {
    static let strings = [
        "", "a", "Note 00001.txt", "Note 00001.txt.", "Note 00001.tx", "a name longer than fifteen bytes.pdf",
        "a name longer than fifteen bytes.pd", "Café.txt", "Cafe\u{301}.txt", "日本語.txt", "\u{0}x",
        // Bridged from Foundation, not native until asked.
        NSString(string: "Bridged name.txt") as String,
    ]

    @Test(arguments: strings)
    func equalityAndPrefixesAgreeWithElementByElement(_ string: String) {
        for other in Self.strings {
            let bytes = Array(other.utf8)
            bytes.withUnsafeBytes { bytes in
                #expect(string.utf8Equals(bytes) == string.utf8.elementsEqual(other.utf8), "\(string) = \(other)")
                #expect(string.utf8Equals(bytes, asPrefix: true) == string.utf8.starts(with: other.utf8), "\(string) begins with \(other)")
            }
            #expect(string.utf8HasPrefix(other) == string.utf8.starts(with: other.utf8), "\(string) begins with \(other)")
        }
    }
}
