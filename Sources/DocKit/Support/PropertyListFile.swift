import Foundation

/// A file that does not hold the property list or JSON it should.
struct MalformedFileError: DocKitFailure, Hashable {
    /// The file that is malformed.
    var path: String
    /// Where in the file the problem is, as `Key[index].Key`; empty when
    /// the file as a whole is unreadable.
    var keyPath: String
    /// What is wrong, worded to follow the path or key path (`is not UTF-8`).
    var reason: String

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - path: The malformed file.
    ///   - keyPath: Where in it the problem is, or empty for the whole file.
    ///   - reason: What is wrong.
    init(path: String, keyPath: String = "", reason: String) {
        self.path = path
        self.keyPath = keyPath
        self.reason = reason
    }

    var code: DocKitError.Code { .malformed }

    var document: String? { path }
    /// `path: reason`, or `path: keyPath: reason` when the key path is known.
    var description: String {
        keyPath.isEmpty ? "\(path): \(reason)" : "\(path): \(keyPath): \(reason)"
    }
}

/// Reads the dictionary at the root of an Info.plist-style file, in any of
/// the forms Apple's tools write (XML or binary property list) or as the
/// equivalent JSON object.
enum PropertyListFile {
    static func readDictionary(at url: URL) throws(DocKitError) -> [String: Any] {
        try dictionary(in: try readData(at: url), path: url.path)
    }

    /// The file's bytes, whole.
    static func readData(at url: URL) throws(DocKitError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw DocKitError(MalformedFileError(path: url.path, reason: "cannot be read (\(readFailureReason(error)))"))
        }
    }

    /// The dictionary at the root of a file's bytes; `path` names it in errors.
    static func dictionary(in data: Data, path: String) throws(DocKitError) -> [String: Any] {
        let root: Any
        if looksLikeJSON(data) {
            do {
                root = try JSONSerialization.jsonObject(with: data)
            } catch {
                throw DocKitError(MalformedFileError(path: path, reason: "is not valid JSON"))
            }
        } else {
            do {
                root = try PropertyListDecoding.object(from: data)
            } catch {
                throw DocKitError(MalformedFileError(path: path, reason: error.reason))
            }
        }
        guard let dictionary = root as? [String: Any] else {
            throw DocKitError(MalformedFileError(path: path, reason: "its root is not a dictionary"))
        }
        return dictionary
    }

    private static func looksLikeJSON(_ data: Data) -> Bool {
        let first = data.first { !Set(" \t\r\n".utf8).contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    private static func readFailureReason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}

/// Typed access to a decoded property list, keeping track of the key path
/// so that a problem can be reported precisely.
struct PropertyListValue {
    let value: Any?
    let keyPath: String
    let path: String

    subscript(key: String) -> PropertyListValue {
        let dictionary = value as? [String: Any]
        let childPath = keyPath.isEmpty ? key : "\(keyPath).\(key)"
        return PropertyListValue(value: dictionary?[key], keyPath: childPath, path: path)
    }

    var isPresent: Bool { value != nil }

    func problem(_ reason: String) -> DocKitError {
        DocKitError(MalformedFileError(path: path, keyPath: keyPath, reason: reason))
    }

    func string() throws(DocKitError) -> String? {
        guard let value else { return nil }
        guard let string = value as? String else { throw problem("expected a string") }
        return string
    }

    func requiredString() throws(DocKitError) -> String {
        guard let string = try string(), !string.isEmpty else { throw problem("missing, a string is required") }
        return string
    }

    func bool() throws(DocKitError) -> Bool? {
        guard let value else { return nil }
        if let bool = value as? Bool { return bool }
        // Hand-written plists often say YES/NO or 1/0 as strings.
        if let string = value as? String {
            switch string.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: break
            }
        }
        throw problem("expected a boolean")
    }

    /// Apple's own declarations give single values where arrays are
    /// documented (`UTTypeConformsTo` = "public.data"), so both are taken.
    func strings() throws(DocKitError) -> [String] {
        guard let value else { return [] }
        if let string = value as? String { return [string] }
        guard let array = value as? [Any] else { throw problem("expected an array of strings") }
        var strings: [String] = []
        for (index, element) in array.enumerated() {
            guard let string = element as? String else {
                throw DocKitError(MalformedFileError(path: path, keyPath: "\(keyPath)[\(index)]", reason: "expected a string"))
            }
            strings.append(string)
        }
        return strings
    }

    func dictionaries() throws(DocKitError) -> [PropertyListValue] {
        guard let value else { return [] }
        guard let array = value as? [Any] else { throw problem("expected an array of dictionaries") }
        var elements: [PropertyListValue] = []
        for (index, element) in array.enumerated() {
            let elementPath = "\(keyPath)[\(index)]"
            guard element is [String: Any] else {
                throw DocKitError(MalformedFileError(path: path, keyPath: elementPath, reason: "expected a dictionary"))
            }
            elements.append(PropertyListValue(value: element, keyPath: elementPath, path: path))
        }
        return elements
    }
}
