import Foundation

/// Writes a decoded property list back out. `PropertyListSerialization`'s
/// writer fails on every dictionary in the binary that ships (Foundation
/// linked statically: "property lists cannot contain objects of type 'Not
/// A Type'"), so the tree is copied into typed values first and written by
/// `PropertyListEncoder`, which works in every build.
enum PropertyListEncoding {
    /// Encodes `root`, a tree as `PropertyListSerialization` or
    /// `JSONSerialization` decodes it, in `format` (XML or binary).
    ///
    /// - Throws: ``PropertyListDecoding/Failure`` when the tree holds a value
    ///   no property list can (a JSON `null`, say), naming where.
    static func data(_ root: [String: Any], format: PropertyListSerialization.PropertyListFormat) throws(PropertyListDecoding.Failure) -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format == .binary ? .binary : .xml
        let tree = try Node(root, at: "")
        do {
            return try encoder.encode(tree)
        } catch {
            throw PropertyListDecoding.Failure(reason: "cannot be written as a property list")
        }
    }

    private indirect enum Node: Encodable {
        case string(String)
        case boolean(Bool)
        case integer(Int64)
        case real(Double)
        case date(Date)
        case data(Data)
        case array([Node])
        case dictionary([String: Node])

        init(_ value: Any, at keyPath: String) throws(PropertyListDecoding.Failure) {
            switch value {
            case let string as String:
                self = .string(string)
            // Before the numbers: a Bool casts to NSNumber too.
            case let boolean as Bool where type(of: value) == Bool.self:
                self = .boolean(boolean)
            case let number as NSNumber:
                self = Self.number(number)
            case let date as Date:
                self = .date(date)
            case let data as Data:
                self = .data(data)
            case let array as [Any]:
                var nodes: [Node] = []
                nodes.reserveCapacity(array.count)
                for (index, element) in array.enumerated() {
                    nodes.append(try Node(element, at: "\(keyPath)[\(index)]"))
                }
                self = .array(nodes)
            case let dictionary as [String: Any]:
                var nodes: [String: Node] = [:]
                for (key, element) in dictionary {
                    nodes[key] = try Node(element, at: keyPath.isEmpty ? key : "\(keyPath).\(key)")
                }
                self = .dictionary(nodes)
            default:
                let place = keyPath.isEmpty ? "its root" : keyPath
                throw PropertyListDecoding.Failure(reason: "\(place) holds a value no property list can (\(type(of: value)))")
            }
        }

        /// A number as its decoder tagged it: JSON's and the property
        /// lists' booleans are `c`, reals `f` or `d`.
        private static func number(_ number: NSNumber) -> Node {
            switch String(cString: number.objCType) {
            case "c", "B": .boolean(number.boolValue)
            case "f", "d": .real(number.doubleValue)
            default: .integer(number.int64Value)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .boolean(let value): try container.encode(value)
            case .integer(let value): try container.encode(value)
            case .real(let value): try container.encode(value)
            case .date(let value): try container.encode(value)
            case .data(let value): try container.encode(value)
            case .array(let value): try container.encode(value)
            case .dictionary(let value): try container.encode(value)
            }
        }
    }
}
