/// Where a ``TypeRegistry`` finds its answers. A registry built from its
/// sources keeps dictionaries; one a store loads maps the index file and
/// decodes only the records a question touches, so that a command that
/// needs one type does not load a thousand.
protocol TypeRegistryBacking: Sendable {
    var count: Int { get }
    /// In identifier order.
    var allTypes: [UTType] { get }
    var claims: [TypeRegistry.TagClaim] { get }
    var digest: String { get }

    /// The declared type whose ``TypeRegistry/key(_:)`` is `key`.
    func declaredType(key: String) -> UTType?

    /// The declared types claiming exactly `value`, best first, each once;
    /// empty when no declared type claims it.
    func types(claiming value: String, tagClass: TypeTagClass) -> [UTType]

    /// The conformance chain of a declared type, when the backing keeps it
    /// precomputed; nil sends the registry walking the graph itself.
    func conformanceChain(ofDeclared key: String) -> [String]?

    /// Whether a declared type is a package, when the backing keeps it
    /// precomputed.
    func isPackage(declared key: String) -> Bool?
}
