#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// Whether this string's UTF-8 is `bytes` (or, `asPrefix`, begins
    /// with them), compared as memory: `utf8.elementsEqual` steps a byte
    /// at a time through generic code, and a listing compares names once
    /// per document.
    func utf8Equals(_ bytes: UnsafeRawBufferPointer, asPrefix: Bool = false) -> Bool {
        let utf8 = self.utf8
        guard asPrefix ? utf8.count >= bytes.count : utf8.count == bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        return utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
            ?? utf8.prefix(bytes.count).elementsEqual(bytes)
    }

    /// ``utf8Equals(_:asPrefix:)`` of another string's UTF-8.
    func utf8HasPrefix(_ prefix: String) -> Bool {
        prefix.utf8.withContiguousStorageIfAvailable { utf8Equals(UnsafeRawBufferPointer($0), asPrefix: true) }
            ?? utf8.starts(with: prefix.utf8)
    }
}
