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

    /// A symbolic link is `public.symlink`, whatever it points to: it is
    /// never followed.
    public func identify(_ url: URL) throws(TypeRegistryError) -> Identification {
        var status = stat()
        guard lstat(url.path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .fileNotFound(path: url.path) }
            throw .unreadableFile(path: url.path, reason: String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFLNK:
            return Identification(type: known(UTType.symbolicLink))
        case S_IFDIR:
            return Identification(type: registry.type(forFileName: url.lastPathComponent, isDirectory: true))
        default:
            let byName = registry.type(forFileName: url.lastPathComponent, isDirectory: false)
            guard byName.isDynamic || byName.identifier == UTType.data,
                  status.st_mode & S_IFMT == S_IFREG,
                  let guess = try? ContentSniffer.guess(fileAt: url),
                  let guessed = registry.type(withIdentifier: guess.identifier)
            else { return Identification(type: byName) }
            return Identification(type: guessed, guess: guess)
        }
    }

    private func known(_ identifier: String) -> UTType {
        registry.type(withIdentifier: identifier) ?? UTType(identifier: identifier, source: .system)
    }
}
