#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// shared-mime-info's file-name rules of the forms a type's extensions do
/// not carry, read from the compiled `mime/globs2` that
/// `update-mime-database` writes into each XDG data directory: whole names
/// (`Makefile`, `meson.build`), patterns with wildcards (`*.[1-9]`, `*~`)
/// and case-sensitive patterns (`*.C`).
///
/// Each line is `weight:mime-type:pattern[:flags]`; the pattern is
/// lower-cased unless the flags hold `cs`.
public struct GlobDatabase: Sendable {
    /// One pattern and the type it names.
    public struct Glob: Sendable, Hashable {
        /// Higher wins; shared-mime-info's default is 50.
        public var weight: Int
        /// The type the pattern names.
        public var mimeType: String
        /// As written in `globs2`: lower-cased unless ``caseSensitive``.
        public var pattern: String
        /// The `cs` flag: the name must match as written, not folded.
        public var caseSensitive: Bool

        /// Whether the pattern names a whole file name, with no wildcard.
        var isLiteral: Bool { !pattern.contains { $0 == "*" || $0 == "?" || $0 == "[" } }

        /// Whether `name` matches, as xdgmime matches it: with `fnmatch`,
        /// against the name lower-cased unless the glob is case-sensitive.
        func matches(_ name: String) -> Bool {
            fnmatch(pattern, caseSensitive ? name : name.lowercased(), 0) == 0
        }
    }

    /// Patterns that name whole files, by the name they match (lower-cased
    /// unless case-sensitive), heaviest first.
    private var literals: [String: [Glob]] = [:]
    /// Patterns with wildcards other than a plain `*.ext`, which a type
    /// carries as an extension tag.
    private var patterns: [Glob] = []
    /// Case-sensitive `*.ext` globs: an extension tag is folded, and would
    /// make `.C` (C++) the `.c` of C.
    private var caseSensitiveExtensions: [Glob] = []
    /// The other `*.ext` globs, by extension, heaviest first.
    private var extensions: [String: [Glob]] = [:]
    /// Every glob as read, more important directories first.
    public private(set) var globs: [Glob] = []

    /// A database of `globs`, more important first. Of two with one
    /// pattern and type, only the first counts, as in xdgmime: `core`
    /// listed case-sensitive, then folded, names only `core`.
    init(globs: [Glob]) {
        var seen = Set<[String]>()
        self.globs = globs.filter { seen.insert([$0.pattern, $0.mimeType]).inserted }
        for glob in self.globs {
            if glob.isLiteral {
                literals[glob.pattern, default: []].append(glob)
            } else if SharedMimeInfoDeclarations.extensionOfGlob(glob.pattern) == nil {
                patterns.append(glob)
            } else if glob.caseSensitive {
                caseSensitiveExtensions.append(glob)
            } else if let ext = SharedMimeInfoDeclarations.extensionOfGlob(glob.pattern) {
                extensions[ext, default: []].append(glob)
            }
        }
        for key in extensions.keys { extensions[key] = Self.heaviestFirst(extensions[key] ?? []) }
        for key in literals.keys { literals[key]?.sort { $0.weight > $1.weight } }
        patterns = Self.heaviestFirst(patterns)
        caseSensitiveExtensions = Self.heaviestFirst(caseSensitiveExtensions)
    }

