/// How far the copy of one document has got, reported while a move or
/// deletion crosses file systems (within one, a rename is instant).
public struct TransferProgress: Sendable, Hashable {
    /// The document's qualified name, `local:Name`.
    public var document: String
    /// Bytes copied so far.
    public var bytesCopied: Int64
    /// The document's size in bytes; for a package, the total of what it holds.
    public var totalBytes: Int64
}
