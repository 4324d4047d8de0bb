extension DocumentState {
    /// The state as one bit of a byte, in declaration order: records that
    /// hold a document's states in a byte (a listing's, a catalog page's)
    /// need no set per document.
    var bit: UInt8 {
        UInt8(1) << UInt8(Self.allCases.firstIndex(of: self)!)
    }

    /// The bits of `states`, each state's ``bit``.
    static func bits(of states: Set<DocumentState>) -> UInt8 {
        states.reduce(0) { $0 | $1.bit }
    }

    /// The states whose ``bit`` is set in `bits`.
    static func states(fromBits bits: UInt8) -> Set<DocumentState> {
        guard bits != 0 else { return [] }
        return Set(allCases.filter { bits & $0.bit != 0 })
    }
}
