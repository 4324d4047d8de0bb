import Foundation
import Testing
@testable import DocKit

/// A manifest or placeholder read, changed and written back must keep
/// every value's type: a boolean that came back an integer, or a real that
/// came back whole, would change what the next reader sees.
@Suite("PropertyListEncoding")
struct PropertyListEncodingTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>name</key><string>Deck</string>
        <key>yes</key><true/><key>no</key><false/>
        <key>one</key><integer>1</integer><key>big</key><integer>-9000000000</integer>
        <key>half</key><real>0.5</real><key>whole</key><real>2</real>
        <key>when</key><date>2026-11-27T08:00:00Z</date>
        <key>raw</key><data>AAH/</data>
        <key>list</key><array><string>a</string><dict/><array/></array>
        <key>nested</key><dict><key>inner</key><integer>0</integer></dict>
        </dict></plist>
        """

    /// Every value as `"key: type value"`, sorted, so that a change of type
    /// shows as a changed line.
    static func described(_ value: Any, _ keyPath: String = "") -> [String] {
        switch value {
        case let dictionary as [String: Any]:
            return dictionary.keys.sorted().flatMap { described(dictionary[$0]!, keyPath.isEmpty ? $0 : "\(keyPath).\($0)") }
        case let array as [Any]:
            return ["\(keyPath): array \(array.count)"] + array.enumerated().flatMap { described($1, "\(keyPath)[\($0)]") }
        case let string as String: return ["\(keyPath): string \(string)"]
        case let boolean as Bool where type(of: value) == Bool.self: return ["\(keyPath): boolean \(boolean)"]
        case let number as NSNumber:
            let kind = switch String(cString: number.objCType) {
            case "c", "B": "boolean"
            case "f", "d": "real"
            default: "integer"
            }
            return ["\(keyPath): \(kind) \(number)"]
        case let date as Date: return ["\(keyPath): date \(date.timeIntervalSince1970)"]
        case let data as Data: return ["\(keyPath): data \(Array(data))"]
        default: return ["\(keyPath): \(type(of: value))"]
        }
    }

    @Test("a decoded list written in either format decodes to the same values", arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func roundTrip(format: PropertyListSerialization.PropertyListFormat) throws {
        let root = try #require(try PropertyListDecoding.object(from: Data(Self.xml.utf8)) as? [String: Any])
        let written = try PropertyListEncoding.data(root, format: format)
        #expect(written.starts(with: Array("bplist00".utf8)) == (format == .binary))
        let read = try #require(try PropertyListDecoding.object(from: written) as? [String: Any])
        #expect(Self.described(read) == Self.described(root))
        #expect(Self.described(read).contains("yes: boolean true"))
        #expect(Self.described(read).contains("whole: real 2.0"))
    }

    @Test("JSON's booleans and numbers keep their kinds in a property list")
    func fromJSON() throws {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(#"{"b":true,"i":7,"r":1.5,"s":"x","a":[false]}"#.utf8)) as? [String: Any])
        let read = try #require(try PropertyListDecoding.object(from: try PropertyListEncoding.data(root, format: .xml)) as? [String: Any])
        #expect(Self.described(read) == [
            "a: array 1", "a[0]: boolean false", "b: boolean true", "i: integer 7", "r: real 1.5", "s: string x",
        ])
    }

    @Test("a value no property list holds is refused with where it is")
    func unrepresentable() throws {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(#"{"DBServices":[{"x":null}]}"#.utf8)) as? [String: Any])
        let error = try #require(throws: PropertyListDecoding.Failure.self) { try PropertyListEncoding.data(root, format: .xml) }
        #expect(error.reason == "DBServices[0].x holds a value no property list can (NSNull)")
    }
}
