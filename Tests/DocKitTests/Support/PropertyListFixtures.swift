import Foundation

/// Writes the same Info.plist-style dictionary in each form docbrowser reads.
enum PropertyListFixtures {
    enum Form: String, CaseIterable, Sendable {
        case xml, binary, json

        var fileExtension: String { self == .json ? "json" : "plist" }
    }

    static func data(_ root: Any, as form: Form) throws -> Data {
        switch form {
        case .xml: try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
        case .binary: try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
        case .json: try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
        }
    }

    /// An XML property list read back and written as a binary one, as
    /// `plutil -convert binary1` does.
    static func binary(fromXML xml: String) throws -> Data {
        let root = try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil)
        return try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
    }
}
