/// Every path the archive has named so far, as a tree of components, so
/// that an entry is placed, and its ancestors checked, in steps as many
/// as its own components: a deep archive costs what it weighs, not the
/// square of its depth.
package struct PathTree {
    package enum Kind {
        /// A directory the archive listed, or one made because an entry
        /// sits below it.
        case directory
        case file
        /// Made last, after every other entry.
        case symlink
    }

    package struct Node {
        package var parent: Int
        package var component: [UInt8]
        package var depth: Int
        package var children: [[UInt8]: Int] = [:]
        /// nil while only named, before anything exists on disk.
        package var kind: Kind?
    }

    package static let root = 0
    private(set) var nodes = [Node(parent: -1, component: [], depth: 0, kind: .directory)]

    package subscript(node: Int) -> Node { nodes[node] }

    package init() {}

    package mutating func setKind(_ kind: Kind, of node: Int) { nodes[node].kind = kind }

    package func child(of node: Int, named component: [UInt8]) -> Int? { nodes[node].children[component] }

    /// The node of `name`, adding the missing ones.
    package mutating func insert(_ name: EntryName) -> Int {
        var current = Self.root
        for component in name.components {
            if let next = nodes[current].children[component] {
                current = next
            } else {
                nodes.append(Node(parent: current, component: component, depth: nodes[current].depth + 1))
                nodes[current].children[component] = nodes.count - 1
                current = nodes.count - 1
            }
        }
        return current
    }

    package func lookup(_ name: EntryName) -> Int? {
        var current = Self.root
        for component in name.components {
            guard let next = nodes[current].children[component] else { return nil }
            current = next
        }
        return current
    }

    /// The nearest ancestor of `node` that is not a directory, if any: an
    /// entry below a link or a file would be written through it.
    package func blockingAncestor(of node: Int) -> Int? {
        var current = nodes[node].parent
        while current > Self.root {
            if let kind = nodes[current].kind, kind != .directory { return current }
            current = nodes[current].parent
        }
        return nil
    }

    package func name(of node: Int) -> EntryName {
        var components: [[UInt8]] = []
        var current = node
        while current > Self.root {
            components.append(nodes[current].component)
            current = nodes[current].parent
        }
        return EntryName(components: components.reversed())
    }

    /// The node's children that are directories, in name order.
    package func directoryChildren(of node: Int) -> [Int] {
        nodes[node].children
            .filter { nodes[$0.value].kind == .directory }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
            .map(\.value)
    }
}