    /// Heaviest first; of equal weight, the longer pattern says more; then
    /// the order read.
    private static func heaviestFirst(_ globs: [Glob]) -> [Glob] {
        globs.enumerated().sorted { lhs, rhs in
            if lhs.element.weight != rhs.element.weight { return lhs.element.weight > rhs.element.weight }
            if lhs.element.pattern.count != rhs.element.pattern.count { return lhs.element.pattern.count > rhs.element.pattern.count }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The globs of every XDG data directory, in the order of importance
    /// (`$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`), all of them counting, but
    /// those a more important directory's `__NOGLOBS__` takes away.
    ///
    /// - Parameter environment: The variables that name the XDG data
    ///   directories, such as ``DocumentLibrary/environment``.
    /// - Returns: The globs; `nil` when no directory has a readable
    ///   `mime/globs2` file.
    public static func load(environment: [String: String]) -> GlobDatabase? {
        load(directories: SharedMimeInfoRules.directories(environment: environment))
    }

    /// The globs of shared-mime-info folders (each the `mime` folder of an
    /// XDG data directory), more important first, as ``load(environment:)``
    /// reads them.
    static func load(directories: [URL]) -> GlobDatabase? {
        var globs: [Glob] = []
        var cleared = Set<String>()
        var found = false
        for directory in directories {
            guard let data = try? Data(contentsOf: directory.appending(path: "globs2")) else { continue }
            found = true
            let parsed = parse(data)
            globs += parsed.filter { $0.pattern != "__NOGLOBS__" && !cleared.contains($0.mimeType) }
            cleared.formUnion(parsed.filter { $0.pattern == "__NOGLOBS__" }.map(\.mimeType))
        }
        return found ? GlobDatabase(globs: globs) : nil
    }

    /// The lines of a `globs2` file that can be read; comments, blank lines
    /// and lines without a weight, a type and a pattern are skipped, as
    /// xdgmime skips them.
    static func parse(_ data: Data) -> [Glob] {
        var globs: [Glob] = []
        for line in data.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
            let fields = line.split(separator: UInt8(ascii: ":"), maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count >= 3, let weight = Int(String(decoding: fields[0], as: UTF8.self)), (0...100).contains(weight),
                  !fields[1].isEmpty, !fields[2].isEmpty,
                  let pattern = String(validating: fields[2], as: UTF8.self)
            else { continue }
            let flags = fields.count > 3 ? fields[3].split(separator: UInt8(ascii: ",")).map { String(decoding: $0, as: UTF8.self) } : []
            globs.append(Glob(weight: weight, mimeType: TypeTagClass.mimeType.normalized(String(decoding: fields[1], as: UTF8.self)), pattern: pattern, caseSensitive: flags.contains("cs")))
        }
        return globs
    }

    /// The heaviest globs that name `name` as a whole, case-sensitive ones
    /// first, as shared-mime-info checks literal names before any pattern.
    ///
    /// - Parameter name: A file's name, without its folder.
    /// - Returns: The matching globs of the highest weight; empty when none names it.
    public func literalMatches(_ name: String) -> [Glob] {
        let exact = (literals[name] ?? []).filter(\.caseSensitive)
        let folded = (literals[name.lowercased()] ?? []).filter { !$0.caseSensitive }
        let matches = exact.isEmpty ? folded : exact
        guard let heaviest = matches.first?.weight else { return [] }
        return matches.filter { $0.weight == heaviest }
    }

    /// The globs with wildcards, other than a plain `*.ext`, that match
    /// `name` (`*.[1-9]` for `ls.1`, `*~` for a backup), heaviest first,
    /// then the longest pattern. shared-mime-info tries them after whole
    /// names and extensions.
    ///
    /// - Parameter name: A file's name, without its folder.
    /// - Returns: The matching globs; empty when none matches.
    public func patternMatches(_ name: String) -> [Glob] {
        patterns.filter { $0.matches(name) }
    }

    /// The case-sensitive `*.ext` globs that end `name` as written (`*.C`
    /// for `x.C`, not for `x.c`), heaviest first. shared-mime-info tries
    /// them, as written, with the extensions.
    ///
    /// - Parameter name: A file's name, without its folder.
    /// - Returns: The matching globs; empty when none matches.
    public func caseSensitiveMatches(_ name: String) -> [Glob] {
        caseSensitiveExtensions.filter { name.hasSuffix($0.pattern.dropFirst()) }
    }

    /// The folded `*.ext` globs of the longest extension of `name` that has
    /// any (`*.tar.gz` before `*.gz`), heaviest first, as xdgmime's suffix
    /// lookup gives them: several types may share one (`*.ts` is MPEG
    /// transport stream video and Qt Linguist's translations).
    ///
    /// - Parameter name: A file's name, without its folder.
    /// - Returns: The globs; empty when no extension of the name has one.
    public func extensionMatches(_ name: String) -> [Glob] {
        for candidate in TypeRegistry.extensionCandidates(of: name) {
            if let matches = extensions[candidate.lowercased()] { return matches }
        }
        return []
    }

    /// The case-sensitive `*.ext` globs that end `name` only once folded
    /// (`*.gs` for `X.GS`), of an extension no folded glob has: the type
    /// they name is an extension tag, folded like every tag, that the name
    /// as written does not match.
    ///
    /// - Parameter name: A file's name, without its folder.
    /// - Returns: The globs; empty when none is so.
    public func caseSensitiveMisses(_ name: String) -> [Glob] {
        let folded = name.lowercased()
        return caseSensitiveExtensions.filter { glob in
            let suffix = glob.pattern.dropFirst()
            return folded.hasSuffix(suffix.lowercased()) && !name.hasSuffix(suffix) && extensions[String(suffix.dropFirst()).lowercased()] == nil
        }
    }
}
