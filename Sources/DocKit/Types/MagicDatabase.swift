import Foundation

/// shared-mime-info's content rules ("magic"), read from the compiled
/// `mime/magic` file that `update-mime-database` writes into each XDG data
/// directory, and matched as xdgmime (and so GIO) matches them: the
/// matching type of highest priority wins.
///
/// The format: a `MIME-Magic\0\n` header, then one section per type,
/// `[priority:type]\n`, holding one rule per line,
/// `[indent]>offset=LLvalue[&mask][~wordsize][+range]\n`, where `LL` is the
/// value's length as two big-endian bytes. A rule indented one deeper than
/// the one before it holds only when that one does too; of the rules at one
/// level, any may hold.
public struct MagicDatabase: Sendable {
    /// One type's rules, and how strongly they name it (0 to 100).
    public struct Section: Sendable, Hashable {
        /// Higher wins; shared-mime-info's default is 50.
        public var priority: Int
        /// The type the rules name.
        public var mimeType: String
        var rules: [Rule]
    }

    struct Rule: Sendable, Hashable {
        var offset: Int
        var value: [UInt8]
        var mask: [UInt8]?
        var range: Int
        var children: [Rule]

        /// How far into a file this rule and those under it look.
        var extent: Int {
            max(offset + range - 1 + value.count, children.map(\.extent).max() ?? 0)
        }

        func matches(_ data: [UInt8]) -> Bool {
            guard holds(data) else { return false }
            return children.isEmpty || children.contains { $0.matches(data) }
        }

        private func holds(_ data: [UInt8]) -> Bool {
            let last = min(offset + range - 1, data.count - value.count)
            guard offset <= last else { return false }
            for start in offset...last where bytesMatch(data, at: start) { return true }
            return false
        }

        private func bytesMatch(_ data: [UInt8], at start: Int) -> Bool {
            if let mask {
                for index in value.indices where data[start + index] & mask[index] != value[index] & mask[index] { return false }
                return true
            }
            for index in value.indices where data[start + index] != value[index] { return false }
            return true
        }
    }

    /// Highest priority first, as xdgmime tries them.
    public private(set) var sections: [Section]
    /// How many leading bytes of a file the rules look at.
    public let extent: Int

    init(sections: [Section]) {
        // Stable: within one priority, the order of the file.
        self.sections = sections.enumerated().sorted { lhs, rhs in
            lhs.element.priority != rhs.element.priority ? lhs.element.priority > rhs.element.priority : lhs.offset < rhs.offset
        }.map(\.element)
        extent = sections.flatMap(\.rules).map(\.extent).max() ?? 0
    }

    /// The databases of every XDG data directory, in the order of
    /// importance (`$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`): a type's rules
    /// come from the most important directory that has some, as
    /// shared-mime-info compiles every package of a directory into one file.
    ///
    /// - Parameter environment: The variables that name the XDG data
    ///   directories, such as ``DocumentLibrary/environment``.
    /// - Returns: The rules; `nil` when no directory has a readable
    ///   `mime/magic` file.
    public static func load(environment: [String: String]) -> MagicDatabase? {
        load(directories: SharedMimeInfoRules.directories(environment: environment))
    }

    /// The rules of shared-mime-info folders (each the `mime` folder of an
    /// XDG data directory), more important first, as ``load(environment:)``
    /// reads them.
    static func load(directories: [URL]) -> MagicDatabase? {
        var sections: [Section] = []
        var seen = Set<String>()
        var found = false
        for directory in directories {
            let url = directory.appending(path: "magic")
            guard let data = try? Data(contentsOf: url), let parsed = try? parse(Array(data)) else { continue }
            found = true
            // A more important directory's rules for a type replace the others'.
            let fresh = parsed.filter { !seen.contains($0.mimeType) }
            seen.formUnion(fresh.map(\.mimeType))
            sections += fresh
        }
        return found ? MagicDatabase(sections: sections) : nil
    }

    struct FormatError: Error {}

    /// Nesting deeper than this is no real rule: it is refused, so that no
    /// file can make matching recurse without end.
    static let maximumDepth = 32

    /// The sections of a compiled magic file. A section that cannot be read
    /// (an unknown flag, a rule indented more than one deeper than the one
    /// before it, nesting past ``maximumDepth``) is skipped, as xdgmime
    /// skips it; the others still count.
    static func parse(_ bytes: [UInt8]) throws(FormatError) -> [Section] {
        let header = Array("MIME-Magic\0\n".utf8)
        guard bytes.starts(with: header) else { throw FormatError() }
        var reader = Reader(bytes: bytes, position: header.count)
        var sections: [Section] = []
        while !reader.isAtEnd {
            do {
                sections.append(try reader.section())
            } catch {
                reader.skipToNextSection()
            }
        }
        return sections
    }

    /// Rules as a tree: each rule holds the deeper-indented ones after it.
    fileprivate static func nest(_ flat: ArraySlice<(indent: Int, rule: Rule)>, depth: Int) -> [Rule] {
        var rules: [Rule] = []
        var index = flat.startIndex
        while index < flat.endIndex {
            guard flat[index].indent == depth else { index += 1; continue }
            var end = index + 1
            while end < flat.endIndex, flat[end].indent > depth { end += 1 }
            var rule = flat[index].rule
            rule.children = nest(flat[(index + 1)..<end], depth: depth + 1)
            rules.append(rule)
            index = end
        }
        return rules
    }

