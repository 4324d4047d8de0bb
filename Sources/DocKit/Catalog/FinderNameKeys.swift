import Foundation

/// The Finder's name order, `compare(options: [.caseInsensitive, .numeric])`,
/// made once per name as bytes that sort the same way: a large listing's
/// million comparisons are then `memcmp`s rather than CoreFoundation calls.
///
/// A key exists only for an ASCII name, where CoreFoundation's rules are
/// few and are copied exactly: a capital is compared as its lowercase
/// letter, and a run of digits as its value, counted in 64 bits that wrap
/// (so `1` and `01` are the same, as are numbers 2⁶⁴ apart). Anything else
/// (accents, `ß`, emoji, …) has no key and is compared by
/// CoreFoundation, so the order is the same, name for name.
struct FinderNameKeys {
    /// Where a run of digits is in a key: digits sort between `/` and `:`,
    /// and no other byte of a key lies in that range, so the eight bytes
    /// of value after it are only ever compared with another number's.
    private static let numberMark = UInt8(ascii: "0")
    private static let noKey = UInt32.max

    private var bytes: [UInt8] = []
    private var starts: [UInt32] = []
    private var counts: [UInt32] = []

    init<Names: Sequence>(_ names: Names) where Names.Element == String {
        let estimate = names.underestimatedCount
        starts.reserveCapacity(estimate)
        counts.reserveCapacity(estimate)
        bytes.reserveCapacity(estimate * 24)
        for name in names { append(name) }
    }

    /// The keys of `parts`' names one after another, as if made at once:
    /// a long listing's halves are keyed each on a core of its own.
    init(joining parts: [FinderNameKeys]) {
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
        starts.reserveCapacity(parts.reduce(0) { $0 + $1.starts.count })
        counts.reserveCapacity(starts.capacity)
        for part in parts {
            let offset = UInt32(bytes.count)
            bytes += part.bytes
            starts += part.starts.lazy.map { $0 + offset }
            counts += part.counts
        }
    }

    private mutating func append(_ name: String) {
        // Read through the string's own buffer: its UTF8View steps an
        // index at a time, and every name of a listing comes here.
        var name = name
        name.withUTF8 { append(utf8: $0) }
    }

    private mutating func append(utf8 name: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count
        var number: UInt64?
        for byte in name {
            guard byte < 0x80 else {
                bytes.removeSubrange(start...)
                starts.append(UInt32(start))
                counts.append(Self.noKey)
                return
            }
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                number = (number ?? 0) &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                continue
            }
            if let value = number {
                appendNumber(value)
                number = nil
            }
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte)
        }
        if let value = number { appendNumber(value) }
        starts.append(UInt32(start))
        counts.append(UInt32(bytes.count - start))
    }

    private mutating func appendNumber(_ value: UInt64) {
        bytes.append(Self.numberMark)
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    /// How the names at `lhs` and `rhs` compare in the Finder's order; nil
    /// when either has no key, and CoreFoundation must say.
    /// Whether the name at `index` has a key; one that has none is
    /// compared by CoreFoundation's rules instead.
    func hasKey(_ index: Int) -> Bool {
        counts[index] != Self.noKey
    }

    func compare(_ lhs: Int, _ rhs: Int) -> ComparisonResult? {
        let lhsCount = counts[lhs]
        let rhsCount = counts[rhs]
        guard lhsCount != Self.noKey, rhsCount != Self.noKey else { return nil }
        let result = bytes.withUnsafeBufferPointer { buffer in
            memcmp(buffer.baseAddress! + Int(starts[lhs]), buffer.baseAddress! + Int(starts[rhs]), Int(min(lhsCount, rhsCount)))
        }
        if result != 0 { return result < 0 ? .orderedAscending : .orderedDescending }
        return lhsCount == rhsCount ? .orderedSame : (lhsCount < rhsCount ? .orderedAscending : .orderedDescending)
    }
}
