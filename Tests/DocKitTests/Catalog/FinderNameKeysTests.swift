import Foundation
import Testing
@testable import DocKit

@Suite("FinderNameKeys")
struct FinderNameKeysTests {
    /// The order the keys stand in for.
    static func finderOrder(_ lhs: String, _ rhs: String) -> ComparisonResult {
        lhs.compare(rhs, options: [.caseInsensitive, .numeric])
    }

    /// Reproducible, so that a failure can be run again.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Names made of the pieces the order treats differently: every ASCII
    /// character a file name can hold, both cases, digit runs short and
    /// past 64 bits with leading zeros, and characters beyond ASCII.
    static func names(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(state: seed)
        let ascii = (1...0x7F).filter { $0 != 0x2F }.map { String(UnicodeScalar(UInt8($0))) }
        let letters = ["a", "A", "b", "B", "z", "Z", "_", "-", " ", ".", "~", "`", "[", "^", "@", ":", "/"]
        let beyond = ["é", "É", "e\u{301}", "ß", "SS", "ss", "Å", "å", "Ä", "ä", "ø", "ﬁ", "İ", "ı", "😀", "👩‍👩‍👧", "中", "٣", "１"]
        let pieces: [() -> String] = [
            { ascii.randomElement(using: &random)! },
            { letters.randomElement(using: &random)! },
            { letters.randomElement(using: &random)! },
            { String(Int.random(in: 0...20, using: &random)) },
            { String(repeating: "0", count: Int.random(in: 1...3, using: &random)) + String(Int.random(in: 0...12, using: &random)) },
            { String((0..<Int.random(in: 18...30, using: &random)).map { _ in "0123456789".randomElement(using: &random)! }) },
            { ["18446744073709551615", "18446744073709551616", "18446744073709551617", "036893488147419103232", "0"].randomElement(using: &random)! },
            { beyond.randomElement(using: &random)! },
        ]
        var names: [String] = []
        while names.count < count {
            let length = Int.random(in: 0...6, using: &random)
            let name = (0..<length).map { _ in pieces.randomElement(using: &random)!() }.joined()
            names.append(name)
            // The same name in other cases, and with other zeros.
            if Int.random(in: 0..<4, using: &random) == 0 { names.append(name.uppercased()) }
            if Int.random(in: 0..<4, using: &random) == 0 { names.append(name.lowercased()) }
            if Int.random(in: 0..<6, using: &random) == 0 { names.append(name.replacingOccurrences(of: "1", with: "01")) }
        }
        return names
    }

    @Test("every pair of names compares as CoreFoundation compares it", arguments: [1, 2, 3] as [UInt64])
    func pairsCompareAsCoreFoundation(seed: UInt64) {
        let names = Self.names(count: 600, seed: seed)
        let keys = FinderNameKeys(names)
        var keyed = 0
        var mismatches: [String] = []
        for lhs in names.indices {
            for rhs in names.indices {
                let expected = Self.finderOrder(names[lhs], names[rhs])
                guard let result = keys.compare(lhs, rhs) else { continue }
                keyed += 1
                if result != expected, mismatches.count < 10 { mismatches.append("\(names[lhs].debugDescription) \(names[rhs].debugDescription)") }
            }
        }
        #expect(mismatches.isEmpty)
        // Most pairs were decided by the keys, not handed back.
        #expect(keyed > names.count * names.count / 4)
    }

    @Test("names beyond ASCII have no key, and are left to CoreFoundation")
    func beyondASCIIHasNoKey() {
        let keys = FinderNameKeys(["é", "Résumé.txt", "a😀", "plain.txt", "Plain.TXT"])
        #expect(keys.compare(0, 3) == nil)
        #expect(keys.compare(1, 3) == nil)
        #expect(keys.compare(3, 2) == nil)
        #expect(keys.compare(3, 4) == .orderedSame)
    }

    @Test("numbers compare by value, in 64 bits that wrap, as CoreFoundation's do")
    func numbers() {
        let keys = FinderNameKeys(["a2", "a10", "a010", "a18446744073709551616", "a0", "b", "a"])
        #expect(keys.compare(0, 1) == .orderedAscending)
        #expect(keys.compare(1, 2) == .orderedSame)
        #expect(keys.compare(3, 4) == .orderedSame)
        #expect(keys.compare(4, 5) == .orderedAscending)
        #expect(keys.compare(6, 4) == .orderedAscending)
        #expect(Self.finderOrder("a18446744073709551616", "a0") == .orderedSame)
    }

    @Test("a listing sorts exactly as with CoreFoundation's comparison, ties included", arguments: [4, 5] as [UInt64])
    func sortsAsBefore(seed: UInt64) {
        var random = SplitMix64(state: seed)
        let names = Self.names(count: 3000, seed: seed)
        let keys = names.map { _ in
            DocumentQuery.OrderingKey(
                location: Bool.random(using: &random) ? .local : .cloud,
                modificationDate: Date(timeIntervalSince1970: 0), size: 0, kind: ""
            )
        }
        // The order before keys: CoreFoundation, then location, then the
        // names' own order, in a stable sort.
        let expected = keys.indices.sorted { lhsIndex, rhsIndex in
            let result = Self.finderOrder(names[lhsIndex], names[rhsIndex])
            if result != .orderedSame { return result == .orderedAscending }
            let lhs = keys[lhsIndex]
            let rhs = keys[rhsIndex]
            if lhs.location != rhs.location { return lhs.location < rhs.location }
            return names[lhsIndex] < names[rhsIndex]
        }
        #expect(DocumentQuery().order(count: keys.count, key: { keys[$0] }, listedName: { names[$0] }) == expected)
        var reversed = DocumentQuery()
        reversed.reverse = true
        #expect(reversed.order(count: keys.count, key: { keys[$0] }, listedName: { names[$0] }) == expected.reversed())
    }
}
