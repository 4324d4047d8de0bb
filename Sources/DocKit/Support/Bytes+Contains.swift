extension Array where Element == UInt8 {
    /// Whether `fragment` occurs in these bytes. A plain loop: the generic
    /// `firstRange(of:)` cost a third of a 100,000-document listing.
    func contains(subsequence fragment: [UInt8]) -> Bool {
        guard !fragment.isEmpty else { return true }
        guard fragment.count <= count else { return false }
        let first = fragment[0]
        var start = 0
        while start <= count - fragment.count {
            if self[start] == first {
                var matched = 1
                while matched < fragment.count, self[start + matched] == fragment[matched] { matched += 1 }
                if matched == fragment.count { return true }
            }
            start += 1
        }
        return false
    }
}
