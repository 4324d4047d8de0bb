/// The records after the central directory. ZIP64's end record and its
/// locator come first when the entry count or an offset does not fit the
/// classic record, whose fields then hold the all-ones placeholders.
struct ZipEndOfCentralDirectory {
    var entries: UInt64
    var directoryOffset: UInt64
    var directorySize: UInt64

    func bytes() -> [UInt8] {
        let needsZip64 = entries >= 0xFFFF || directoryOffset >= ZipEntryRecord.zip64Limit
            || directorySize >= ZipEntryRecord.zip64Limit
        var bytes: [UInt8] = []
        if needsZip64 {
            let recordOffset = directoryOffset + directorySize
            bytes.appendLittleEndian(UInt32(0x0606_4B50))
            bytes.appendLittleEndian(UInt64(44)) // size of what follows
            bytes.appendLittleEndian(UInt16(3 << 8 | 45))
            bytes.appendLittleEndian(UInt16(45))
            bytes.appendLittleEndian(UInt32(0)) // this disk
            bytes.appendLittleEndian(UInt32(0)) // the directory's disk
            bytes.appendLittleEndian(entries)
            bytes.appendLittleEndian(entries)
            bytes.appendLittleEndian(directorySize)
            bytes.appendLittleEndian(directoryOffset)
            bytes.appendLittleEndian(UInt32(0x0706_4B50))
            bytes.appendLittleEndian(UInt32(0))
            bytes.appendLittleEndian(recordOffset)
            bytes.appendLittleEndian(UInt32(1)) // disks
        }
        let count = entries >= 0xFFFF ? UInt16.max : UInt16(entries)
        bytes.appendLittleEndian(UInt32(0x0605_4B50))
        bytes.appendLittleEndian(UInt16(0))
        bytes.appendLittleEndian(UInt16(0))
        bytes.appendLittleEndian(count)
        bytes.appendLittleEndian(count)
        bytes.appendLittleEndian(directorySize >= ZipEntryRecord.zip64Limit ? UInt32.max : UInt32(directorySize))
        bytes.appendLittleEndian(directoryOffset >= ZipEntryRecord.zip64Limit ? UInt32.max : UInt32(directoryOffset))
        bytes.appendLittleEndian(UInt16(0)) // comment
        return bytes
    }
}
