import DocKit

/// A type as `types` and `types lookup` print it.
struct TypeReport: Encodable {
    var identifier: String
    var description: String?
    /// The direct parents, as declared.
    var conformsTo: [String]
    /// Every supertype, nearest first, not counting the type itself.
    var conformances: [String]
    var filenameExtensions: [String]
    var mimeTypes: [String]
    var iconName: String?
    var isPackage: Bool
    var isDynamic: Bool
    /// Who declared it (`system`, `exported`, `imported`, …): `source`
    /// is the file an import came from.
    var declaredBy: String
    var declaredIn: String?

    init(_ type: UTType, in registry: TypeRegistry) {
        identifier = type.identifier
        description = type.description
        conformsTo = type.conformsTo
        conformances = Array(registry.conformanceChain(of: type.identifier).dropFirst())
        filenameExtensions = type.filenameExtensions
        mimeTypes = type.mimeTypes
        iconName = type.iconName
        isPackage = registry.isPackage(type.identifier)
        isDynamic = type.isDynamic
        declaredBy = type.source.description
        declaredIn = type.declaredIn
    }

    var humanText: String {
        var lines = [Terminal.bold(identifier) + (description.map { "  \($0)" } ?? "")]
        lines.append("  conforms to:  \(conformances.isEmpty ? "(nothing: a root type)" : conformances.joined(separator: " → "))")
        if !filenameExtensions.isEmpty { lines.append("  extensions:   \(filenameExtensions.map { "." + $0 }.joined(separator: " "))") }
        if !mimeTypes.isEmpty { lines.append("  MIME types:   \(mimeTypes.joined(separator: " "))") }
        if isPackage { lines.append("  package:      yes (a directory handled as one document)") }
        lines.append("  declared by:  \(declaredBy)\(declaredIn.map { " (\($0))" } ?? "")")
        return lines.joined(separator: "\n")
    }
}
