import Foundation

/// A property list Foundation decoded (an XML keyed archive), as the
/// values ``BinaryPropertyList`` gives, so that ``KeyedArchive`` resolves
/// both forms alike. Foundation on Linux hands a `CF$UID` out as a
/// private class whose description is only its address; its number is
/// read from the class's stored `value` by reflection.
enum FoundationPropertyListValue {
    /// Nesting past this is not converted; real property lists never reach it.
    static let maxDepth = 64

    /// The value, or nil when it holds something no property list holds, or nests too deep.
    static func value(_ object: Any, depth: Int = 0) -> BinaryPropertyList.Value? {
        guard depth <= maxDepth else { return nil }
        if let uid = uid(object) { return .uid(uid) }
        switch object {
        case let string as String: return .string(string)
        case let data as Data: return .data(Array(data))
        case let date as Date: return .date(date)
        case let array as [Any]:
            var elements: [BinaryPropertyList.Value] = []
            for element in array {
                guard let converted = value(element, depth: depth + 1) else { return nil }
                elements.append(converted)
            }
            return .array(elements)
        case let dictionary as [String: Any]:
            var pairs: [BinaryPropertyList.Pair] = []
            // A dictionary's order is not kept; sorted, every run is the same.
            for key in dictionary.keys.sorted() {
                guard let converted = value(dictionary[key]!, depth: depth + 1) else { return nil }
                pairs.append(BinaryPropertyList.Pair(key: key, value: converted))
            }
            return .dictionary(pairs)
        case _ where StructuredValueFormatter.isBoolean(object):
            return .bool((object as? NSNumber)?.boolValue ?? (object as? Bool) ?? false)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            return type == "d" || type == "f" ? .real(number.doubleValue) : .integer(number.int64Value)
        default:
            return nil
        }
    }

    private static func uid(_ object: Any) -> UInt64? {
        guard String(describing: type(of: object)).contains("KeyedArchiverUID") else { return nil }
        for child in Mirror(reflecting: object).children where child.label == "value" {
            if let number = child.value as? UInt32 { return UInt64(number) }
            if let number = child.value as? UInt64 { return number }
        }
        return nil
    }
}
