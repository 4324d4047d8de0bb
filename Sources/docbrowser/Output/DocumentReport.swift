import DocKit
import Foundation

/// A document as `list --json` prints it.
struct DocumentReport: Encodable {
    var name: String
    var displayName: String
    var path: String
    var relativePath: String
    var location: String
    var type: String
    var kind: String
    var size: Int64
    var modified: String
    var isPackage: Bool
    var isFolder: Bool
    var isSymbolicLink: Bool
    var typeWasGuessed: Bool
    var states: [String]
    /// Its conflict versions, with `list --versions`: `conflicts`, as
    /// `versions` names them.
    var conflicts: [VersionReport]?
    /// With `list --recent`: when the desktop's recent files last saw it used.
    var lastUsed: String?

    /// - Parameter kind: The document's ``kind(of:registry:)``, when the caller already knows it.
    init(_ document: Document, registry: TypeRegistry, kind: String? = nil) {
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

    static func kind(of document: Document, registry: TypeRegistry) -> String {
        document.isFolder ? "Folder" : kind(ofType: document.type, registry: registry)
    }

    static func kind(ofType type: String, registry: TypeRegistry) -> String {
        registry.type(withIdentifier: type)?.description ?? type
    }
}
