import Foundation

/// A catalog entry as the one blob its row keeps beside its relative path.
/// Sixteen columns made SQLite build, check and store sixteen values per
/// document, most of them repeating another (the name is the path's last
/// component, the display name its start, the file's size and time the
/// document's); writing them was the cost of a first listing above `find`'s.
/// The blob leaves out what repeats, and its first byte is its layout's
/// version: a row of another version is not read, and is scanned again.
///
/// The layout, in order: the version; the status's kind; the flags; the
/// states' bits; which fields are left out (``Omitted``); the size; the
/// modification time; the status's size and modification time unless
/// omitted; its change time, inode, device and mode; the type; the name
/// unless omitted; the display name, or how many of the name's bytes it is;
/// the package's contents as JSON, when there are any. Times are eight
/// bytes, little-endian; other numbers are LEB128 varints (signed ones
/// zigzagged first); texts are a varint count and their UTF-8 bytes.
enum CatalogRecord {
    static let version: UInt8 = 1

    /// What a record leaves out, because its row says it otherwise.
    struct Omitted: OptionSet {
        let rawValue: UInt8
        /// The name is the relative path's last component.
        static let name = Omitted(rawValue: 1)
        /// The display name is the name's first bytes: only their count is kept.
        static let displayName = Omitted(rawValue: 2)
        static let statusSize = Omitted(rawValue: 4)
        static let statusModificationTime = Omitted(rawValue: 8)
        static let package = Omitted(rawValue: 16)
        static let all: Omitted = [.name, .displayName, .statusSize, .statusModificationTime, .package]
    }

    /// Bits no version of this layout sets mean a damaged record.
    private static let knownFlags = UInt8(CatalogStore.Flags.all.rawValue)
    private static let knownStates = DocumentState.bits(of: Set(DocumentState.allCases))

    /// A record read, its texts as ranges of the record's bytes.
    struct Fields {
        var status: FileStatus
        var flags: CatalogStore.Flags
        var states: UInt8
        var size: Int64
        var modificationTime: Int64
        var type: Range<Int>
        /// nil when the name is the relative path's last component.
        var name: Range<Int>?
        /// The display name's bytes, or how many of the name's bytes it is.
        var displayName: DisplayName
        var package: Range<Int>?

        enum DisplayName {
            case bytes(Range<Int>)
            case prefixOfName(Int)
        }
    }

    /// Appends `entry`'s record to `bytes`, with `package` as the JSON of
    /// its package's contents.
    static func append(_ entry: UnsafePointer<CatalogStore.Entry>, package: Data?, to bytes: inout [UInt8]) {
        let status = entry.pointee.status
        var omitted: Omitted = []
        let nameIsLastComponent = entry.pointee.document.relativePath.bytes.withUnsafeBytes { path in
            entry.pointee.document.name.utf8.elementsEqual(path[lastComponent(of: path)])
        }
        if nameIsLastComponent { omitted.insert(.name) }
        let displayNameIsPrefix = entry.pointee.document.name.utf8.starts(with: entry.pointee.document.displayName.utf8)
        if displayNameIsPrefix { omitted.insert(.displayName) }
        if status.size == entry.pointee.document.size { omitted.insert(.statusSize) }
        // A date holds less than a nanosecond's precision: the document's
        // time is the status's when the status's gives its date.
        let modificationTime: Int64
        if Nanoseconds.date(status.modificationTime) == entry.pointee.document.modificationDate {
            omitted.insert(.statusModificationTime)
            modificationTime = status.modificationTime
        } else {
            modificationTime = Nanoseconds.since1970(entry.pointee.document.modificationDate)
        }
        if package == nil { omitted.insert(.package) }

        bytes.append(version)
        bytes.append(code(of: status.kind))
        bytes.append(UInt8(truncatingIfNeeded: CatalogStore.Flags(entry.pointee.document).union(entry.pointee.isRacy ? .racy : []).rawValue))
        bytes.append(DocumentState.bits(of: entry.pointee.document.states))
        bytes.append(omitted.rawValue)
        appendSigned(entry.pointee.document.size, to: &bytes)
        appendTime(modificationTime, to: &bytes)
        if !omitted.contains(.statusSize) { appendSigned(status.size, to: &bytes) }
        if !omitted.contains(.statusModificationTime) { appendTime(status.modificationTime, to: &bytes) }
        appendTime(status.changeTime, to: &bytes)
        appendVarint(status.inode, to: &bytes)
        appendVarint(status.device, to: &bytes)
        appendVarint(UInt64(status.mode), to: &bytes)
        appendText(entry.pointee.document.type.utf8, to: &bytes)
        if !nameIsLastComponent { appendText(entry.pointee.document.name.utf8, to: &bytes) }
        if displayNameIsPrefix {
            appendVarint(UInt64(entry.pointee.document.displayName.utf8.count), to: &bytes)
        } else {
            appendText(entry.pointee.document.displayName.utf8, to: &bytes)
        }
        if let package { appendText(package, to: &bytes) }
    }

