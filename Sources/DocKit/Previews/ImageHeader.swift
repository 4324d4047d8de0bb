/// What an image's header says about it, read without decoding a pixel.
struct ImageHeader: Sendable, Hashable {
    /// The format's name, such as `PNG` or `JPEG`.
    public var format: String
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// Bits per sample or per pixel and the colour model, as the format
    /// states them (`8-bit RGBA`, `24 bits per pixel`); nil when it does not.
    public var colour: String?
    /// Other facts the header gives (interlacing, animation, …).
    public var details: [String]

    /// How much of the head every format but JPEG and TIFF needs.
    static let headLength = 64
    /// JPEG segments walked before giving up on finding the frame header.
    static let maxJPEGSegments = 64
    /// TIFF directory entries looked at.
    static let maxTIFFEntries = 256

    /// The header of the image at `path`, or nil when its bytes are not an
    /// image format this knows. Reads only the header: the first bytes,
    /// plus, for JPEG, the marker of each segment up to the frame header,
    /// and for TIFF, the first image directory.
    public static func read(_ path: RawPath, reader: any PreviewFileReader) throws -> ImageHeader? {
        let head = try reader.read(path, offset: 0, count: headLength)
        let bytes = ByteView(head)
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return try jpeg(path, reader: reader) }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return gif(bytes) }
        if head.starts(with: Array("RIFF".utf8)), bytes.ascii(8, 4) == "WEBP" { return webp(bytes) }
        if head.starts(with: Array("BM".utf8)) { return bmp(bytes) }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return try tiff(path, littleEndian: head[0] == 0x49, reader: reader)
        }
        return nil
    }

    private static func png(_ bytes: ByteView) -> ImageHeader? {
        guard bytes.ascii(12, 4) == "IHDR", let width = bytes.uint32(16, littleEndian: false), let height = bytes.uint32(20, littleEndian: false),
              let depth = bytes.uint8(24), let colourType = bytes.uint8(25) else { return nil }
        let model = switch colourType {
        case 0: "greyscale"
        case 2: "RGB"
        case 3: "indexed colour"
        case 4: "greyscale with alpha"
        case 6: "RGBA"
        default: "colour type \(colourType)"
        }
        var details: [String] = []
        if bytes.uint8(28) == 1 { details.append("interlaced (Adam7)") }
        return ImageHeader(format: "PNG", width: Int(width), height: Int(height), colour: "\(depth)-bit \(model)", details: details)
    }

    private static func jpeg(_ path: RawPath, reader: any PreviewFileReader) throws -> ImageHeader? {
        var offset: Int64 = 2
        for _ in 0..<maxJPEGSegments {
            let marker = ByteView(try reader.read(path, offset: offset, count: 4))
            guard marker.uint8(0) == 0xFF, let type = marker.uint8(1), let length = marker.uint16(2, littleEndian: false) else { return nil }
            // Fill bytes may precede a marker.
            if type == 0xFF { offset += 1; continue }
            // Start-of-frame markers, except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(type), ![0xC4, 0xC8, 0xCC].contains(type) {
                let frame = ByteView(try reader.read(path, offset: offset + 4, count: 6))
                guard let precision = frame.uint8(0), let height = frame.uint16(1, littleEndian: false),
                      let width = frame.uint16(3, littleEndian: false), let components = frame.uint8(5) else { return nil }
                let model = switch components {
                case 1: "greyscale"
                case 3: "YCbCr"
                case 4: "CMYK"
                default: "\(components) components"
                }
                var details: [String] = []
                switch type {
                case 0xC2, 0xC6, 0xCA, 0xCE: details.append("progressive")
                case 0xC3, 0xC7, 0xCB, 0xCF: details.append("lossless")
                default: details.append("baseline")
                }
                return ImageHeader(format: "JPEG", width: Int(width), height: Int(height), colour: "\(precision)-bit \(model)", details: details)
            }
            // Start of scan or end of image before any frame header.
            if type == 0xDA || type == 0xD9 { return nil }
            offset += 2 + Int64(length)
        }
        return nil
    }

    private static func gif(_ bytes: ByteView) -> ImageHeader? {
        guard let width = bytes.uint16(6, littleEndian: true), let height = bytes.uint16(8, littleEndian: true), let packed = bytes.uint8(10) else { return nil }
        let hasGlobalTable = packed & 0x80 != 0
        let colour = hasGlobalTable ? "\(1 << (Int(packed & 0x07) + 1)) colours (\(Int(packed & 0x07) + 1)-bit palette)" : nil
        return ImageHeader(format: "GIF (\(bytes.ascii(3, 3) ?? ""))", width: Int(width), height: Int(height), colour: colour, details: [])
    }

    private static func webp(_ bytes: ByteView) -> ImageHeader? {
        switch bytes.ascii(12, 4) {
        case "VP8 ":
            guard bytes.uint8(23) == 0x9D, bytes.uint8(24) == 0x01, bytes.uint8(25) == 0x2A,
                  let width = bytes.uint16(26, littleEndian: true), let height = bytes.uint16(28, littleEndian: true) else { return nil }
            return ImageHeader(format: "WebP (lossy)", width: Int(width & 0x3FFF), height: Int(height & 0x3FFF), colour: "8-bit YUV", details: [])
        case "VP8L":
            guard bytes.uint8(20) == 0x2F, let bits = bytes.uint32(21, littleEndian: true) else { return nil }
            let hasAlpha = (bits >> 28) & 1 == 1
            return ImageHeader(format: "WebP (lossless)", width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1,
                               colour: hasAlpha ? "8-bit RGBA" : "8-bit RGB", details: [])
        case "VP8X":
            guard let flags = bytes.uint8(20), let width = bytes.uint24(24), let height = bytes.uint24(27) else { return nil }
            var details: [String] = []
            if flags & 0x02 != 0 { details.append("animated") }
            return ImageHeader(format: "WebP (extended)", width: width + 1, height: height + 1,
                               colour: flags & 0x10 != 0 ? "with alpha" : nil, details: details)
        default:
            return nil
        }
    }

    private static func bmp(_ bytes: ByteView) -> ImageHeader? {
        guard let headerSize = bytes.uint32(14, littleEndian: true) else { return nil }
        if headerSize == 12 {
            guard let width = bytes.uint16(18, littleEndian: true), let height = bytes.uint16(20, littleEndian: true), let bits = bytes.uint16(24, littleEndian: true) else { return nil }
            return ImageHeader(format: "BMP (OS/2)", width: Int(width), height: Int(height), colour: "\(bits) bits per pixel", details: [])
        }
        guard headerSize >= 40, let width = bytes.uint32(18, littleEndian: true), let rawHeight = bytes.uint32(22, littleEndian: true),
              let bits = bytes.uint16(28, littleEndian: true) else { return nil }
        let height = Int32(bitPattern: rawHeight)
        return ImageHeader(format: "BMP", width: Int(Int32(bitPattern: width)), height: Int(height.magnitude), colour: "\(bits) bits per pixel",
                           details: height < 0 ? ["top-down"] : [])
    }

    private static func tiff(_ path: RawPath, littleEndian: Bool, reader: any PreviewFileReader) throws -> ImageHeader? {
        let head = ByteView(try reader.read(path, offset: 0, count: 8))
        guard let directoryOffset = head.uint32(4, littleEndian: littleEndian) else { return nil }
        let countBytes = ByteView(try reader.read(path, offset: Int64(directoryOffset), count: 2))
        guard let declared = countBytes.uint16(0, littleEndian: littleEndian) else { return nil }
        let count = min(Int(declared), maxTIFFEntries)
        let entries = ByteView(try reader.read(path, offset: Int64(directoryOffset) + 2, count: count * 12))
        var width: Int?, height: Int?, samples = 1, photometric: Int?
        var bitsPerSample: [Int] = []
        for index in 0..<count {
            let base = index * 12
            guard let tag = entries.uint16(base, littleEndian: littleEndian), let fieldType = entries.uint16(base + 2, littleEndian: littleEndian),
                  let valueCount = entries.uint32(base + 4, littleEndian: littleEndian) else { break }
            // SHORT (3) values sit left-aligned in the 4-byte value field.
            func value() -> Int? {
                fieldType == 3 ? entries.uint16(base + 8, littleEndian: littleEndian).map(Int.init) : entries.uint32(base + 8, littleEndian: littleEndian).map(Int.init)
            }
            switch tag {
            case 256: width = value()
            case 257: height = value()
            case 258:
                if fieldType == 3, valueCount <= 2 {
                    bitsPerSample = (0..<Int(valueCount)).compactMap { entries.uint16(base + 8 + 2 * $0, littleEndian: littleEndian).map(Int.init) }
                } else if fieldType == 3, valueCount <= 16, let offset = entries.uint32(base + 8, littleEndian: littleEndian) {
                    let values = ByteView(try reader.read(path, offset: Int64(offset), count: 2 * Int(valueCount)))
                    bitsPerSample = (0..<Int(valueCount)).compactMap { values.uint16(2 * $0, littleEndian: littleEndian).map(Int.init) }
                }
            case 262: photometric = value()
            case 277: samples = value() ?? 1
            default: continue
            }
        }
        guard let width, let height else { return nil }
        var colour: String?
        if let bits = bitsPerSample.first {
            let model = switch photometric {
            case 0, 1: samples > 1 ? "greyscale with alpha" : "greyscale"
            case 2: samples > 3 ? "RGBA" : "RGB"
            case 3: "palette"
            case 5: "CMYK"
            case 6: "YCbCr"
            default: "\(max(samples, bitsPerSample.count)) samples"
            }
            colour = "\(bits)-bit \(model)"
        }
        return ImageHeader(format: "TIFF (\(littleEndian ? "little" : "big")-endian)", width: width, height: height, colour: colour, details: [])
    }
}

/// Bounds-checked reads of integers from bytes that may be short.
struct ByteView {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func uint8(_ offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    func uint16(_ offset: Int, littleEndian: Bool) -> UInt16? {
        guard let first = uint8(offset), let second = uint8(offset + 1) else { return nil }
        return littleEndian ? UInt16(second) << 8 | UInt16(first) : UInt16(first) << 8 | UInt16(second)
    }

    func uint24(_ offset: Int) -> Int? {
        guard let first = uint8(offset), let second = uint8(offset + 1), let third = uint8(offset + 2) else { return nil }
        return Int(third) << 16 | Int(second) << 8 | Int(first)
    }

    func uint32(_ offset: Int, littleEndian: Bool) -> UInt32? {
        guard let high = uint16(offset + (littleEndian ? 2 : 0), littleEndian: littleEndian),
              let low = uint16(offset + (littleEndian ? 0 : 2), littleEndian: littleEndian) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }

    func ascii(_ offset: Int, _ count: Int) -> String? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }
}
