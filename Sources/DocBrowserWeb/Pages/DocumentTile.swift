import DocBrowserReports
import DocKit
import Foundation

/// One document as the browser page's listing shows it, in the grid and
/// in the list alike: its identity for the script, its kind's icon, its
/// size and date as the tables print them, and a badge for each state
/// with what the Files app would say of it (which engine is still writing
/// it, which app has it open).
struct DocumentTile {
    let values: [String: Any]

    init(_ document: Document, kind: String, registry: TypeRegistry, locks: LockDirectory, quietPeriod: QuietPeriod) {
        let states = document.stateList.filter { $0 != .normal }
        let folder = document.relativePath.description
        values = [
            "id": DocumentIdentifier.of(document),
            "name": document.name,
            "location": document.location.rawValue,
            "kind": kind,
            "icon": Self.icon(of: document, registry: registry),
            "isFolder": document.isFolder,
            "folderHref": "/?location=\(document.location.rawValue)&folder=\(BrowserPage.queryEscaped(folder))",
            "size": document.size,
            "sizeText": document.isFolder ? "--" : Formatting.size(document.size),
            "modified": Formatting.isoDate(document.modificationDate),
            "modifiedText": Formatting.date(document.modificationDate),
            "stateNames": states.map(\.rawValue).joined(separator: " "),
            // A thumbnail needs the bytes here and whole.
            "hasThumbnail": !document.isFolder && !states.contains(.notDownloaded) && !states.contains(.incomplete),
            "badges": states.map { Self.badge($0, of: document, locks: locks, quietPeriod: quietPeriod) },
        ]
    }

    private static func badge(_ state: DocumentState, of document: Document, locks: LockDirectory, quietPeriod: QuietPeriod) -> [String: Any] {
        var label: String
        var detail: String
        switch state {
        case .incomplete:
            let writer = incompleteWriter(of: document, quietPeriod: quietPeriod)
            label = writer.map { "Incomplete · \($0)" } ?? "Incomplete"
            detail = writer.map { "\($0) is still writing it" } ?? "A sync engine is still writing it"
        case .inConflict:
            (label, detail) = ("In Conflict", "A sync engine left other versions of it; resolve to keep one")
        case .notDownloaded:
            (label, detail) = ("Not Downloaded", "Only in the cloud so far")
        case .open:
            let holders = OpenDocumentRecord.holders(of: document.path, in: locks)
            label = holders.first.map { "Open · \($0.handlerIdentifier ?? $0.activity) · pid \($0.pid)" } ?? "Open"
            detail = holders.isEmpty ? "An app has it open" : holders.map { "\($0.description)" }.joined(separator: "; ")
        case .locked:
            (label, detail) = ("Busy", "docbrowser is changing it")
        case .normal:
            (label, detail) = ("", "")
        }
        return ["state": state.rawValue, "label": label, "detail": detail]
    }

    /// The engine that is still writing `document`, as a move would name
    /// it when refusing; nil when none is named.
    private static func incompleteWriter(of document: Document, quietPeriod: QuietPeriod) -> String? {
        SyncActivity.incompleteWriter(of: document, quietPeriod: quietPeriod)
    }

    /// The icon drawn for its kind (browser.css's `icon-*`), by
    /// conformance, so that a type the page has never heard of still gets
    /// its family's icon.
    static func icon(of document: Document, registry: TypeRegistry) -> String {
        if document.isFolder { return "folder" }
        if document.isPackage { return "package" }
        let families: [(String, String)] = [
            ("public.image", "image"), ("com.adobe.pdf", "pdf"), ("public.movie", "movie"), ("public.audio", "audio"),
            ("public.archive", "archive"), ("public.spreadsheet", "spreadsheet"), ("public.comma-separated-values-text", "spreadsheet"),
            ("public.text", "text"),
        ]
        return families.first { registry.conforms(document.type, to: $0.0) }?.1 ?? "generic"
    }
}
