import Foundation

/// Decodes property lists that come from outside: handler manifests,
/// iCloud placeholders, documents being previewed. Foundation's binary
/// reader on Linux crashes the process on objects it parses but cannot
/// bridge (a set: marker 0xC_), so a binary list is first checked object
/// by object; anything Apple's tools never write there is refused.
enum PropertyListDecoding {
    /// Why a property list was refused; shown after the file's name.
    struct Failure: Error, Hashable {
        var reason: String
    }

    static func object(from data: Data, format: inout PropertyListSerialization.PropertyListFormat) throws(Failure) -> Any {
        if data.starts(with: BinaryPropertyListCheck.magic) {
            try BinaryPropertyListCheck(data).check()
        }
        do {
            return try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            throw Failure(reason: "is not a valid property list")
        }
    }

    static func object(from data: Data) throws(Failure) -> Any {
        var format = PropertyListSerialization.PropertyListFormat.xml
        return try object(from: data, format: &format)
    }
}
