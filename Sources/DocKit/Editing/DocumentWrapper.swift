import Foundation

/// A document's contents as a value: a regular file's bytes, or a package
/// as a tree of children — the `FileWrapper` of Apple's platforms, which
/// swift-corelibs-foundation does not provide.
///
/// Being a value, two wrappers compare equal when their contents do, which
/// is how a save finds the children of a package that did not change.
///
/// ```swift
/// let package = DocumentWrapper.directory([
///     RawPath("Index.json"): .regularFile(Data("{}".utf8)),
///     RawPath("Images"): .directory([:]),
/// ])
/// ```
public enum DocumentWrapper: Sendable, Hashable {
    /// A regular file, with all its bytes.
    case regularFile(Data)
    /// A directory (the document itself when it is a package), with its
    /// children by name. A name is one component: no `/`, never `.` or `..`.
    case directory([RawPath: DocumentWrapper])
    /// A symbolic link, never followed; its destination stays inside the
    /// package.
    case symbolicLink(destination: RawPath)

    /// The bytes of a regular file; nil for a directory or a link.
    public var regularFileContents: Data? {
        guard case .regularFile(let data) = self else { return nil }
        return data
    }

    /// The children of a directory; nil for a file or a link.
    public var children: [RawPath: DocumentWrapper]? {
        guard case .directory(let children) = self else { return nil }
        return children
    }

    /// Whether a child may carry `name`: one component, so that writing
    /// it can never reach outside its directory.
    static func isSingleComponent(_ name: RawPath) -> Bool {
        !name.isEmpty && !name.bytes.contains(UInt8(ascii: "/")) && !name.bytes.contains(0)
            && name != RawPath(".") && name != RawPath("..")
    }

    /// Whether a link at `depth` folders below the package's top (0 for a
    /// child of the package itself) to `destination` stays inside the
    /// package, judged from its text alone so that nothing is followed.
    static func staysInside(_ destination: RawPath, depth: Int) -> Bool {
        guard !destination.isEmpty, destination.bytes.first != UInt8(ascii: "/") else { return false }
        var level = depth
        for component in destination.components {
            if component == RawPath("..") { level -= 1 } else if component != RawPath(".") { level += 1 }
            if level < 0 { return false }
        }
        return true
    }
}
