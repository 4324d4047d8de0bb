#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Names the type of a file on disk: by its name first, as LaunchServices
/// does, and by its content only when the name says nothing.
public struct FileTypeIdentifier: Sendable {
    /// The type found for a file, and whether its content decided it.
    public struct Identification: Sendable {
        /// The file's type; a dynamic type or `public.data` when neither name nor content says more.
        public var type: UTType
        /// Set when the type was guessed from the content.
        public var guess: ContentSniffer.Guess?
    }

    /// Names types by filename and by identifier.
    public let registry: TypeRegistry
    /// shared-mime-info's content rules, tried before docbrowser's own
    /// small table; nil where there are none.
    public var magic: MagicDatabase? {
        switch rules {
        case .ofRegistry: registry.sharedMimeInfo?.magic
        case .given(let magic, _): magic
        }
    }

    /// shared-mime-info's file-name rules of forms extensions do not carry
    /// (whole names, case-sensitive patterns); nil where there are none.
    public var globs: GlobDatabase? {
        switch rules {
        case .ofRegistry: registry.sharedMimeInfo?.globs
        case .given(_, let globs): globs
        }
    }

    /// The registry's rules are read when a file's name or content first
    /// needs them, not when the identifier is made: a scan makes one for
    /// each file.
    private enum Rules: Sendable {
        case ofRegistry
        case given(magic: MagicDatabase?, globs: GlobDatabase?)
    }

    private let rules: Rules

    /// Creates an identifier that examines names and content with the
    /// shared-mime-info rules compiled in the registry's
    /// ``TypeRegistry/sharedMimeInfoDirectories``, read the first time they
    /// are needed: for a registry of ``DocumentLibrary/typeRegistry(forceRebuild:)``,
    /// those of the library's ``DocumentLibrary/environment``. A registry
    /// made in code has none: names are typed by their extensions, content
    /// by docbrowser's own table.
    ///
    /// - Parameter registry: The type registry.
    public init(registry: TypeRegistry) {
        self.registry = registry
        rules = .ofRegistry
    }

    /// Creates an identifier with name and content rules of the caller's choosing.
    ///
    /// - Parameters:
    ///   - registry: The type registry.
    ///   - magic: shared-mime-info's content rules, `nil` for none.
    ///   - globs: shared-mime-info's file-name rules, `nil` (the default) for none.
    public init(registry: TypeRegistry, magic: MagicDatabase?, globs: GlobDatabase? = nil) {
        self.registry = registry
        rules = .given(magic: magic, globs: globs)
    }

    /// Identifies the file at a file URL, as the `RawPath` overload does.
    ///
    /// - Parameter url: A file URL; a symbolic link is not followed.
    /// - Returns: The file's type.
    /// - Throws: ``DocKitError`` when nothing is at the path or it cannot be examined.
    public func identify(_ url: URL) throws(DocKitError) -> Identification {
        try identify(RawPath(url))
    }

    /// A symbolic link is `public.symlink`, whatever it points to: it is
    /// never followed. A regular file's content is read only when its name names
    /// no declared type, or names a property list (to tell XML from binary).
    ///
    /// - Parameter path: The file to identify.
    /// - Returns: The file's type, with the guess when content decided it.
    /// - Throws: ``DocKitError/Code/notFound`` when nothing is at `path`;
    ///   ``DocKitError/Code/fileSystem`` when it cannot be examined.
    public func identify(_ path: RawPath) throws(DocKitError) -> Identification {
        let found: FileStatus?
        do {
            found = try FileStatus.of(path)
        } catch {
            throw DocKitError(TypeRegistryError.unreadableFile(path: path.description, reason: String(cString: strerror(error.errno))))
        }
        guard let status = found else { throw DocKitError(TypeRegistryError.fileNotFound(path: path.description)) }
        return try identify(path, status: status)
    }

    /// As `identify(_:)` of a path, for a file whose `lstat` the caller has
    /// just made: a scan would otherwise make a second one for each file.
    func identify(_ path: RawPath, status: FileStatus) throws(DocKitError) -> Identification {
        try identify(path, status: status) { registry.type(forFileName: $0, isDirectory: $1) }
    }

    /// As `identify(_:status:)`, naming types by `typeForName`, which a
    /// scan answers once per extension; `name`, when given, is the path's
    /// last component as text, made once by the caller.
    func identify(
        _ path: RawPath, status: FileStatus, name: String? = nil, typeForName: (_ name: String, _ isDirectory: Bool) -> UTType
    ) throws(DocKitError) -> Identification {
        let name = name ?? path.lastComponent.description
        switch status.kind {
        case .symbolicLink:
            return Identification(type: registry.type(withIdentifier: UTType.symbolicLink) ?? UTType(identifier: UTType.symbolicLink, source: .system))
        case .directory:
            return Identification(type: typeForName(name, true))
        case .regular, .other:
            // shared-mime-info checks whole names, then case-sensitive
            // globs, before any extension: `pom.xml` is a Maven project,
            // not any XML; `x.C` is C++.
            if let type = typeOfWholeName(name) { return Identification(type: type) }
            var byName = typeForName(name, false)
            if byName.source == .sharedMimeInfo, let missed = globs?.caseSensitiveMisses(name), missed.contains(where: { byName.mimeTypes.contains($0.mimeType) }) {
                // Only a case-sensitive glob gave the extension (`*.gs`), and
                // the name does not match it as written (`X.GS`).
                byName = registry.type(withIdentifier: UTType.data) ?? byName
            }
            if Self.isPropertyList(byName.identifier), status.kind == .regular,
               let refined = Self.propertyListForm(Self.head(of: path, length: 64)),
               let type = registry.type(withIdentifier: refined.identifier) {
                return Identification(type: type, guess: refined)
            }
            guard byName.isDynamic || byName.identifier == UTType.data else {
                guard status.kind == .regular, let decided = typeFromTiedGlobs(name, byName: byName, head: { sample(of: path) }) else {
                    return Identification(type: byName)
                }
                return decided
            }
            if let type = typeOfPattern(name) { return Identification(type: type) }
            guard status.kind == .regular else { return Identification(type: byName) }
            let head = sample(of: path)
            guard let guess = guess(head), let guessed = registry.type(withIdentifier: guess.identifier) else { return Identification(type: byName) }
            return Identification(type: guessed, guess: guess)
        }
    }

