@testable import DocKit
import Foundation
import Testing

/// Build settings an Info.plist may still hold where its identifier should be.
@Suite("HandlerIdentifierDerivation.isPlaceholder")
struct HandlerIdentifierPlaceholderTests {
    @Test(arguments: [
        "$(PRODUCT_BUNDLE_IDENTIFIER)", "org.example.$(PRODUCT_NAME:rfc1034identifier)", "${BUNDLE_ID}",
        "%APP_ID%", "org.%X%", "%%_a1%", "100%%NAME%", "%a%b",
    ])
    func placeholders(_ value: String) {
        #expect(HandlerIdentifierDerivation.isPlaceholder(value))
    }

    @Test(arguments: ["org.example.app", "100% sure", "%1A%", "%%", "% A%", "%a b%", "a%", "$ (X)", ""])
    func notPlaceholders(_ value: String) {
        #expect(!HandlerIdentifierDerivation.isPlaceholder(value))
    }

    @Test("the same answers as the regular expression it replaced, for every short string of its characters")
    func agreesWithTheRegularExpression() {
        let alphabet: [Character] = ["%", "a", "_", "1", " "]
        var strings = [""]
        for _ in 0..<5 { strings = strings + strings.flatMap { prefix in alphabet.map { prefix + String($0) } } }
        for value in Set(strings) {
            let byExpression = value.range(of: #"%[A-Za-z_][A-Za-z0-9_]*%"#, options: .regularExpression) != nil
            #expect(HandlerIdentifierDerivation.isPlaceholder(value) == byExpression, "\(value)")
        }
    }
}
