/// The 64-bit FNV-1a hash: tiny, stable across processes and versions
/// (unlike `Hasher`), which is what names shared between processes need.
struct FNV1aHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
    }

    /// Ends a field, so that ("ab", "c") and ("a", "bc") hash apart.
    mutating func combine(field text: String) {
        combine(text.utf8)
        combine([0xFF])
    }

    var hexadecimal: String { String(value, radix: 16) }
}
