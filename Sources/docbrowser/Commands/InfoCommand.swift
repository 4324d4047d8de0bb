import ArgumentParser
import DocBrowserReports
import DocKit
import Foundation

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a document's type and conformances, size, dates, location, states, the handlers that open it and its versions; for a package, what is inside."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A path, or a name as 'list' shows it (local:NAME or cloud:NAME when both have one).", completion: DocumentNameCompletion.kind)
    var document: String

    struct Report: Encodable {
        /// Its qualified name, as `document` is everywhere.
        var document: String
        /// The document as `list` prints it.
        var listing: DocumentReport
        var typeDescription: String?
        var conformances: [String]
        var filenameExtensions: [String]
        var mimeTypes: [String]
        var created: String?
        /// Where a symbolic link points, as `linkTarget` says in a preview.
        var linkTarget: String?
        /// Every handler that claims the type, best first, as `handlers DOC` ranks them.
        var handlers: [CandidateReport]
        var package: PackageSummary?
        var versions: VersionReport.All?
    }

    func run() throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let document = try catalog.resolve(self.document)
        let registry = catalog.registry
        let defaults = try context.handlerDefaults()
        // Only the apps that can open this type are read: a desktop has
        // hundreds.
        let handlers = context.reportingProblems(of: context.library.handlers(forType: document.type, registry: registry, defaults: defaults))
        let type = registry.type(withIdentifier: document.type)
        let created = FileSystem.creationDate(of: document.path)
        var report = Report(
            document: document.qualifiedName,
            listing: DocumentReport(document, registry: registry),
            typeDescription: type?.description,
            conformances: Array(registry.conformanceChain(of: document.type).dropFirst()),
            filenameExtensions: type?.filenameExtensions ?? [],
            mimeTypes: type?.mimeTypes ?? [],
            created: created.map(Formatting.isoDate),
            linkTarget: document.isSymbolicLink ? FileSystem.symbolicLinkTarget(of: document.path)?.description : nil,
            handlers: handlers.candidates(forType: document.type, registry: registry, defaults: defaults).map(CandidateReport.init),
            package: document.isPackage && !document.states.contains(.notDownloaded) ? try PackageSummary.summarize(document, registry: registry) : nil
        )
        let versions = document.states.contains(.inConflict) ? try catalog.versions(of: document) : nil
        report.versions = versions.map(VersionReport.All.init)
        try context.output.result(report) { text in
            text.line(Self.render(report, of: document, created: created, versions: versions))
        }
    }

    private static func render(_ report: Report, of document: Document, created: Date?, versions: DocumentVersions?) -> String {
        var lines = [Terminal.bold(document.listedName)]
        func field(_ label: String, _ value: String) {
            lines.append("  " + (label + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + value)
        }
        field("kind", report.listing.kind + (document.typeWasGuessed ? " (guessed from the content)" : ""))
        field("type", document.type)
        field("conforms to", report.conformances.joined(separator: " → "))
        if !report.filenameExtensions.isEmpty { field("extensions", report.filenameExtensions.map { "." + $0 }.joined(separator: " ")) }
        if !report.mimeTypes.isEmpty { field("MIME types", report.mimeTypes.joined(separator: " ")) }
        field("size", "\(Formatting.size(document.size)) (\(document.size) bytes)")
        if let created { field("created", Formatting.date(created)) }
        field("modified", Formatting.date(document.modificationDate))
        if let target = report.linkTarget { field("link to", target) }
        field("location", document.location.rawValue)
        field("path", document.path.description)
        field("state", document.stateList.map(\.rawValue).joined(separator: ", "))
        let openers = report.handlers.filter(\.opens)
        field("opens with", openers.isEmpty ? "no handler; 'open --with ID' can still use one" : openers[0].identifier + " (\(openers[0].why))")
        for (index, other) in openers.dropFirst().enumerated() {
            lines.append("  " + String(repeating: " ", count: 14) + "\(index + 2). \(other.identifier) (\(other.why))")
        }
        if let package = report.package {
            field("package", "\(package.entryCount) \(package.entryCount == 1 ? "item" : "items") inside")
            let types = package.typeCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            field("types inside", types.prefix(8).map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
            if let path = package.infoPlistPath {
                field("Info.plist", path)
                for key in package.infoPlist.keys.sorted() {
                    lines.append("      \(key) = \(package.infoPlist[key]!)")
                }
            }
        }
        if let versions {
            field("versions", "\(versions.unresolvedConflicts.count) in conflict")
            lines += VersionReport.lines(versions).map { "    " + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
