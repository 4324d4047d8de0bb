import Foundation

/// An `NSKeyedArchiver` property list (`$archiver`, `$objects`, `$top`)
/// as the object graph it archives: each UID replaced by the object it
/// names, each object headed by its `$class` name, `$null` as null, and
/// Foundation's collections and strings shown as the values they hold.
/// A UID that points outside `$objects`, back into the objects being
/// resolved (a cycle), or deeper than the preview shows stays `UID(n)`.
struct KeyedArchive {
    /// A UID left as it is; the formatter prints its description.
    struct Reference: CustomStringConvertible, Hashable {
        var index: UInt64
        var description: String { "UID(\(index))" }
    }

    /// What the resolution left unresolved, for the preview's notes.
    struct Resolution {
        var top: [String: Any]
        var cycles = 0
        var outOfRange = 0
        var budgetExhausted = false
    }

    /// Classes whose `NS.objects` is the whole of what they hold.
    fileprivate static let collectionClasses: Set<String> = [
        "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet",
    ]
    /// However wide the graph, no more objects than this are resolved.
    static let maxResolvedObjects = 10_000

    let objects: [BinaryPropertyList.Value]
    let top: [BinaryPropertyList.Pair]

    /// The archive, or nil when the list is not one `NSKeyedArchiver` wrote.
    init?(_ root: BinaryPropertyList.Value) {
        guard case .string("NSKeyedArchiver")? = root["$archiver"], case .array(let objects)? = root["$objects"],
              case .dictionary(let top)? = root["$top"] else { return nil }
        self.objects = objects
        self.top = top
    }

    /// `$top` with its UIDs resolved, as values ``StructuredValueFormatter`` prints.
    ///
    /// - Parameter maxDepth: The depth past which the formatter shows only counts; nothing deeper is resolved.
    /// - Returns: The resolved top dictionary and what was left unresolved.
    func resolve(maxDepth: Int) -> Resolution {
        var resolver = Resolver(objects: objects, maxDepth: maxDepth)
        var result: [String: Any] = [:]
        for pair in top where result[pair.key] == nil {
            result[pair.key] = resolver.value(pair.value, depth: 1)
        }
        return Resolution(top: result, cycles: resolver.cycles, outOfRange: resolver.outOfRange, budgetExhausted: resolver.budget <= 0)
    }

    private struct Resolver {
        let objects: [BinaryPropertyList.Value]
        let maxDepth: Int
        var budget = KeyedArchive.maxResolvedObjects
        var resolving: Set<UInt64> = []
        var cycles = 0
        var outOfRange = 0

        mutating func value(_ value: BinaryPropertyList.Value, depth: Int) -> Any {
            switch value {
            case .uid(let index): return object(index, depth: depth)
            case .null: return NSNull()
            case .bool(let flag): return flag
            case .integer(let number): return Int(truncatingIfNeeded: number)
            case .real(let number): return number
            case .date(let date): return date
            case .data(let bytes): return ArchivedBytes(bytes: bytes)
            case .string(let string): return string
            case .array(let elements): return elements.map { self.value($0, depth: depth + 1) }
            case .dictionary(let pairs):
                var result: [String: Any] = [:]
                for pair in pairs where result[pair.key] == nil { result[pair.key] = self.value(pair.value, depth: depth + 1) }
                return result
            }
        }

        mutating func object(_ index: UInt64, depth: Int) -> Any {
            guard index < UInt64(objects.count) else {
                outOfRange += 1
                return Reference(index: index)
            }
            if resolving.contains(index) {
                cycles += 1
                return Reference(index: index)
            }
            // Deeper than this the formatter shows only a count, so
            // nothing there needs resolving.
            guard depth <= maxDepth, budget > 0 else { return Reference(index: index) }
            budget -= 1
            let raw = objects[Int(index)]
            if case .string("$null") = raw { return NSNull() }
            resolving.insert(index)
            defer { resolving.remove(index) }
            guard case .dictionary(let pairs) = raw, case .uid(let classIndex)? = raw["$class"] else { return value(raw, depth: depth) }
            let className = self.className(classIndex)
            if let shown = foundationValue(raw, className: className, depth: depth) { return shown }
            var result: [String: Any] = ["$class": className]
            for pair in pairs where result[pair.key] == nil { result[pair.key] = value(pair.value, depth: depth + 1) }
            return result
        }

        private func className(_ index: UInt64) -> String {
            guard index < UInt64(objects.count), case .string(let name)? = objects[Int(index)]["$classname"] else {
                return Reference(index: index).description
            }
            return name
        }

        /// Foundation's own classes, shown as what they hold rather than
        /// as the keys they archive it under.
        private mutating func foundationValue(_ raw: BinaryPropertyList.Value, className: String, depth: Int) -> Any? {
            switch className {
            case _ where KeyedArchive.collectionClasses.contains(className):
                guard case .array(let elements)? = raw["NS.objects"] else { return nil }
                return elements.map { value($0, depth: depth + 1) }
            case "NSDictionary", "NSMutableDictionary":
                guard case .array(let keys)? = raw["NS.keys"], case .array(let values)? = raw["NS.objects"], keys.count == values.count else { return nil }
                var result: [String: Any] = [:]
                for (key, element) in zip(keys, values) {
                    let resolvedKey = value(key, depth: depth + 1)
                    let name = resolvedKey as? String ?? StructuredValueFormatter.scalar(resolvedKey)
                    if result[name] == nil { result[name] = value(element, depth: depth + 1) }
                }
                return result
            case "NSString", "NSMutableString":
                guard case .string(let string)? = raw["NS.string"] else { return nil }
                return string
            case "NSData", "NSMutableData":
                guard case .data(let bytes)? = raw["NS.data"] else { return nil }
                return ArchivedBytes(bytes: bytes)
            case "NSDate":
                guard case .real(let seconds)? = raw["NS.time"] else { return nil }
                return Date(timeIntervalSinceReferenceDate: seconds)
            default:
                return nil
            }
        }
    }
}

/// A data object of a keyed archive, as the formatter shows data: its bytes
/// shared with the decoded archive, never copied. An object referenced
/// 200,000 times would otherwise be copied as often, gigabytes from a
/// 1 MiB file.
struct ArchivedBytes {
    let bytes: [UInt8]
}
