/// An archive entry's name, checked: relative, no `..`, no empty or `.`
/// components. Every file the plugin writes is reached through these
/// components from the staging directory, so a checked name cannot point
/// outside it.
package struct EntryName: Hashable {
    /// docbrowser's temporaries (DocKit's `FileSystem.temporaryPrefix`):
    /// the launcher removes what carries it, so an entry so named would be
    /// imported and then lost.
    package static let reservedPrefix = Array(".docbrowser-tmp-".utf8)

    package let components: [[UInt8]]
    /// As the archive spelled it, for messages.
    package let original: String

    package var display: String { components.map(displayName).joined(separator: "/") }
    package var isRoot: Bool { components.isEmpty }

    /// Throws a refusal naming the rule the name breaks. `role` says
    /// which name of the entry is checked (its path or its link target).
    package init(_ bytes: [UInt8], role: String = "name") throws(PluginFailure) {
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
            if component.starts(with: Self.reservedPrefix) {
                throw PluginFailure.refused(original, rule: "reserved-name", "names starting with '.docbrowser-tmp-' are docbrowser's own temporaries, which it sweeps away")
            }
            components.append(component)
        }
        self.components = components
    }

    /// Two spellings of one path ("a/b", "./a//b/") are the same entry.
    package static func == (lhs: EntryName, rhs: EntryName) -> Bool { lhs.components == rhs.components }
    package func hash(into hasher: inout Hasher) { hasher.combine(components) }

    package init(components: [[UInt8]]) {
        self.components = components
        original = components.map(displayName).joined(separator: "/")
    }

    package var parent: EntryName { EntryName(components: Array(components.dropLast())) }
    package var last: [UInt8] { components.last ?? [] }
}
