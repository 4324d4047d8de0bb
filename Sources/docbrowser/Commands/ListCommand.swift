import ArgumentParser
import DocBrowserReports
import DocKit
import Foundation

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the documents of both locations.",
        discussion: "--type is conformance-aware: --type public.image lists PNG, JPEG, HEIC… A package is one document; --recursive descends into folders, never into packages."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var where_: LocationOption

    @Option(name: .customLong("type"), help: ArgumentHelp("Only documents of this type or a subtype of it.", valueName: "UTI"))
    var type: String?

    @Option(name: .customLong("name"), help: ArgumentHelp("Only filenames matching this shell glob (case-insensitive).", valueName: "GLOB"))
    var nameGlob: String?

    @Option(help: ArgumentHelp("Only documents carrying this tag.", valueName: "NAME"))
    var tag: String?

    @Option(help: "Sort by name, date, size or kind.")
    var sort: DocumentQuery.SortKey = .name

    @Flag(help: "Reverse the order.")
    var reverse = false

    @Flag(help: "Show the type identifier, states and path too.")
    var long = false

    @Flag(help: "Descend into folders.")
    var recursive = false

    @Flag(help: "Show the conflict versions of documents in conflict, under each.")
    var versions = false

    @Flag(help: "Only the documents the desktop's recent files list, newest first (the N newest with a count).")
    var recent = false

    @Argument(help: ArgumentHelp("With --recent, how many to show.", valueName: "N"))
    var count: Int?

    func validate() throws {
        if count != nil, !recent { throw ValidationError("A count is only taken with --recent.") }
        if let count, count < 1 { throw ValidationError("The count of --recent must be at least 1.") }
        // Recents have their own order and show no tree: these would be silently ignored.
        if recent, type != nil || nameGlob != nil || sort != .name || reverse || long || recursive || versions {
            throw ValidationError("--recent takes only --local or --cloud and a count.")
        }
    }

    func run() throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        if recent { return try listRecent(context: context, catalog: catalog) }
        var query = DocumentQuery()
        if let location = where_.location { query.locations = [location] }
        if let type {
            guard catalog.registry.type(withIdentifier: type) != nil else { throw DocKitError.noSuchType(type) }
            query.type = type
        }
        query.nameGlob = nameGlob
        query.tag = tag
        query.sort = sort
        query.reverse = reverse
        query.recursive = recursive
        let documents = try catalog.listing(matching: query)
        // An argument-parser property costs a lookup at each read, and
        // these are read once per document.
        let versions = versions
        let registry = catalog.registry
        try context.output.result(documentReports: documents) {
            var kinds = DocumentKinds(registry: registry)
            return { document in
                var report = DocumentReport(document, registry: registry, kind: kinds.kind(of: document))
                if versions, document.states.contains(.inConflict) {
                    report.conflicts = try catalog.versions(of: document).unresolvedConflicts.map(VersionReport.init)
                }
                return report
            }
        } text: { text in
            try render(documents, catalog: catalog, text)
        }
    }

    private func listRecent(context: CommandContext, catalog: DocumentCatalog) throws {
        let recents = try context.library.recentDocuments(in: catalog, limit: count).filter { recent in
            where_.location.map { recent.document.location == $0 } ?? true
        }
        let registry = catalog.registry
        try context.output.result(recents.map { recent in
            var report = DocumentReport(recent.document, registry: registry)
            report.lastUsed = Formatting.isoDate(recent.lastUsed)
            return report
        }) { text in
            guard !recents.isEmpty else { return text.note("no recent documents") }
            var table = Table("NAME", "KIND", "LAST USED", "WHERE")
            for recent in recents {
                table.append([recent.document.listedName, DocumentReport.kind(of: recent.document, registry: registry), Formatting.date(recent.lastUsed), recent.document.location.rawValue])
            }
            text.table(table)
        }
    }

    private func render(_ documents: DocumentListing, catalog: DocumentCatalog, _ text: TextForm) throws {
        if documents.isEmpty {
            text.note("no documents")
            return
        }
        let long = long
        let versions = versions
        // Each core makes the rows of its own run of documents, and the
        // runs are laid out and written as they are, never joined.
        var parts: [Table] = []
        try OrderedRuns.forEach(count: documents.count, runLength: Self.rowsPerRun) { positions in
            var rows = TableRows(catalog: catalog, long: long, versions: versions)
            var part = TableRows.table(long: long)
            part.reserveCapacity(rows: positions.count)
            try documents.forEachRow(in: positions) { row in try rows.append(row, of: documents, to: &part) }
            return part
        } then: { part in
            parts.append(part)
        }
        text.table(parts: parts)
    }

    private static let rowsPerRun = 1024

    /// A listing's rows, a document's and its versions' at a time.
    private struct TableRows {
        let long: Bool
        let versions: Bool
        let catalog: DocumentCatalog
        var kinds: DocumentKinds
        /// As the table's bytes, by the listing's index of the type: no
        /// hashing of the type, and no string made a cell at each row.
        var kindsByType: [[UInt8]?] = []
        /// Neighbouring documents were mostly written in the same second,
        /// and localtime_r costs more than the rest of a row.
        var lastDate: (second: Double, cell: [UInt8]) = (.nan, [])

        init(catalog: DocumentCatalog, long: Bool, versions: Bool) {
            self.long = long
            self.versions = versions
            self.catalog = catalog
            kinds = DocumentKinds(registry: catalog.registry)
        }

        static func table(long: Bool) -> Table {
            long
                ? Table("NAME", "KIND", "SIZE", "MODIFIED", "WHERE", "TYPE", "STATE", "PATH")
                : Table("NAME", "KIND", "SIZE", "MODIFIED", "WHERE")
        }

        /// Most rows are a document in its Documents folder itself, in no
        /// state, shown short: made from the listing's bytes, without
        /// making the document.
        mutating func append(_ row: DocumentListing.Row, of listing: DocumentListing, to table: inout Table) throws {
            guard !long, row.isAtTopLevel, !row.isFolder, !row.hasStates else { return try append(listing[row.position], to: &table) }
            table.appendCell(utf8: row.name)
            kindCell(ofType: row.typeIndex, in: listing).withUnsafeBufferPointer { table.appendCell(utf8: $0) }
            table.appendCell(Formatting.size(row.size))
            dateCell(row.modificationDate).withUnsafeBufferPointer { table.appendCell(utf8: $0) }
            Self.locationCell(row.location).withUnsafeBufferPointer { table.appendCell(utf8: $0) }
            table.endRow()
        }

        private static let localCell = Array(Location.local.rawValue.utf8)
        private static let cloudCell = Array(Location.cloud.rawValue.utf8)

        private static func locationCell(_ location: Location) -> [UInt8] {
            switch location {
            case .local: localCell
            case .cloud: cloudCell
            }
        }

        private mutating func kindCell(ofType index: Int, in listing: DocumentListing) -> [UInt8] {
            if index < kindsByType.count, let kind = kindsByType[index] { return kind }
            if index >= kindsByType.count { kindsByType += repeatElement(nil, count: index + 1 - kindsByType.count) }
            let kind = Array(kinds.kind(ofType: listing.typeIdentifiers[index]).utf8)
            kindsByType[index] = kind
            return kind
        }

        mutating func append(_ document: Document, to table: inout Table) throws {
            var row = [
                document.listedName + (document.isFolder ? "/" : ""),
                kinds.kind(of: document),
                document.isFolder ? "-" : Formatting.size(document.size),
                String(decoding: dateCell(document.modificationDate), as: UTF8.self),
                document.location.rawValue + (document.states.isEmpty || long ? "" : " (\(document.stateList.map(\.rawValue).joined(separator: ", ")))"),
            ]
            if long {
                row += [document.type, document.stateList.map(\.rawValue).joined(separator: ","), document.path.description]
            }
            table.append(row)
            guard versions, document.states.contains(.inConflict) else { return }
            for version in try catalog.versions(of: document).unresolvedConflicts {
                var nested = ["  ↳ \(version.number): \(VersionReport.label(version))", [version.engine?.rawValue, version.device].compactMap { $0 }.joined(separator: " "),
                              Formatting.size(version.size), Formatting.date(version.modificationDate), ""]
                if long { nested += ["", "", version.path?.description ?? ""] }
                table.append(nested)
            }
        }

        private mutating func dateCell(_ date: Date) -> [UInt8] {
            let second = date.timeIntervalSince1970.rounded(.down)
            if second != lastDate.second { lastDate = (second, Array(Formatting.date(date).utf8)) }
            return lastDate.cell
        }
    }
}
