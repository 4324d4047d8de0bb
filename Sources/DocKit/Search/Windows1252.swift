/// Windows-1252, the 8-bit encoding that Windows, RTF and most text
/// called Latin-1 really use: Latin-1 but for 0x80–0x9F, which hold
/// typographic characters instead of control codes no text contains.
enum Windows1252 {
    private static let high: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    /// The character a byte stands for; U+FFFD for the five bytes the encoding leaves unassigned.
    static func scalar(_ byte: UInt8) -> Unicode.Scalar {
        (0x80...0x9F).contains(byte) ? Unicode.Scalar(high[Int(byte) - 0x80])! : Unicode.Scalar(byte)
    }

    /// Bytes decoded as Windows-1252.
    static func decode(_ bytes: some Sequence<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(scalar(byte)) }
        return String(scalars)
    }
}
