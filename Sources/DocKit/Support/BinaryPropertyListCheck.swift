import Foundation

/// The layout of a binary property list ("bplist00", as CFBinaryPList.c
/// reads it): objects, then a table of their offsets, then a 32-byte
/// trailer that says where the table is and how wide its numbers are.
/// Every object is reached through the table, so checking the marker of
/// each object it lists checks every object a reader can decode.
struct BinaryPropertyListCheck {
    static let magic = Array("bplist".utf8)
    private static let headerLength = 8
    private static let trailerLength = 32

    private let bytes: [UInt8]

    init(_ data: Data) {
        bytes = [UInt8](data)
    }

    func check() throws(PropertyListDecoding.Failure) {
        guard bytes.count >= Self.headerLength + Self.trailerLength else { throw malformed("it is shorter than a header and a trailer") }
        let trailer = bytes.count - Self.trailerLength
        let offsetSize = Int(bytes[trailer + 6])
        let objectCount = bigEndian(at: trailer + 8, size: 8)
        let tableOffset = bigEndian(at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(Int(bytes[trailer + 7])) else {
            throw malformed("its trailer gives impossible number widths")
        }
        guard let objectCount, let tableOffset, tableOffset >= UInt64(Self.headerLength), tableOffset <= UInt64(trailer),
              objectCount <= (UInt64(trailer) - tableOffset) / UInt64(offsetSize)
        else { throw malformed("its offset table lies outside the file") }
        for index in 0..<Int(objectCount) {
            guard let offset = bigEndian(at: Int(tableOffset) + index * offsetSize, size: offsetSize),
                  offset >= UInt64(Self.headerLength), offset < tableOffset
            else { throw malformed("object \(index) lies outside the object area") }
            let marker = bytes[Int(offset)]
            guard Self.isReadable(marker) else {
                throw PropertyListDecoding.Failure(reason: "is not a property list docbrowser reads (object \(index) has type 0x\(String(marker, radix: 16, uppercase: true)), which Apple's tools never write)")
            }
        }
    }

    /// null, booleans, fill, integers, reals, dates, data, ASCII and
    /// UTF-16 strings, UIDs, arrays and dictionaries; not sets, and not
    /// the reserved markers.
    private static func isReadable(_ marker: UInt8) -> Bool {
        switch marker >> 4 {
        case 0x0: [0x00, 0x08, 0x09, 0x0F].contains(marker)
        case 0x1, 0x2, 0x4, 0x5, 0x6, 0x8, 0xA, 0xD: true
        case 0x3: marker == 0x33
        default: false
        }
    }

    private func bigEndian(at offset: Int, size: Int) -> UInt64? {
        guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
        return bytes[offset..<(offset + size)].reduce(0) { $0 << 8 | UInt64($1) }
    }

    private func malformed(_ detail: String) -> PropertyListDecoding.Failure {
        PropertyListDecoding.Failure(reason: "is not a valid property list (\(detail))")
    }
}
