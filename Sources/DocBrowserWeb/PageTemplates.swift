import DocKit
import Foundation
import Mustache

/// The mustache templates of share/docbrowser/web/templates/, read once
/// at start from the installation, never from the source tree.
struct PageTemplates: Sendable {
    let webDirectory: URL
    let library: MustacheLibrary

    init(installation: Installation) throws {
        webDirectory = installation.shareDirectory.appending(path: "web", directoryHint: .isDirectory)
        let templates = webDirectory.appending(path: "templates", directoryHint: .isDirectory)
        var library = MustacheLibrary()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: templates.path)) ?? []
        for name in names where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: templates.appending(path: name), encoding: .utf8)
            try library.register(text, named: String(name.dropLast(".mustache".count)))
        }
        self.library = library
    }

    /// `name` rendered with `values`; nil when there is no such template.
    func render(_ name: String, _ values: [String: Any]) -> String? {
        library.render(values, withTemplate: name)
    }
}
