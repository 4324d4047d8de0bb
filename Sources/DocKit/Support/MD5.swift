import Foundation

/// RFC 1321's MD5, which the freedesktop thumbnail cache names its files
/// by. Not for security: GLib and every file manager use it to find a
/// file's thumbnail, so docbrowser must compute the same name.
enum MD5 {
    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    private static let constants: [UInt32] = (0..<64).map { index in
        UInt32(truncatingIfNeeded: Int64(abs(sin(Double(index + 1))) * 4_294_967_296))
    }

    /// The digest of `bytes` as 32 lower-case hexadecimal digits.
    static func hexDigest(_ bytes: [UInt8]) -> String {
        var message = bytes
        let bitLength = UInt64(bytes.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }

        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476]
        var words = [UInt32](repeating: 0, count: 16)
        for block in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                let offset = block + index * 4
                words[index] = UInt32(message[offset]) | UInt32(message[offset + 1]) << 8
                    | UInt32(message[offset + 2]) << 16 | UInt32(message[offset + 3]) << 24
            }
            var (a, b, c, d) = (state[0], state[1], state[2], state[3])
            for round in 0..<64 {
                var mixed: UInt32
                var wordIndex: Int
                switch round {
                case 0..<16: mixed = (b & c) | (~b & d); wordIndex = round
                case 16..<32: mixed = (d & b) | (~d & c); wordIndex = (5 * round + 1) % 16
                case 32..<48: mixed = b ^ c ^ d; wordIndex = (3 * round + 5) % 16
                default: mixed = c ^ (b | ~d); wordIndex = (7 * round) % 16
                }
                mixed = mixed &+ a &+ constants[round] &+ words[wordIndex]
                a = d
                d = c
                c = b
                b = b &+ (mixed << shifts[round] | mixed >> (32 - shifts[round]))
            }
            state[0] = state[0] &+ a
            state[1] = state[1] &+ b
            state[2] = state[2] &+ c
            state[3] = state[3] &+ d
        }
        let hex = Array("0123456789abcdef".utf8)
        var digits: [UInt8] = []
        for word in state {
            for shift in stride(from: 0, to: 32, by: 8) {
                let byte = UInt8(truncatingIfNeeded: word >> UInt32(shift))
                digits.append(hex[Int(byte >> 4)])
                digits.append(hex[Int(byte & 0xF)])
            }
        }
        return String(decoding: digits, as: UTF8.self)
    }
}
