import DocKit

/// A line of `watch --json`, and an event of the web app's
/// `/api/events`: `document` is its qualified name, as in every other
/// event; the document as `list` prints it is `listing`, and before a
/// change `previousListing`.
public struct ChangeEventReport: Encodable {
    public var event: String
    public var document: String?
    public var listing: DocumentReport?
    public var previousListing: DocumentReport?
    public var count: Int?

    public init(event: String, document: String? = nil, listing: DocumentReport? = nil, previousListing: DocumentReport? = nil, count: Int? = nil) {
        self.event = event
        self.document = document
        self.listing = listing
        self.previousListing = previousListing
        self.count = count
    }

    /// The report of one change the catalog saw.
    public init(_ change: DocumentChange, registry: TypeRegistry) {
        self.init(
            event: change.kind.rawValue, document: change.document.qualifiedName, listing: DocumentReport(change.document, registry: registry),
            previousListing: change.previous.map { DocumentReport($0, registry: registry) }
        )
    }
}
