import DocKit

/// What `resolve --json` prints of a resolution or its rehearsal.
public struct ResolutionReport: Encodable {
    public var document: String
    public var dryRun: Bool
    public var kept: VersionReport?
    public var separated: [Separated]
    public var trashed: [VersionReport]

    public struct Separated: Encodable {
        public var version: VersionReport
        public var name: String
    }

    public init(_ plan: ConflictResolver.Plan, of document: Document, dryRun: Bool) {
        self.document = document.qualifiedName
        self.dryRun = dryRun
        kept = plan.isEmpty ? nil : plan.kept.map(VersionReport.init)
        separated = plan.separated.map { Separated(version: VersionReport($0.version), name: $0.name.description) }
        trashed = plan.trashed.map(VersionReport.init)
    }
}
