import DocKit
import Foundation
import Mustache

/// The mustache templates of share/docbrowser/web/templates/, read once
/// at start from the installation, never from the source tree.
struct PageTemplates: Sendable {
    let webDirectory: URL
    let library: MustacheLibrary

    init(installation: Installation) throws {
        guard let webDirectory = installation.webDirectory() else { throw MissingWebPages.error }
        self.webDirectory = webDirectory
        let templates = webDirectory.appending(path: "templates", directoryHint: .isDirectory)
        MustacheContentTypes.register(ScalarHTMLEscaping(), named: ScalarHTMLEscaping.name)
        var library = MustacheLibrary()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: templates.path)) ?? []
        for name in names where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: templates.appending(path: name), encoding: .utf8)
            // Every template escapes as ScalarHTMLEscaping does, whatever it says.
            try library.register("{{% CONTENT_TYPE: \(ScalarHTMLEscaping.name)}}" + text, named: String(name.dropLast(".mustache".count)))
        }
        self.library = library
    }

    /// `name` rendered with `values`; nil when there is no such template.
    func render(_ name: String, _ values: [String: Any]) -> String? {
        library.render(values, withTemplate: name)
    }
}

/// HTML escaping by Unicode scalar. swift-mustache's own escapes a Swift
/// Character at a time, and a quote followed by a combining mark is one
/// Character that is not `"`: a document named `a"́ onmouseover=…` ended the
/// attribute it was written into and added one of its own.
struct ScalarHTMLEscaping: MustacheContentType {
    static let name = "HTML_BY_SCALAR"

    func escapeText(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
