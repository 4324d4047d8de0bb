import Foundation

extension SearchExpression {
    /// Whether `document` satisfies the expression; `hasTerm` answers
    /// for words and phrases, which only the index knows.
    func matches(_ document: Document, registry: TypeRegistry, hasTerm: (SearchTerm) -> Bool) -> Bool {
        switch self {
        case .term(let term): hasTerm(term)
        case .predicate(let predicate): predicate.matches(document, registry: registry)
        case .and(let lhs, let rhs): lhs.matches(document, registry: registry, hasTerm: hasTerm) && rhs.matches(document, registry: registry, hasTerm: hasTerm)
        case .or(let lhs, let rhs): lhs.matches(document, registry: registry, hasTerm: hasTerm) || rhs.matches(document, registry: registry, hasTerm: hasTerm)
        case .not(let operand): !operand.matches(document, registry: registry, hasTerm: hasTerm)
        }
    }
}

extension SearchPredicate {
    /// Whether `document` passes the test, by what the catalog lists of
    /// it (and, for `tag:`, its attributes).
    public func matches(_ document: Document, registry: TypeRegistry) -> Bool {
        switch self {
        case .kind(let type): registry.conforms(document.type, to: type)
        case .name(let glob): DocumentQuery.name(document.name, matchesGlob: glob)
        case .modified(let comparison, let date): comparison.holds(document.modificationDate, against: date)
        case .size(let comparison, let bytes): comparison.holds(document.size, against: bytes)
        case .state(let state): document.stateList.contains(state)
        case .location(let location): document.location == location
        case .tag(let tag): DocumentQuery.document(document, carries: tag)
        }
    }
}
