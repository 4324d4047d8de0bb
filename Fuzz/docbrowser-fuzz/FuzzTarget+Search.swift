import DocKit
import Foundation

extension FuzzTarget {
    /// Search reads the words of documents a sync engine or an import
    /// brought in; the readers that run in docbrowser's own process get
    /// any bytes, as text and as RTF.
    static let searchTargets = [
        FuzzTarget(name: "text-readers", summary: "a document's words, read as RTF, HTML and Markdown") { input, _ in
            _ = RTFText.text(input, maxBytes: 1 << 16)
            let text = String(decoding: input, as: UTF8.self)
            _ = HTMLText.text(text, maxBytes: 1 << 16)
            _ = MarkdownText.text(text)
        },
    ]
}
