import Foundation

/// What the index's change detection compares, for a whole listing at
/// once: each document's place, size, modification time and type, and
/// whether a sync engine is still writing it, hashed (64-bit FNV-1a) and
/// summed, so that the order of a listing does not matter: a watch's
/// listing comes from a dictionary. A search whose listing has the fingerprint the
/// index recorded after its last complete update has nothing to read and
/// nothing to remove, and need not load a row of the index to know it.
struct ListingFingerprint: Hashable, Sendable {
    /// The hash, as SQLite keeps an integer.
    var value: Int64

    init(value: Int64) {
        self.value = value
    }

    init(_ documents: some Sequence<Document>) {
        var sum: UInt64 = 0
        var count: Int64 = 0
        for document in documents {
            var hash = Hash()
            hash.combine(document.location.rawValue)
            // Each variable-length part after its length: no two listings
            // hash the same bytes by moving them from one part to the next.
            hash.combine(Int64(document.relativePath.bytes.count))
            document.relativePath.bytes.withUnsafeBytes { hash.combine($0) }
            hash.combine(document.size)
            hash.combine(Nanoseconds.since1970(document.modificationDate))
            hash.combine(document.type)
            hash.combine(document.states.contains(.incomplete) ? 1 : 0)
            sum &+= Self.mixed(hash.value)
            count += 1
        }
        var whole = Hash()
        whole.combine(Int64(bitPattern: sum))
        whole.combine(count)
        value = Int64(bitPattern: whole.value)
    }

    /// splitmix64's finalizer: a sum of FNV-1a values, whose low bits
    /// depend on few input bits, would collide far more often.
    private static func mixed(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private struct Hash {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func combine(_ bytes: UnsafeRawBufferPointer) {
            for byte in bytes {
                value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }

        mutating func combine(_ number: Int64) {
            withUnsafeBytes(of: number.littleEndian) { combine($0) }
        }

        mutating func combine(_ text: String) {
            var text = text
            combine(Int64(text.utf8.count))
            text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
        }
    }
}
