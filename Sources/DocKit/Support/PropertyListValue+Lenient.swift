/// Reading an app's Info.plist as LaunchServices reads it: a value that
/// cannot be understood is left out, with a warning naming its key path,
/// and everything else still counts. One bad entry never sinks an app.
extension PropertyListValue {
    func string(warnings: inout [DocKitError]) -> String? {
        recovering(&warnings, nil) { () throws(DocKitError) in try string() }
    }

    func bool(warnings: inout [DocKitError]) -> Bool? {
        recovering(&warnings, nil) { () throws(DocKitError) in try bool() }
    }

    /// The strings of an array, each element that is not one skipped.
    func strings(warnings: inout [DocKitError]) -> [String] {
        guard let value else { return [] }
        if let string = value as? String { return [string] }
        guard let array = value as? [Any] else {
            warnings.append(problem("expected an array of strings; ignored"))
            return []
        }
        var strings: [String] = []
        for (index, element) in array.enumerated() {
            guard let string = element as? String else {
                warnings.append(DocKitError(MalformedFileError(path: path, keyPath: "\(keyPath)[\(index)]", reason: "expected a string; ignored")))
                continue
            }
            strings.append(string)
        }
        return strings
    }

    /// The dictionaries of an array, each element that is not one skipped.
    func dictionaries(warnings: inout [DocKitError]) -> [PropertyListValue] {
        guard let value else { return [] }
        guard let array = value as? [Any] else {
            warnings.append(problem("expected an array of dictionaries; ignored"))
            return []
        }
        var elements: [PropertyListValue] = []
        for (index, element) in array.enumerated() {
            let elementPath = "\(keyPath)[\(index)]"
            guard element is [String: Any] else {
                warnings.append(DocKitError(MalformedFileError(path: path, keyPath: elementPath, reason: "expected a dictionary; ignored")))
                continue
            }
            elements.append(PropertyListValue(value: element, keyPath: elementPath, path: path))
        }
        return elements
    }

    private func recovering<Value>(_ warnings: inout [DocKitError], _ fallback: Value, _ read: () throws(DocKitError) -> Value) -> Value {
        do {
            return try read()
        } catch {
            warnings.append(error.adding("; ignored"))
            return fallback
        }
    }
}
