import CDocShims
#if canImport(Glibc)
import Glibc
#endif

/// One extended attribute of a file itself, never of what a symlink
/// points to: a symlink inside a Documents folder may point anywhere, and
/// tagging it must not write outside.
struct ExtendedAttribute {
    let path: RawPath
    let name: String

    /// The kernel refuses a value larger than this on every Linux file system.
    static let maximumSize = 65536

    /// The value, or `nil` when the file has no such attribute.
    ///
    /// - Throws: ``DocKitError/Code/notSupported`` when the file system keeps no
    ///   user attributes; ``DocKitError/Code/fileSystem`` when the attribute cannot be read.
    func read() throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: Self.maximumSize)
        let count = path.withCString { file in
            name.withCString { attribute in
                buffer.withUnsafeMutableBytes { cdocshims_lgetxattr(file, attribute, $0.baseAddress, UInt64($0.count)) }
            }
        }
        if count >= 0 { return Array(buffer[..<Int(count)]) }
        switch errno {
        case ENODATA: return nil
        case ENOTSUP: throw DocKitError(TagError.unsupported(path.description))
        case let code: throw DocKitError(FileSystemError(path: path, operation: "its \(name) attribute cannot be read", errno: code))
        }
    }

    /// Replaces the value, or removes the attribute when `value` is empty,
    /// so that a file with no tags carries no empty attribute.
    ///
    /// - Throws: ``DocKitError/Code/notSupported``; ``DocKitError/Code/notSupported``;
    ///   ``DocKitError/Code/fileSystem`` when it cannot be written.
    func write(_ value: [UInt8]) throws {
        let result = path.withCString { file in
            name.withCString { attribute in
                value.isEmpty
                    ? cdocshims_lremovexattr(file, attribute)
                    : value.withUnsafeBytes { cdocshims_lsetxattr(file, attribute, $0.baseAddress, UInt64($0.count)) }
            }
        }
        if result == 0 || (value.isEmpty && errno == ENODATA) { return }
        let code = errno
        if code == ENOTSUP { throw DocKitError(TagError.unsupported(path.description)) }
        if code == EPERM, (try? FileStatus.of(path))??.kind == .symbolicLink { throw DocKitError(TagError.symbolicLink(path.description)) }
        throw DocKitError(FileSystemError(path: path, operation: "its \(name) attribute cannot be written", errno: code))
    }
}
