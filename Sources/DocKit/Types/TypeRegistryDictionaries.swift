/// A registry's answers held in dictionaries, as the merge of its sources
/// builds them. Conformance is left to the registry to walk: a registry
/// built in memory is asked few questions before it is indexed or dropped.
struct TypeRegistryDictionaries: TypeRegistryBacking {
    private let typesByKey: [String: UTType]
    private let claimsByTag: [TypeTagClass: [String: [TypeRegistry.TagClaim]]]
    let claims: [TypeRegistry.TagClaim]

    init(types: [UTType], claims: [TypeRegistry.TagClaim]) {
        var typesByKey: [String: UTType] = [:]
        for type in types { typesByKey[TypeRegistry.key(type.identifier)] = type }
        var claimsByTag: [TypeTagClass: [String: [TypeRegistry.TagClaim]]] = [:]
        for claim in claims where typesByKey[TypeRegistry.key(claim.identifier)] != nil {
            claimsByTag[claim.tagClass, default: [:]][claim.value, default: []].append(claim)
        }
        for tagClass in claimsByTag.keys {
            claimsByTag[tagClass] = claimsByTag[tagClass]!.mapValues { $0.sorted(by: TypeRegistry.TagClaim.ranks) }
        }
        self.typesByKey = typesByKey
        self.claimsByTag = claimsByTag
        self.claims = claims
    }

    var count: Int { typesByKey.count }

    var allTypes: [UTType] {
        typesByKey.values.sorted { $0.identifier < $1.identifier }
    }

    var digest: String { TypeRegistry.digest(types: allTypes, claims: claims) }

    func declaredType(key: String) -> UTType? { typesByKey[key] }

    func types(claiming value: String, tagClass: TypeTagClass) -> [UTType] {
        var seen = Set<String>()
        return (claimsByTag[tagClass]?[value] ?? []).compactMap { claim in
            let key = TypeRegistry.key(claim.identifier)
            guard seen.insert(key).inserted else { return nil }
            return typesByKey[key]
        }
    }

    func conformanceChain(ofDeclared key: String) -> [String]? { nil }

    func isPackage(declared key: String) -> Bool? { nil }
}
