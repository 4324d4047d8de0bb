import Foundation
import Testing
@testable import DocKit

/// Binary property lists come from other devices and other programs; the
/// check must refuse every impossible layout rather than read outside the
/// data, and let every list Apple's tools write through.
@Suite("BinaryPropertyListCheck")
struct BinaryPropertyListCheckTests {
    /// `{"a": "a"}` laid out by hand, with the trailer's fields to vary.
    static func list(offsetSize: UInt8 = 1, referenceSize: UInt8 = 1, objects: UInt64 = 2, tableOffset: UInt64 = 13,
                     marker: UInt8 = 0x51, offsets: [UInt8] = [0x08, 0x0B]) -> Data {
        var bytes = Array("bplist00".utf8) + [0xD1, 0x01, 0x01, marker, 0x61] + offsets.prefix(2)
        bytes += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
        for value in [objects, 0, tableOffset] { bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        return Data(bytes)
    }

    @Test("what plistlib and Foundation write passes, and decodes")
    func wellFormed() throws {
        try BinaryPropertyListCheck(Self.list()).check()
        let written = try PropertyListSerialization.data(fromPropertyList: ["name": "Deck", "sizes": [1, 2.5], "when": Date(timeIntervalSince1970: 0), "raw": Data([1])], format: .binary, options: 0)
        try BinaryPropertyListCheck(written).check()
        #expect((try PropertyListDecoding.object(from: written) as? [String: Any])?["name"] as? String == "Deck")
    }

    @Test("impossible trailers and object offsets are refused", arguments: [
        list(offsetSize: 0), list(offsetSize: 9), list(referenceSize: 0),
        list(objects: .max), list(objects: 1 << 40), list(tableOffset: .max), list(tableOffset: 3), list(tableOffset: 400),
        list(offsets: [0x08, 0xFF]), list(offsets: [0x02, 0x0B]), Data("bplist00".utf8), Data(),
    ])
    func impossibleLayouts(data: Data) {
        #expect(throws: PropertyListDecoding.Failure.self) { try BinaryPropertyListCheck(data).check() }
    }

    @Test("sets and reserved markers are refused, naming the type", arguments: [UInt8(0xC1), 0x71, 0x91, 0xB1, 0xE1, 0xF1, 0x01, 0x34])
    func unreadableMarkers(marker: UInt8) throws {
        let error = try #require(throws: PropertyListDecoding.Failure.self) { try BinaryPropertyListCheck(Self.list(marker: marker)).check() }
        #expect(error.reason.contains("type 0x\(String(marker, radix: 16, uppercase: true))"), "\(error.reason)")
    }
}
