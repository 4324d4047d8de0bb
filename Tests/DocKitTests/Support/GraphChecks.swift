@testable import DocKit

/// Checks of a registry's conformance graph made from the direct
/// conformances alone, independently of ``TypeRegistry/conformanceChain(of:)``,
/// whose visited set would hide a cycle.
enum GraphChecks {
    /// "type → parent" for every conformance naming an undeclared type.
    static func undeclaredConformances(in registry: TypeRegistry) -> [String] {
        registry.allTypes.flatMap { type in
            type.conformsTo
                .filter { registry.type(withIdentifier: $0) == nil }
                .map { "\(type.identifier) → \($0)" }
        }
    }

    /// One path per cycle found, as "a → b → a".
    static func cycles(in registry: TypeRegistry) -> [String] {
        enum State { case visiting, done }
        var state: [String: State] = [:]
        var cycles: [String] = []
        var path: [String] = []

        func visit(_ identifier: String) {
            let key = identifier.lowercased()
            switch state[key] {
            case .done: return
            case .visiting:
                let start = path.firstIndex { $0.lowercased() == key } ?? 0
                cycles.append((path[start...] + [identifier]).joined(separator: " → "))
                return
            case nil: break
            }
            state[key] = .visiting
            path.append(identifier)
            for parent in registry.type(withIdentifier: identifier)?.conformsTo ?? [] {
                visit(parent)
            }
            path.removeLast()
            state[key] = .done
        }

        for type in registry.allTypes { visit(type.identifier) }
        return cycles
    }
}