    /// The fields of `record`; nil for a record of another version, or
    /// one cut short or overlong.
    static func fields(of record: UnsafeRawBufferPointer) -> Fields? {
        var reader = Reader(bytes: record)
        guard reader.byte() == version, let kind = reader.byte().flatMap(kind(of:)),
              let flags = reader.byte(), flags & ~knownFlags == 0, let states = reader.byte(), states & ~knownStates == 0,
              let omittedByte = reader.byte(), omittedByte & ~Omitted.all.rawValue == 0 else { return nil }
        let omitted = Omitted(rawValue: omittedByte)
        guard let size = reader.signed(), let modificationTime = reader.time() else { return nil }
        let statusSize = omitted.contains(.statusSize) ? size : reader.signed()
        let statusModificationTime = omitted.contains(.statusModificationTime) ? modificationTime : reader.time()
        guard let statusSize, let statusModificationTime, let changeTime = reader.time(),
              let inode = reader.varint(), let device = reader.varint(), let mode = reader.varint(), mode <= UInt64(UInt32.max),
              let type = reader.text() else { return nil }
        var name: Range<Int>?
        if !omitted.contains(.name) {
            guard let text = reader.text() else { return nil }
            name = text
        }
        let displayName: Fields.DisplayName
        if omitted.contains(.displayName) {
            guard let count = reader.varint(), count <= UInt64(Int.max) else { return nil }
            displayName = .prefixOfName(Int(count))
        } else {
            guard let text = reader.text() else { return nil }
            displayName = .bytes(text)
        }
        var package: Range<Int>?
        if !omitted.contains(.package) {
            guard let text = reader.text() else { return nil }
            package = text
        }
        guard reader.isAtEnd else { return nil }
        let status = FileStatus(
            kind: kind, size: statusSize, modificationTime: statusModificationTime, changeTime: changeTime,
            inode: inode, device: device, mode: UInt32(mode)
        )
        return Fields(
            status: status, flags: CatalogStore.Flags(rawValue: Int(flags)), states: states, size: size, modificationTime: modificationTime,
            type: type, name: name, displayName: displayName, package: package
        )
    }

    /// Where the last name of `relativePath` lies in it: a catalog's
    /// relative paths never end in a slash.
    static func lastComponent(of relativePath: UnsafeRawBufferPointer) -> Range<Int> {
        let start = relativePath.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        return start..<relativePath.count
    }

    // Codes of their own, not the enumeration's order, which a new case may change.
    private static func code(of kind: FileStatus.Kind) -> UInt8 {
        switch kind {
        case .regular: 0
        case .directory: 1
        case .symbolicLink: 2
        case .other: 3
        }
    }

    private static func kind(of code: UInt8) -> FileStatus.Kind? {
        switch code {
        case 0: .regular
        case 1: .directory
        case 2: .symbolicLink
        case 3: .other
        default: nil
        }
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private static func appendSigned(_ value: Int64, to bytes: inout [UInt8]) {
        appendVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)), to: &bytes)
    }

    private static func appendTime(_ value: Int64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func appendText(_ text: some Collection<UInt8>, to bytes: inout [UInt8]) {
        appendVarint(UInt64(text.count), to: &bytes)
        bytes.append(contentsOf: text)
    }

    /// Reads a record forward, every read checked against its end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() -> UInt64? {
            var value: UInt64 = 0
            // Ten bytes hold 64 bits; an eleventh means a damaged record.
            for shift in stride(from: UInt64(0), to: 70, by: 7) {
                guard let byte = byte() else { return nil }
                value |= UInt64(byte & 0x7f) << shift
                if byte < 0x80 { return value }
            }
            return nil
        }

        mutating func signed() -> Int64? {
            varint().map { Int64(bitPattern: ($0 >> 1) ^ (0 &- ($0 & 1))) }
        }

        mutating func time() -> Int64? {
            guard bytes.count - offset >= 8 else { return nil }
            defer { offset += 8 }
            return Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self))
        }

        mutating func text() -> Range<Int>? {
            guard let count = varint(), count <= UInt64(bytes.count - offset) else { return nil }
            defer { offset += Int(count) }
            return offset..<offset + Int(count)
        }
    }
}