    private struct Reader {
        let bytes: [UInt8]
        var position: Int

        var isAtEnd: Bool { position >= bytes.count }
        func peek() -> UInt8? { isAtEnd ? nil : bytes[position] }

        mutating func take() -> UInt8? {
            guard let byte = peek() else { return nil }
            position += 1
            return byte
        }

        mutating func take(_ count: Int) throws(FormatError) -> [UInt8] {
            guard count >= 0, position + count <= bytes.count else { throw FormatError() }
            defer { position += count }
            return Array(bytes[position..<(position + count)])
        }

        mutating func number() -> Int? {
            var value: Int?
            while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                value = (value ?? 0) &* 10 &+ Int(byte - UInt8(ascii: "0"))
                guard value! < 1 << 30 else { return nil }
                position += 1
            }
            return value
        }

        mutating func text(upTo terminator: UInt8) throws(FormatError) -> String {
            guard let end = bytes[position...].firstIndex(of: terminator) else { throw FormatError() }
            defer { position = end }
            return String(decoding: bytes[position..<end], as: UTF8.self)
        }

        mutating func rule() throws(FormatError) -> (indent: Int, rule: Rule) {
            let indent = number() ?? 0
            guard take() == UInt8(ascii: ">"), let offset = number(), take() == UInt8(ascii: "=") else { throw FormatError() }
            let length = try take(2)
            var value = try take(Int(length[0]) << 8 | Int(length[1]))
            var mask: [UInt8]?
            var wordSize = 1
            var range = 1
            while let byte = take(), byte != UInt8(ascii: "\n") {
                switch byte {
                case UInt8(ascii: "&"): mask = try take(value.count)
                case UInt8(ascii: "~"): wordSize = number() ?? 1
                case UInt8(ascii: "+"): range = max(1, number() ?? 1)
                default: throw FormatError()
                }
            }
            // Values of 2- and 4-byte words are written big-endian, and read
            // in this machine's order.
            guard [0, 1, 2, 4].contains(wordSize), value.count % max(wordSize, 1) == 0 else { throw FormatError() }
            #if _endian(little)
            if wordSize == 2 || wordSize == 4 {
                value = Self.swapped(value, wordSize)
                mask = mask.map { Self.swapped($0, wordSize) }
            }
            #endif
            return (indent, Rule(offset: offset, value: value, mask: mask, range: range, children: []))
        }

        mutating func section() throws(FormatError) -> Section {
            guard take() == UInt8(ascii: "[") else { throw FormatError() }
            let title = try text(upTo: UInt8(ascii: "]"))
            guard take() == UInt8(ascii: "]"), take() == UInt8(ascii: "\n") else { throw FormatError() }
            let parts = title.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let priority = Int(parts[0]), (0...100).contains(priority) else { throw FormatError() }
            var flat: [(indent: Int, rule: Rule)] = []
            while !isAtEnd, peek() != UInt8(ascii: "[") {
                let line = try rule()
                let deepest = (flat.last?.indent ?? -1) + 1
                guard line.indent <= deepest, line.indent < MagicDatabase.maximumDepth else { throw FormatError() }
                flat.append(line)
            }
            return Section(priority: priority, mimeType: TypeTagClass.mimeType.normalized(String(parts[1])), rules: MagicDatabase.nest(flat[...], depth: 0))
        }

        /// After a line that cannot be read: on to the next `\n[`, where a
        /// section starts, or the end.
        mutating func skipToNextSection() {
            // Already there: the error was in the header that ended the last line.
            if position > 0, position < bytes.count, bytes[position - 1] == 0x0A, bytes[position] == UInt8(ascii: "[") { return }
            while position + 1 < bytes.count, !(bytes[position] == 0x0A && bytes[position + 1] == UInt8(ascii: "[")) {
                position += 1
            }
            position = min(position + 1, bytes.count)
        }

        static func swapped(_ bytes: [UInt8], _ wordSize: Int) -> [UInt8] {
            stride(from: 0, to: bytes.count, by: wordSize).flatMap { bytes[$0..<($0 + wordSize)].reversed() }
        }
    }

    /// The type the content names, and the priority of its rule.
    ///
    /// - Parameter data: The file's first bytes, ``extent`` of them when it has
    ///   that many.
    /// - Returns: The first section, by priority, whose rules match; `nil` when
    ///   none does.
    public func match(_ data: [UInt8]) -> Section? {
        sections.first { section in section.rules.contains { $0.matches(data) } }
    }

    /// Whether the database has rules for one of `mimeTypes` and `data`
    /// holds none of them: then the content is not of that type, whatever
    /// the name says. Without rules for them the content says nothing.
    ///
    /// - Parameters:
    ///   - data: The file's first bytes, ``extent`` of them when it has that many.
    ///   - mimeTypes: A type's MIME types, compared case-insensitively.
    /// - Returns: `true` when some of them have rules and none holds.
    func rules(of mimeTypes: [String], failOn data: [UInt8]) -> Bool {
        let own = sections.filter { section in mimeTypes.contains { $0.caseInsensitiveCompare(section.mimeType) == .orderedSame } }
        return !own.isEmpty && !own.contains { section in section.rules.contains { $0.matches(data) } }
    }
}