    /// The declared type of the first of `matches` (heaviest first) whose
    /// MIME type the registry knows; nil when none is.
    private func declaredType(_ matches: [GlobDatabase.Glob]?) -> UTType? {
        matches?.lazy.map { registry.preferredType(withTag: $0.mimeType, tagClass: .mimeType) }.first { !$0.isDynamic }
    }

    /// The type of the heaviest glob that names `name` whole (`Makefile`,
    /// `meson.build`), or else whose case-sensitive `*.ext` ends it as
    /// written (`*.C` is C++, where `.c` is C); nil when none does.
    func typeOfWholeName(_ name: String) -> UTType? {
        declaredType(globs?.literalMatches(name)) ?? declaredType(globs?.caseSensitiveMatches(name))
    }

    /// The type of the heaviest glob with wildcards that matches `name`
    /// (`*.[1-9]`, `*~`), for a name whose extension says nothing.
    func typeOfPattern(_ name: String) -> UTType? {
        declaredType(globs?.patternMatches(name))
    }

    /// What the content says: shared-mime-info's rules, as GIO reads them,
    /// then docbrowser's own table (text, JSON, and the formats it knows).
    ///
    /// - Parameter head: The file's first bytes.
    /// - Returns: The type and what in the bytes gave it away; `nil` when
    ///   nothing in them is telling.
    public func guess(_ head: [UInt8]) -> ContentSniffer.Guess? {
        if let section = magic?.match(head) {
            let type = registry.preferredType(withTag: section.mimeType, tagClass: .mimeType)
            if !type.isDynamic {
                return ContentSniffer.Guess(identifier: type.identifier, evidence: "shared-mime-info's magic for \(section.mimeType) (priority \(section.priority))")
            }
        }
        return ContentSniffer.guess(head: Array(head.prefix(ContentSniffer.headLength)))
    }

    /// As much of the head of a file as the content rules look at, for ``guess(_:)``.
    func sample(of path: RawPath) -> [UInt8] {
        Self.head(of: path, length: max(ContentSniffer.headLength, min(magic?.extent ?? 0, Self.longestHead)))
    }

    static let propertyList = "com.apple.property-list"

    /// `caseInsensitiveCompare` with ``propertyList``, which goes through
    /// Foundation's full case folding for every file of a scan; an ASCII
    /// identifier, nearly every one, needs only ASCII's.
    static func isPropertyList(_ identifier: String) -> Bool {
        guard identifier.isASCII else { return identifier.caseInsensitiveCompare(propertyList) == .orderedSame }
        return identifier.utf8.count == propertyList.utf8.count
            && zip(identifier.utf8, propertyList.utf8).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0) == $1 }
    }

    /// `.plist` names a property list; its first bytes say which form, as
    /// Apple's declarations have one type for each.
    static func propertyListForm(_ head: [UInt8]) -> ContentSniffer.Guess? {
        if head.starts(with: Array("bplist".utf8)) {
            return ContentSniffer.Guess(identifier: "com.apple.binary-property-list", evidence: "binary property list header")
        }
        let text = head.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if text.starts(with: Array("<?xml".utf8)) || text.starts(with: Array("<!DOCTYPE plist".utf8)) || text.starts(with: Array("<plist".utf8)) {
            return ContentSniffer.Guess(identifier: "com.apple.xml-property-list", evidence: "XML declaration")
        }
        if let first = text.first, [UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "\"")].contains(first) || first == UInt8(ascii: "/") {
            return ContentSniffer.Guess(identifier: "com.apple.ascii-property-list", evidence: "old-style (ASCII) property list syntax")
        }
        return nil
    }

    /// No rule of shared-mime-info looks further than 64 KiB in (ISO 9660's
    /// descriptor is at 32 KiB); a damaged database must not make every
    /// guess read a whole file.
    static let longestHead = 1 << 16

    /// The first bytes of a file, never following a link and never
    /// blocking on a FIFO put in its place since it was examined.
    static func head(of path: RawPath, length: Int = ContentSniffer.headLength) -> [UInt8] {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: length)
        var filled = 0
        while filled < length {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, length - filled) }
            guard count > 0 else { break }
            filled += count
        }
        return Array(buffer.prefix(filled))
    }
}
