#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A file-system path as the kernel sees it: bytes, not necessarily UTF-8.
/// Linux allows any byte but `/` and NUL in a name, and a document whose
/// name is not valid UTF-8 must still be listed and operable, which a
/// Swift `String` or `URL` path cannot guarantee.
public struct RawPath: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    public var bytes: [UInt8]

    /// Creates a path from bytes as they are.
    ///
    /// - Parameter bytes: The path's bytes; they should hold no NUL.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Creates a path from the UTF-8 of `string`, unescaped (see ``init(escaped:)`` for `\xHH` text).
    ///
    /// - Parameter string: The path as text.
    public init(_ string: String) {
        bytes = Array(string.utf8)
    }

    /// Creates a path from a file URL's file-system representation.
    ///
    /// - Parameter url: A file URL; any other URL gives an empty path.
    public init(_ url: URL) {
        bytes = url.withUnsafeFileSystemRepresentation { pointer in
            pointer.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? []
        }
    }

    /// Byte-wise order, which sorts paths the same way whatever their encoding.
    /// By `memcmp`, which orders bytes as unsigned, as SQLite orders blobs:
    /// a listing sorts and matches 100,000 names with it.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.bytes.withUnsafeBytes { left in rhs.bytes.withUnsafeBytes { right in order(of: left, and: right) < 0 } }
    }

    /// Less than zero when `lhs` sorts first, zero when they are the same
    /// bytes, more than zero when `rhs` sorts first: the order of `<`.
    static func order(of lhs: UnsafeRawBufferPointer, and rhs: UnsafeRawBufferPointer) -> Int {
        let shared = min(lhs.count, rhs.count)
        let order = shared == 0 ? 0 : memcmp(lhs.baseAddress!, rhs.baseAddress!, shared)
        return order != 0 ? Int(order) : lhs.count - rhs.count
    }

    /// `true` for the empty path, which names no file.
    public var isEmpty: Bool { bytes.isEmpty }

    /// Joins `component` to the path with one `/`; the component is not checked for `/` or `..`.
    ///
    /// - Parameter component: A name or relative path.
    /// - Returns: The joined path, or `component` itself when this path is empty.
    public func appending(_ component: RawPath) -> RawPath {
        if bytes.isEmpty { return component }
        // One allocation: a scan joins a path per entry.
        var joined: [UInt8] = []
        joined.reserveCapacity(bytes.count + 1 + component.bytes.count)
        joined += bytes
        if bytes.last != UInt8(ascii: "/") { joined.append(UInt8(ascii: "/")) }
        joined += component.bytes
        return RawPath(bytes: joined)
    }

    /// Joins the UTF-8 of `component` to the path with one `/`.
    ///
    /// - Parameter component: A name or relative path.
    /// - Returns: The joined path.
    public func appending(_ component: String) -> RawPath { appending(RawPath(component)) }

    /// The names between slashes; empty components (`//`, a leading `/`) are dropped.
    public var components: [RawPath] {
        bytes.split(separator: UInt8(ascii: "/")).map { RawPath(bytes: Array($0)) }
    }

    /// The last name; the path itself when it has none (`""` or `/`).
    public var lastComponent: RawPath {
        let slash = UInt8(ascii: "/")
        // Found from the end, not by splitting the whole path: a folder's
        // every name passes through here.
        guard let end = bytes.lastIndex(where: { $0 != slash }) else { return self }
        let start = bytes[..<end].lastIndex(of: slash).map { $0 + 1 } ?? bytes.startIndex
        if start == bytes.startIndex, end == bytes.index(before: bytes.endIndex) { return self }
        return RawPath(bytes: Array(bytes[start...end]))
    }

    /// Everything before the last `/`: `/` for `/name`, and the empty path for a bare name.
    public var deletingLastComponent: RawPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return RawPath(bytes: []) }
        return RawPath(bytes: slash == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<slash]))
    }

    /// The path relative to `base`, or nil when it is not inside it.
    ///
    /// - Parameter base: A directory, with or without a trailing `/`; compared
    ///   byte for byte, links not resolved.
    /// - Returns: The path below `base`; `nil` for `base` itself and anything
    ///   outside it.
    public func relative(to base: RawPath) -> RawPath? {
        let prefix = base.bytes.last == UInt8(ascii: "/") ? base.bytes : base.bytes + [UInt8(ascii: "/")]
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
        return RawPath(bytes: Array(bytes[prefix.count...]))
    }

    /// Valid UTF-8 as it is; any other byte as `\xHH`, so nothing is hidden
    /// or lost, and ``init(escaped:)`` gives the bytes back. A backslash is
    /// doubled only in names that need escaping, so ordinary names read as
    /// they are.
    public var description: String {
        // ASCII is valid UTF-8 as it is: a listing makes each name's
        // string, and validating takes generic, unspecialized code.
        if bytes.withUnsafeBytes(\.isASCII) { return String(decoding: bytes, as: UTF8.self) }
        if let string = String(validating: bytes, as: UTF8.self) { return string }
        var result = ""
        var index = 0
        while index < bytes.count {
            if let (character, length) = validCharacter(at: index) {
                result += character == "\\" ? "\\\\" : character
                index += length
            } else {
                result += String(format: "\\x%02X", bytes[index])
                index += 1
            }
        }
        return result
    }

    private func validCharacter(at index: Int) -> (String, Int)? {
        for length in 1...4 where index + length <= bytes.count {
            if let character = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
                return (character, length)
            }
        }
        return nil
    }

    /// The bytes a displayed name stands for: `\xHH` escapes are decoded
    /// when the text holds any (and `\\` then stands for one backslash).
    ///
    /// - Parameter text: A path as ``description`` shows it, or as typed.
    public init(escaped text: String) {
        guard text.contains("\\x") else {
            self.init(text)
            return
        }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "\\"), index + 1 < utf8.count {
                if utf8[index + 1] == UInt8(ascii: "\\") {
                    bytes.append(UInt8(ascii: "\\"))
                    index += 2
                    continue
                }
                if utf8[index + 1] == UInt8(ascii: "x"), index + 3 < utf8.count,
                   let value = UInt8(String(decoding: utf8[(index + 2)...(index + 3)], as: UTF8.self), radix: 16) {
                    bytes.append(value)
                    index += 4
                    continue
                }
            }
            bytes.append(utf8[index])
            index += 1
        }
        self.init(bytes: bytes)
    }

    /// Calls `body` with a NUL-terminated C string of the path.
    ///
    /// - Parameter body: Called with the string, valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// A URL for APIs that need one; exact only for valid UTF-8 paths.
    public var url: URL {
        URL(fileURLWithPath: String(decoding: bytes, as: UTF8.self))
    }
}

extension RawPath {
    /// realpath(3): absolute, with every symbolic link resolved; nil when
    /// some component does not exist.
    ///
    /// - Returns: The real path, or `nil` when it cannot be resolved.
    public func resolvingSymbolicLinks() -> RawPath? {
        guard let resolved = withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return RawPath(bytes: Array(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved))))
    }
}
