import Foundation

/// A binary property list ("bplist00") read object by object, UIDs kept
/// as the numbers they are. Foundation on Linux hands a UID out as an
/// opaque object whose only description is its memory address, and the
/// statically linked Foundation bridges property-list objects differently
/// again; reading the few object kinds here gives the same values in
/// every build.
enum BinaryPropertyList {
    /// One object of the list; containers hold their elements decoded.
    indirect enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        case integer(Int64)
        case real(Double)
        case date(Date)
        case data([UInt8])
        case string(String)
        case uid(UInt64)
        case array([Value])
        /// Pairs in the order stored; a key that is not a string is skipped.
        case dictionary([Pair])

        /// The value of a dictionary's key, or nil.
        subscript(key: String) -> Value? {
            guard case .dictionary(let pairs) = self else { return nil }
            return pairs.first { $0.key == key }?.value
        }
    }

    /// One key and its value in a dictionary.
    struct Pair: Sendable, Equatable {
        var key: String
        var value: Value
    }

    /// Why the bytes are not a binary property list this reads.
    struct Failure: Error, Hashable {
        var reason: String
    }

    /// Containers nest by reference, so a crafted list can refer to itself;
    /// real lists never nest this deep.
    static let maxDepth = 64
    /// A crafted list can also refer to one container many times over, each
    /// copy decoded again; this bounds the work whatever the shape.
    static let maxDecodedObjects = 200_000

    /// Decodes the top object.
    ///
    /// - Parameter bytes: The whole file.
    /// - Returns: The top object with everything it holds.
    /// - Throws: ``Failure`` when the bytes are not a well-formed binary property list,
    ///   nest deeper than ``maxDepth`` or hold more than ``maxDecodedObjects``.
    static func decode(_ bytes: [UInt8]) throws(Failure) -> Value {
        var reader = try Reader(bytes)
        return try reader.object(reader.topObject, depth: 0)
    }

    private struct Reader {
        let bytes: [UInt8]
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let topObject: Int
        let tableOffset: Int
        var decoded = 0
        /// Bytes copied out for data and strings: an object referenced
        /// again is decoded again, so a small file could otherwise make
        /// gigabytes of copies of one large object.
        var copied = 0

        init(_ bytes: [UInt8]) throws(Failure) {
            self.bytes = bytes
            guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { throw Failure(reason: "not a binary property list") }
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
                  let count = Self.bigEndian(bytes, at: trailer + 8, size: 8), let top = Self.bigEndian(bytes, at: trailer + 16, size: 8),
                  let table = Self.bigEndian(bytes, at: trailer + 24, size: 8),
                  table >= 8, table <= UInt64(trailer), count <= (UInt64(trailer) - table) / UInt64(offsetSize), top < count
            else { throw Failure(reason: "its trailer does not describe the file") }
            objectCount = Int(count)
            topObject = Int(top)
            tableOffset = Int(table)
        }

        static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64? {
            guard offset >= 0, size >= 0, offset <= bytes.count - size else { return nil }
            return bytes[offset..<(offset + size)].reduce(0) { $0 << 8 | UInt64($1) }
        }

        private func read(at offset: Int, size: Int) throws(Failure) -> UInt64 {
            guard offset < tableOffset, size <= tableOffset - offset, let value = Self.bigEndian(bytes, at: offset, size: size) else {
                throw Failure(reason: "an object runs past the object area")
            }
            return value
        }

        /// The element count in a marker's low nibble, or in the integer
        /// object after it when the nibble is 0xF.
        private func count(marker: UInt8, at offset: Int) throws(Failure) -> (count: Int, start: Int) {
            let nibble = Int(marker & 0x0F)
            guard nibble == 0x0F else { return (nibble, offset + 1) }
            let sizeMarker = Int(try read(at: offset + 1, size: 1))
            guard sizeMarker >> 4 == 0x1, sizeMarker & 0x0F <= 3 else { throw Failure(reason: "a count is not an integer") }
            let width = 1 << (sizeMarker & 0x0F)
            let value = try read(at: offset + 2, size: width)
            guard value <= UInt64(bytes.count) else { throw Failure(reason: "a count is larger than the file") }
            return (Int(value), offset + 2 + width)
        }

        mutating func object(_ index: Int, depth: Int) throws(Failure) -> Value {
            guard depth <= BinaryPropertyList.maxDepth else { throw Failure(reason: "containers nest deeper than \(BinaryPropertyList.maxDepth) levels") }
            decoded += 1
            guard decoded <= BinaryPropertyList.maxDecodedObjects else { throw Failure(reason: "more than \(BinaryPropertyList.maxDecodedObjects) objects to decode") }
            guard index >= 0, index < objectCount,
                  let location = Self.bigEndian(bytes, at: tableOffset + index * offsetSize, size: offsetSize),
                  location >= 8, location < UInt64(tableOffset)
            else { throw Failure(reason: "object \(index) lies outside the object area") }
            let offset = Int(location)
            let marker = bytes[offset]
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x00: return .null
                case 0x08: return .bool(false)
                case 0x09: return .bool(true)
                default: throw Failure(reason: "object \(index) has marker 0x\(String(marker, radix: 16))")
                }
            case 0x1:
                let width = 1 << Int(marker & 0x0F)
                guard width <= 16 else { throw Failure(reason: "object \(index) is an integer wider than 16 bytes") }
                // A 16-byte integer holds a 64-bit value in its low half.
                let low = try read(at: offset + 1 + max(0, width - 8), size: min(width, 8))
                return .integer(width >= 8 ? Int64(bitPattern: low) : Int64(low))
            case 0x2:
                let width = 1 << Int(marker & 0x0F)
                let raw = try read(at: offset + 1, size: width)
                switch width {
                case 4: return .real(Double(Float(bitPattern: UInt32(raw))))
                case 8: return .real(Double(bitPattern: raw))
                default: throw Failure(reason: "object \(index) is a real of \(width) bytes")
                }
            case 0x3:
                guard marker == 0x33 else { throw Failure(reason: "object \(index) has marker 0x\(String(marker, radix: 16))") }
                return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try read(at: offset + 1, size: 8))))
            case 0x4:
                let (length, start) = try count(marker: marker, at: offset)
                return .data(try slice(start, length))
            case 0x5:
                let (length, start) = try count(marker: marker, at: offset)
                return .string(String(decoding: try slice(start, length), as: UTF8.self))
            case 0x6:
                let (length, start) = try count(marker: marker, at: offset)
                guard length <= Int.max / 2 else { throw Failure(reason: "object \(index) is too long") }
                let raw = try slice(start, length * 2)
                let units = stride(from: 0, to: raw.count, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }
                return .string(String(decoding: units, as: UTF16.self))
            case 0x8:
                return .uid(try read(at: offset + 1, size: Int(marker & 0x0F) + 1))
            case 0xA:
                let (length, start) = try count(marker: marker, at: offset)
                var elements: [Value] = []
                for position in 0..<length {
                    let reference = try read(at: start + position * referenceSize, size: referenceSize)
                    elements.append(try object(Int(clamping: reference), depth: depth + 1))
                }
                return .array(elements)
            case 0xD:
                let (length, start) = try count(marker: marker, at: offset)
                var pairs: [Pair] = []
                for position in 0..<length {
                    let keyReference = try read(at: start + position * referenceSize, size: referenceSize)
                    let valueReference = try read(at: start + (length + position) * referenceSize, size: referenceSize)
                    guard case .string(let key) = try object(Int(clamping: keyReference), depth: depth + 1) else { continue }
                    pairs.append(Pair(key: key, value: try object(Int(clamping: valueReference), depth: depth + 1)))
                }
                return .dictionary(pairs)
            default:
                throw Failure(reason: "object \(index) has marker 0x\(String(marker, radix: 16)), which Apple's tools never write")
            }
        }

        private mutating func slice(_ start: Int, _ length: Int) throws(Failure) -> [UInt8] {
            guard length >= 0, start <= tableOffset, length <= tableOffset - start else {
                throw Failure(reason: "an object runs past the object area")
            }
            copied += length
            guard copied <= 4 * bytes.count + (1 << 20) else { throw Failure(reason: "its objects hold more than four times its own bytes") }
            return Array(bytes[start..<(start + length)])
        }
    }
}
