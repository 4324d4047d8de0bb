extension UnsafeRawBufferPointer {
    /// Whether every byte is below 0x80, read eight bytes at a time: a
    /// listing checks each name, and a byte at a time through generic code
    /// cost more than the rest of typing it.
    var isASCII: Bool {
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= count {
            high |= loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            high |= UInt64(self[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}

extension String {
    /// ``UnsafeRawBufferPointer/isASCII`` of the UTF-8.
    var isASCII: Bool {
        utf8.withContiguousStorageIfAvailable { UnsafeRawBufferPointer($0).isASCII } ?? utf8.allSatisfy { $0 < 0x80 }
    }
}
