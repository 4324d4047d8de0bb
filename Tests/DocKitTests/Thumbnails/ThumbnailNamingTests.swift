import Foundation
import Testing
@testable import DocKit

@Suite("Thumbnail names: GLib's file URIs and their MD5")
struct ThumbnailNamingTests {
    @Test func md5MatchesRFC1321() {
        #expect(MD5.hexDigest([]) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hexDigest(Array("abc".utf8)) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(MD5.hexDigest(Array(String(repeating: "1234567890", count: 8).utf8)) == "57edf4a22be3c955ac49da2e2107b67a")
        // The standard's own example.
        #expect(MD5.hexDigest(Array("file:///home/jens/photos/me.png".utf8)) == "c6ee772d9e49320e97ec29a7eb5b1697")
    }

    @Test func crc32MatchesPNGs() {
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    }

    @Test("paths escaped as g_filename_to_uri escapes them", arguments: [
        ("/tmp/a b/c.png", "file:///tmp/a%20b/c.png"),
        ("/tmp/!$&'()*+,-.:=@_~", "file:///tmp/!$&'()*+,-.:=@_~"),
        ("/tmp/\"#%;<>?[\\]^`{|}", "file:///tmp/%22%23%25%3B%3C%3E%3F%5B%5C%5D%5E%60%7B%7C%7D"),
        ("/tmp/Café.png", "file:///tmp/Caf%C3%A9.png"),
    ])
    func escaping(_ path: String, _ uri: String) {
        #expect(FileURI.uri(for: RawPath(path), relativeTo: RawPath("/")) == uri)
    }

    @Test func namesThatAreNotUTF8AreEscapedByteForByte() {
        #expect(FileURI.uri(for: RawPath(bytes: Array("/tmp/".utf8) + [0xFF, 0x0A]), relativeTo: RawPath("/")) == "file:///tmp/%FF%0A")
    }

    @Test("paths made canonical as g_canonicalize_filename makes them", arguments: [
        ("a.png", "/home/me", "/home/me/a.png"),
        ("./x/../a.png", "/home/me", "/home/me/a.png"),
        ("/tmp//x/./a.png", "/", "/tmp/x/a.png"),
        ("/../a.png", "/", "/a.png"),
        ("//srv/a.png", "/", "//srv/a.png"),
        ("///srv/a.png", "/", "/srv/a.png"),
    ])
    func canonical(_ path: String, _ directory: String, _ expected: String) {
        #expect(FileURI.canonical(RawPath(path), relativeTo: RawPath(directory)) == RawPath(expected))
    }
}
