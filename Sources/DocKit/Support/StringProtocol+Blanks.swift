extension StringProtocol where UTF8View: BidirectionalCollection, UTF8View.Index == Index {
    /// Without the spaces and tabs at either end, which is what desktop
    /// entries and `mimeapps.list` mean by whitespace. Found on the UTF-8
    /// bytes: Foundation's trimming goes through ICU, and cost more than
    /// the rest of reading the desktop's apps, once per line of each.
    var trimmingBlanks: SubSequence {
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = utf8.firstIndex(where: { !isBlank($0) }), let last = utf8.lastIndex(where: { !isBlank($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
