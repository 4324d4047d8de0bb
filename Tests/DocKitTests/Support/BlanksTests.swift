@testable import DocKit
import Testing

@Suite("trimmingBlanks: spaces and tabs at the ends, as desktop entries mean whitespace")
struct BlanksTests {
    @Test(arguments: [
        ("  Exec = feh %f \t", "Exec = feh %f"), ("\t\t", ""), ("", ""), ("x", "x"), (" é ", "é"),
        ("\u{00A0}kept\u{00A0}", "\u{00A0}kept\u{00A0}"), ("a \t b", "a \t b"), ("line\r", "line\r"),
    ])
    func trims(_ text: String, _ trimmed: String) {
        #expect(String(text.trimmingBlanks) == trimmed)
        #expect(String(text[...].trimmingBlanks) == trimmed, "a substring alike")
    }
}
