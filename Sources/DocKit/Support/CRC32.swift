/// The CRC-32 of ISO 3309 that every PNG chunk ends with. DocKit writes
/// a few text chunks into thumbnails and checks those it reads; zlib's
/// copy is linked only into the archiver.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { value in
        var crc = UInt32(value)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        table.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { bytes in
                var crc: UInt32 = 0xFFFF_FFFF
                for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
                return crc ^ 0xFFFF_FFFF
            }
        }
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 { checksum(bytes[...]) }
}
