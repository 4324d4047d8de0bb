import DocKit
import Foundation

/// A document as `list --json` prints it.
public struct DocumentReport: Encodable {
    /// Its ``DocumentIdentifier``, by which the web app's API names it.
    public var id: String
    public var name: String
    public var displayName: String
    public var path: String
    public var relativePath: String
    public var location: String
    public var type: String
    public var kind: String
    public var size: Int64
    public var modified: String
    public var isPackage: Bool
    public var isFolder: Bool
    public var isSymbolicLink: Bool
    public var typeWasGuessed: Bool
    public var states: [String]
    /// Its conflict versions, with `list --versions`: `conflicts`, as
    /// `versions` names them.
    public var conflicts: [VersionReport]?
    /// With `list --recent`: when the desktop's recent files last saw it used.
    public var lastUsed: String?

    /// - Parameter kind: The document's ``kind(of:registry:)``, when the caller already knows it.
    public init(_ document: Document, registry: TypeRegistry, kind: String? = nil) {
        id = DocumentIdentifier.of(document)
        name = document.name
        displayName = document.displayName
        path = document.path.description
        relativePath = document.relativePath.description
        location = document.location.rawValue
        type = document.type
        self.kind = kind ?? Self.kind(of: document, registry: registry)
        size = document.size
        modified = Formatting.isoDate(document.modificationDate)
        isPackage = document.isPackage
        isFolder = document.isFolder
        isSymbolicLink = document.isSymbolicLink
        typeWasGuessed = document.typeWasGuessed
        states = document.stateList.map(\.rawValue)
    }

    public static func kind(of document: Document, registry: TypeRegistry) -> String {
        document.isFolder ? "Folder" : kind(ofType: document.type, registry: registry)
    }

    public static func kind(ofType type: String, registry: TypeRegistry) -> String {
        registry.type(withIdentifier: type)?.description ?? type
    }
}
