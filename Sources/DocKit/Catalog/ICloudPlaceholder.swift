import Foundation

/// What an iCloud placeholder file says about the document it stands for:
/// a property list with `NSURLNameKey` and `NSURLFileSizeKey`.
package struct ICloudPlaceholder: Sendable, Hashable {
    var name: RawPath
    var size: Int64

    /// Falls back to the name the placeholder's own filename implies when
    /// its content cannot be read, so the document is still listed.
    package static func read(at path: RawPath, standingFor impliedName: RawPath) -> ICloudPlaceholder {
        var placeholder = ICloudPlaceholder(name: impliedName, size: 0)
        guard let data = try? Data(contentsOf: path.url),
              let object = try? PropertyListDecoding.object(from: data),
              let dictionary = object as? [String: Any]
        else { return placeholder }
        // The name inside comes from another device: it is shown, never
        // decoded, and only a single plain name may stand for the file.
        if let name = dictionary["NSURLNameKey"] as? String, RawPath(name).isSingleName, !name.hasPrefix(".") {
            placeholder.name = RawPath(name)
        }
        if let size = dictionary["NSURLFileSizeKey"] as? Int, size >= 0 {
            placeholder.size = Int64(size)
        }
        return placeholder
    }
}
