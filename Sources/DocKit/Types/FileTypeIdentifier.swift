#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Names the type of a file on disk: by its name first, as LaunchServices
/// does, and by its content only when the name says nothing.
public struct FileTypeIdentifier: Sendable {
    public struct Identification: Sendable {
        public var type: UTType
        /// Set when the type was guessed from the content.
        public var guess: ContentSniffer.Guess?
    }

    public let registry: TypeRegistry

    public init(registry: TypeRegistry) {
        self.registry = registry
    }

    public func identify(_ url: URL) throws(TypeRegistryError) -> Identification {
        try identify(RawPath(url))
    }

    /// A symbolic link is `public.symlink`, whatever it points to: it is
    /// never followed.
    public func identify(_ path: RawPath) throws(TypeRegistryError) -> Identification {
        let found: FileStatus?
        do {
            found = try FileStatus.of(path)
        } catch {
            throw .unreadableFile(path: path.description, reason: String(cString: strerror(error.errno)))
        }
        guard let status = found else { throw .fileNotFound(path: path.description) }
        let name = path.lastComponent.description
        switch status.kind {
        case .symbolicLink:
            return Identification(type: registry.type(withIdentifier: UTType.symbolicLink) ?? UTType(identifier: UTType.symbolicLink, source: .system))
        case .directory:
            return Identification(type: registry.type(forFileName: name, isDirectory: true))
        case .regular, .other:
            let byName = registry.type(forFileName: name, isDirectory: false)
            guard byName.isDynamic || byName.identifier == UTType.data,
                  status.kind == .regular,
                  let guess = ContentSniffer.guess(head: Self.head(of: path)),
                  let guessed = registry.type(withIdentifier: guess.identifier)
            else { return Identification(type: byName) }
            return Identification(type: guessed, guess: guess)
        }
    }

    /// The first bytes of a file, never following a link and never
    /// blocking on a FIFO put in its place since it was examined.
    static func head(of path: RawPath) -> [UInt8] {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: ContentSniffer.headLength)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer.prefix(count)) : []
    }
}
