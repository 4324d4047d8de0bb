import ArchiveChecks

/// Where the archive's symbolic links point, checked once every link is
/// known: a link is followed through the others, as the kernel would
/// after extraction, and must stay inside the archive's root. Links are
/// nodes of the archive's `PathTree`, so following a target costs one
/// step per component.
struct SymlinkTable {
    private(set) var targets: [Int: [UInt8]] = [:]
    private(set) var order: [Int] = []

    /// A later entry of the same name replaces the target, as tar does.
    mutating func add(_ node: Int, target: [UInt8]) {
        if targets.updateValue(target, forKey: node) == nil { order.append(node) }
    }

    /// Refuses a link whose target is absolute or leads, through `..` or
    /// through other links, above the root; and loops.
    func checkEscapes(in tree: PathTree) throws(PluginFailure) {
        for link in order {
            guard let target = targets[link] else { continue }
            var hops = 0
            guard try resolve(target, from: Place(node: tree[link].parent), in: tree, hops: &hops, link: link) != nil else {
                throw PluginFailure.refused(tree.name(of: link).display, rule: "symlink-escapes",
                                            "the link's target '\(displayName(target))' points outside the archive")
            }
        }
    }

    /// A point of the resolution: a node of the tree, and below it
    /// `missing` components the archive never named (so none is a link).
    private struct Place {
        var node: Int
        var missing = 0
    }

    /// Where the target leads, or nil when it escapes.
    private func resolve(_ target: [UInt8], from start: Place, in tree: PathTree, hops: inout Int, link: Int) throws(PluginFailure) -> Place? {
        if target.first == UInt8(ascii: "/") { return nil }
        hops += 1
        guard hops <= 40 else {
            throw PluginFailure.refused(tree.name(of: link).display, rule: "symlink-loop", "the link's target goes round a loop of links")
        }
        var place = start
        for part in target.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual(".".utf8) { continue }
            if part.elementsEqual("..".utf8) {
                if place.missing > 0 {
                    place.missing -= 1
                } else {
                    guard place.node != PathTree.root else { return nil }
                    place.node = tree[place.node].parent
                }
                continue
            }
            guard place.missing == 0, let next = tree.child(of: place.node, named: Array(part)) else {
                place.missing += 1
                continue
            }
            if tree[next].kind == .symlink, let nextTarget = targets[next] {
                guard let followed = try resolve(nextTarget, from: place, in: tree, hops: &hops, link: link) else { return nil }
                place = followed
            } else {
                place.node = next
            }
        }
        return place
    }
}
