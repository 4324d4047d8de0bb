import DocKit
import Foundation

/// A document's `id` in docs/JSON.md: its catalog key (its location and
/// its path inside that location's Documents folder) as one URL-safe
/// token, so that the web app's API addresses documents by what the
/// catalog lists rather than by a path a request names. Made from the
/// path's bytes, so that a name that is not UTF-8 keeps its identity.
public enum DocumentIdentifier {
    /// `document`'s identifier.
    public static func of(_ document: Document) -> String {
        make(location: document.location, relativePath: document.relativePath)
    }

    /// The identifier of the document at `relativePath` in `location`.
    public static func make(location: Location, relativePath: RawPath) -> String {
        let bytes = Array(location.rawValue.utf8) + [UInt8(ascii: "/")] + relativePath.bytes
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The catalog key `identifier` names, or nil when it is no identifier
    /// ``make(location:relativePath:)`` could have made: a path that is
    /// absolute, empty, or holds an empty, `.` or `..` component or a NUL
    /// is refused here, before the catalog is asked.
    public static func parse(_ identifier: String) -> (location: Location, relativePath: RawPath)? {
        guard !identifier.isEmpty, identifier.utf8.count <= 8_192,
              identifier.utf8.allSatisfy({ alphabet.contains($0) }) else { return nil }
        var base64 = identifier.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        let bytes = Array(data)
        guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")),
              let location = Location(rawValue: String(decoding: bytes[..<slash], as: UTF8.self)) else { return nil }
        let path = Array(bytes[(slash + 1)...])
        guard !path.isEmpty, !path.contains(0) else { return nil }
        let components = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for component in components where component.isEmpty || component.elementsEqual([UInt8(ascii: ".")]) || component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
            return nil
        }
        return (location, RawPath(bytes: path))
    }

    private static let alphabet = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8))
}
