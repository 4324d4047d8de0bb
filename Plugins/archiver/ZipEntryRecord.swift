#if canImport(Glibc)
import Glibc
#endif

/// One entry's headers, laid out as libarchive's zip writer laid them out
/// before this plugin wrote zip itself (zipinfo -v shows the same fields):
/// Unix "version made by", the UTF-8 flag on non-ASCII names, a DOS time in
/// local time plus the exact UTC mtime ("UT") and owner ("ux") extra fields,
/// the mode in the external attributes, and a data descriptor after
/// regular files, whose CRC and compressed size are known only once written.
/// ZIP64 fields appear only where a size or offset needs them.
struct ZipEntryRecord {
    static let deflated: UInt16 = 8
    static let stored: UInt16 = 0
    private static let usesDataDescriptor: UInt16 = 1 << 3
    private static let utf8Name: UInt16 = 1 << 11
    static let zip64Limit: UInt64 = 0xFFFF_FFFF
    /// A file this large gets ZIP64 sizes up front: the local header is
    /// written before its compressed size is known, and deflate may grow
    /// incompressible data slightly (stored blocks, one sync flush a chunk).
    static let zip64Threshold: UInt64 = 0xFFFF_FFFF - (64 << 20)

    var name: [UInt8]
    var method: UInt16
    var mode: UInt32
    var mtime: Int
    var uid: UInt32
    var gid: UInt32
    var hasDataDescriptor: Bool
    var zip64: Bool
    var crc: UInt32 = 0
    var compressedSize: UInt64 = 0
    var uncompressedSize: UInt64 = 0
    var offset: UInt64 = 0

    private var versionNeeded: UInt16 {
        if zip64 { return 45 }
        // libarchive asked for 1.0 for stored files, 2.0 for the rest.
        return hasDataDescriptor && method == Self.stored ? 10 : 20
    }

    private var flags: UInt16 {
        var flags: UInt16 = hasDataDescriptor ? Self.usesDataDescriptor : 0
        if name.contains(where: { $0 >= 0x80 }) { flags |= Self.utf8Name }
        return flags
    }

    func localHeader() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(30 + name.count + 48)
        bytes.appendLittleEndian(UInt32(0x0403_4B50))
        bytes.appendLittleEndian(versionNeeded)
        bytes.appendLittleEndian(flags)
        bytes.appendLittleEndian(method)
        bytes.appendLittleEndian(dosTime)
        // A file's size is known before writing, and so is the compressed
        // size when stored; the CRC never is.
        let compressedKnown = !hasDataDescriptor || method == Self.stored
        bytes.appendLittleEndian(hasDataDescriptor ? 0 : crc)
        if zip64 {
            bytes.appendLittleEndian(UInt32.max)
            bytes.appendLittleEndian(UInt32.max)
        } else {
            bytes.appendLittleEndian(compressedKnown ? UInt32(compressedSize) : 0)
            bytes.appendLittleEndian(UInt32(uncompressedSize))
        }
        var extra = commonExtra()
        if zip64 {
            extra.appendLittleEndian(UInt16(0x0001))
            extra.appendLittleEndian(UInt16(16))
            extra.appendLittleEndian(uncompressedSize)
            extra.appendLittleEndian(compressedKnown ? compressedSize : 0)
        }
        bytes.appendLittleEndian(UInt16(name.count))
        bytes.appendLittleEndian(UInt16(extra.count))
        bytes += name
        bytes += extra
        return bytes
    }

    func dataDescriptor() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(UInt32(0x0807_4B50))
        bytes.appendLittleEndian(crc)
        if zip64 {
            bytes.appendLittleEndian(compressedSize)
            bytes.appendLittleEndian(uncompressedSize)
        } else {
            bytes.appendLittleEndian(UInt32(compressedSize))
            bytes.appendLittleEndian(UInt32(uncompressedSize))
        }
        return bytes
    }

    func centralHeader() -> [UInt8] {
        let bigSizes = zip64 || compressedSize >= Self.zip64Limit || uncompressedSize >= Self.zip64Limit
        let bigOffset = offset >= Self.zip64Limit
        var extra = commonExtra()
        if bigSizes || bigOffset {
            extra.appendLittleEndian(UInt16(0x0001))
            extra.appendLittleEndian(UInt16((bigSizes ? 16 : 0) + (bigOffset ? 8 : 0)))
            if bigSizes {
                extra.appendLittleEndian(uncompressedSize)
                extra.appendLittleEndian(compressedSize)
            }
            if bigOffset { extra.appendLittleEndian(offset) }
        }
        let version = bigSizes || bigOffset ? 45 : versionNeeded
        var bytes: [UInt8] = []
        bytes.reserveCapacity(46 + name.count + extra.count)
        bytes.appendLittleEndian(UInt32(0x0201_4B50))
        bytes.appendLittleEndian(UInt16(3 << 8) | version)
        bytes.appendLittleEndian(version)
        bytes.appendLittleEndian(flags)
        bytes.appendLittleEndian(method)
        bytes.appendLittleEndian(dosTime)
        bytes.appendLittleEndian(crc)
        bytes.appendLittleEndian(bigSizes ? UInt32.max : UInt32(compressedSize))
        bytes.appendLittleEndian(bigSizes ? UInt32.max : UInt32(uncompressedSize))
        bytes.appendLittleEndian(UInt16(name.count))
        bytes.appendLittleEndian(UInt16(extra.count))
        bytes.appendLittleEndian(UInt16(0)) // comment
        bytes.appendLittleEndian(UInt16(0)) // disk
        bytes.appendLittleEndian(UInt16(0)) // internal attributes
        bytes.appendLittleEndian(mode << 16)
        bytes.appendLittleEndian(bigOffset ? UInt32.max : UInt32(offset))
        bytes += name
        bytes += extra
        return bytes
    }

    /// "UT" with the modification time only, and "ux" with 4-byte owner ids.
    private func commonExtra() -> [UInt8] {
        var extra: [UInt8] = []
        extra.appendLittleEndian(UInt16(0x5455))
        extra.appendLittleEndian(UInt16(5))
        extra.append(1)
        extra.appendLittleEndian(UInt32(truncatingIfNeeded: mtime))
        extra.appendLittleEndian(UInt16(0x7875))
        extra.appendLittleEndian(UInt16(11))
        extra.append(1)
        extra.append(4)
        extra.appendLittleEndian(uid)
        extra.append(4)
        extra.appendLittleEndian(gid)
        return extra
    }

    /// Date in the high half, time in the low, in local time (--reproducible
    /// sets TZ=UTC), clamped to what DOS can say, as libarchive did.
    private var dosTime: UInt32 {
        var time = time_t(mtime)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil, parts.tm_year >= 80 else { return 0x0021_0000 }
        guard parts.tm_year <= 207 else { return 0xFF9F_BF7D }
        let date = UInt32(parts.tm_year - 80) << 9 | UInt32(parts.tm_mon + 1) << 5 | UInt32(parts.tm_mday)
        let clock = UInt32(parts.tm_hour) << 11 | UInt32(parts.tm_min) << 5 | UInt32(parts.tm_sec / 2)
        return date << 16 | clock
    }
}
