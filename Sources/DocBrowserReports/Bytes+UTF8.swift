extension [UInt8] {
    /// Appends `text`'s UTF-8 in one copy: appending a `String.UTF8View`
    /// goes a byte at a time through the string's indices, which was a
    /// tenth of `list --json`'s time over 100,000 documents.
    public mutating func appendUTF8(of text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends `text`'s UTF-8 in one copy if `accepts` takes each of its
    /// bytes, and otherwise nothing.
    ///
    /// - Returns: Whether it was appended.
    public mutating func appendUTF8(of text: String, ifEvery accepts: (UInt8) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.allSatisfy(accepts) else { return false }
            append(contentsOf: bytes)
            return true
        }
    }
}
