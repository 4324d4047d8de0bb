/// A path's `file://` URI exactly as GLib's `g_filename_to_uri` writes it:
/// the thumbnail cache is keyed by the MD5 of this text, so one byte
/// escaped differently from GLib would be a thumbnail no file manager
/// finds, and a `Thumb::URI` that GIO calls invalid.
enum FileURI {
    /// The bytes GLib leaves as they are in a path (its `UNSAFE_PATH` set):
    /// letters, digits and `!$&'()*+,-./:=@_~`. Everything else, every
    /// byte above 127 among them, becomes `%XX` in upper-case hexadecimal.
    private static let kept: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!$&'()*+,-./:=@_~".utf8).contains(byte)
        }
    }

    /// The URI of a path, made absolute against `directory` and
    /// canonical as `g_canonicalize_filename` makes it (GIO's
    /// `g_file_get_uri`): `.` and empty components dropped, `..` taking
    /// the one before it away, symbolic links left as they are.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - directory: What a relative path is relative to.
    /// - Returns: `file://` and the escaped path.
    static func uri(for path: RawPath, relativeTo directory: RawPath) -> String {
        uri(forCanonical: canonical(path, relativeTo: directory))
    }

    /// `path` made absolute against `directory`, then canonical.
    static func canonical(_ path: RawPath, relativeTo directory: RawPath) -> RawPath {
        let slash = UInt8(ascii: "/")
        let absolute = path.bytes.first == slash ? path.bytes : directory.bytes + [slash] + path.bytes
        var components: [ArraySlice<UInt8>] = []
        for component in absolute.split(separator: slash, omittingEmptySubsequences: true) {
            if component.elementsEqual([UInt8(ascii: ".")]) { continue }
            if component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                _ = components.popLast()
                continue
            }
            components.append(component)
        }
        // POSIX lets exactly two leading slashes mean something else; GLib keeps them.
        let leadingSlashes = absolute.prefix { $0 == slash }.count
        var bytes: [UInt8] = leadingSlashes == 2 ? [slash, slash] : [slash]
        bytes += components.map(Array.init).joined(separator: [slash])
        if bytes.count > 1, components.isEmpty, leadingSlashes != 2 { bytes = [slash] }
        return RawPath(bytes: bytes)
    }

    /// The URI of a path already absolute and canonical.
    static func uri(forCanonical path: RawPath) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var text = Array("file://".utf8)
        for byte in path.bytes {
            if kept[Int(byte)] {
                text.append(byte)
            } else {
                text += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
