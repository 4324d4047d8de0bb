/// How far the copy of one document has got, reported while a move or
/// deletion crosses file systems (within one, a rename is instant).
public struct TransferProgress: Sendable, Hashable {
    public var document: String
    public var bytesCopied: Int64
    public var totalBytes: Int64
}
