/// An archive entry's name, checked: relative, no `..`, no empty or `.`
/// components. Every file the plugin writes is reached through these
/// components from the staging directory, so a checked name cannot point
/// outside it.
struct EntryName: Hashable {
    let components: [[UInt8]]
    /// As the archive spelled it, for messages.
    let original: String

    var display: String { components.map(displayName).joined(separator: "/") }
    var isRoot: Bool { components.isEmpty }

    /// Throws a refusal naming the rule the name breaks. `role` says
    /// which name of the entry is checked (its path or its link target).
    init(_ bytes: [UInt8], role: String = "name") throws(PluginFailure) {
        let original = displayName(bytes)
        self.original = original
        guard !bytes.isEmpty else {
            throw PluginFailure.refused(original, rule: "empty-name", "the entry has an empty \(role)")
        }
        guard bytes.first != UInt8(ascii: "/") else {
            throw PluginFailure.refused(original, rule: "absolute-path", "absolute paths are not allowed in an archive")
        }
        var components: [[UInt8]] = []
        for part in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            let component = Array(part)
            if component == [UInt8(ascii: ".")] { continue }
            if component == [UInt8(ascii: "."), UInt8(ascii: ".")] {
                throw PluginFailure.refused(original, rule: "parent-component", "'..' components are not allowed in an archive")
            }
            components.append(component)
        }
        self.components = components
    }

    /// Two spellings of one path ("a/b", "./a//b/") are the same entry.
    static func == (lhs: EntryName, rhs: EntryName) -> Bool { lhs.components == rhs.components }
    func hash(into hasher: inout Hasher) { hasher.combine(components) }

    init(components: [[UInt8]]) {
        self.components = components
        original = components.map(displayName).joined(separator: "/")
    }

    var parent: EntryName { EntryName(components: Array(components.dropLast())) }
    var last: [UInt8] { components.last ?? [] }

    /// The names of the directories above, nearest the root first.
    var ancestors: [EntryName] {
        (0..<max(components.count - 1, 0)).map { EntryName(components: Array(components[...$0])) }
    }
}

/// Where the archive's symbolic links point, checked once every link is
/// known: a link is followed through the others, as the kernel would
/// after extraction, and must stay inside the archive's root.
struct SymlinkTable {
    private(set) var targets: [EntryName: [UInt8]] = [:]
    private(set) var order: [EntryName] = []

    mutating func add(_ name: EntryName, target: [UInt8]) {
        if targets.updateValue(target, forKey: name) == nil { order.append(name) }
    }

    func contains(_ name: EntryName) -> Bool { targets[name] != nil }

    /// Refuses a link whose target is absolute or leads, through `..` or
    /// through other links, above the root; and loops.
    func checkEscapes() throws(PluginFailure) {
        for name in order {
            var hops = 0
            guard try resolve(target: targets[name]!, from: name.parent.components, hops: &hops, link: name) != nil else {
                throw PluginFailure.refused(name.display, rule: "symlink-escapes", "the link's target '\(displayName(targets[name]!))' points outside the archive")
            }
        }
    }

    /// The components the target resolves to, or nil when it escapes.
    private func resolve(target: [UInt8], from directory: [[UInt8]], hops: inout Int, link: EntryName) throws(PluginFailure) -> [[UInt8]]? {
        if target.first == UInt8(ascii: "/") { return nil }
        hops += 1
        guard hops <= 40 else {
            throw PluginFailure.refused(link.display, rule: "symlink-loop", "the link's target goes round a loop of links")
        }
        var resolved = directory
        for part in target.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            let component = Array(part)
            if component == [UInt8(ascii: ".")] { continue }
            if component == [UInt8(ascii: "."), UInt8(ascii: ".")] {
                guard !resolved.isEmpty else { return nil }
                resolved.removeLast()
                continue
            }
            resolved.append(component)
            if let next = targets[EntryName(components: resolved)] {
                resolved.removeLast()
                guard let followed = try resolve(target: next, from: resolved, hops: &hops, link: link) else { return nil }
                resolved = followed
            }
        }
        return resolved
    }
}
