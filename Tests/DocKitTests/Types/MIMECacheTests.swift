import Foundation
import Testing
@testable import DocKit

@Suite("MIMECache: shared-mime-info's mime.cache, read in place")
struct MIMECacheTests {
    private static let package = """
        <?xml version="1.0" encoding="UTF-8"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="application/x-test-parent">
            <comment>parent</comment>
            <sub-class-of type="text/plain"/>
          </mime-type>
          <mime-type type="application/x-test-child">
            <comment>child</comment>
            <sub-class-of type="application/x-test-parent"/>
            <sub-class-of type="application/x-Test-Mixin"/>
            <alias type="application/x-Test-Old-Child"/>
            <alias type="application/x-test-older-child"/>
          </mime-type>
          <mime-type type="application/x-Test-Upper">
            <comment>upper</comment>
            <sub-class-of type="application/x-test-parent"/>
          </mime-type>
        </mime-info>
        """

    /// A data directory whose `mime` directory `update-mime-database` made
    /// from `package`.
    private static func database(_ package: String = package) throws -> TemporaryDirectory {
        let tmp = try TemporaryDirectory("mimecache")
        _ = try tmp.write(package, to: "data/mime/packages/test.xml")
        try compile(tmp.url("data/mime"))
        return tmp
    }

    /// Runs `update-mime-database` on a `mime` folder, which compiles its
    /// `packages` into `mime.cache`, `globs2`, `magic` and the rest.
    static func compile(_ mime: URL) throws {
        let tool = ["/usr/bin/update-mime-database", "/bin/update-mime-database"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let path = try #require(tool, "update-mime-database is absent: scripts/install-system-packages.sh installs shared-mime-info")
        let process = Process()
        process.executableURL = URL(filePath: path)
        process.arguments = [mime.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
    }

    private static func hierarchy(in data: URL) -> MIMETypeHierarchy {
        MIMETypeHierarchy.load(environment: ["HOME": "/nonexistent", "XDG_DATA_HOME": data.path, "XDG_DATA_DIRS": "/nonexistent"])
    }

    @Test("the cache answers alone: aliases, parents and capitals, with the text files gone")
    func cacheAnswersAlone() throws {
        let tmp = try Self.database()
        for name in ["aliases", "subclasses"] { try FileManager.default.removeItem(at: tmp.url("data/mime/\(name)")) }
        let hierarchy = Self.hierarchy(in: tmp.url("data"))
        #expect(hierarchy.canonicalName("application/x-test-older-child") == "application/x-test-child")
        #expect(hierarchy.canonicalName("application/X-TEST-OLD-CHILD") == "application/x-test-child")
        #expect(hierarchy.canonicalName("application/x-unknown") == "application/x-unknown")
        #expect(hierarchy.lineage(of: ["application/x-test-old-child"]) == ["application/x-test-child", "application/x-test-parent", "application/x-test-mixin", "text/plain"])
        #expect(hierarchy.parents(of: "application/x-test-mixin").isEmpty)
        #expect(hierarchy.parents(of: "application/x-test-upper") == ["application/x-test-parent"])
        #expect(hierarchy.declares("application/x-test-parent"))
        #expect(!hierarchy.declares("application/x-test-older-child"))
    }

    @Test("a damaged cache is not used, and the text files answer", arguments: [
        "truncated inside its header", "truncated inside its lists", "an alias list past the end", "an alias's name past the end",
        "an alias's type past the end", "a parent's name past the end", "a parent list longer than the file",
        "a parents list past the end", "a parent in a list past the end", "counts at their largest", "a name without its terminator",
        "a name longer than any type's", "major version 2",
    ])
    func damagedCacheIsNotUsed(damage: String) throws {
        let tmp = try Self.database()
        let file = tmp.url("data/mime/mime.cache")
        var bytes = [UInt8](try Data(contentsOf: file))
        func put(_ value: UInt32, at offset: Int) { withUnsafeBytes(of: value.bigEndian) { bytes.replaceSubrange(offset..<offset + 4, with: $0) } }
        func offset(at position: Int) -> Int { Int(bytes[position..<position + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) }
        let aliasList = offset(at: 4), parentList = offset(at: 8)
        switch damage {
        case "truncated inside its header": bytes.removeSubrange(20...)
        case "truncated inside its lists": bytes.removeSubrange((parentList + 6)...)
        case "an alias list past the end": put(UInt32(bytes.count - 2), at: 4)
        case "an alias's name past the end": put(UInt32(bytes.count + 100), at: aliasList + 4)
        case "an alias's type past the end": put(UInt32(bytes.count + 100), at: aliasList + 8)
        case "a parent's name past the end": put(UInt32(bytes.count), at: parentList + 4)
        case "a parent list longer than the file": put(0x1FFF_FFFF, at: parentList)
        case "a parents list past the end": put(UInt32(bytes.count - 1), at: parentList + 8)
        case "a parent in a list past the end": put(UInt32(bytes.count + 5), at: offset(at: parentList + 8) + 4)
        case "counts at their largest":
            put(0xFFFF_FFFF, at: aliasList)
            put(0xFFFF_FFFF, at: parentList)
        case "a name longer than any type's":
            // Terminated, but 300 bytes long.
            put(UInt32(bytes.count), at: aliasList + 4)
            bytes += Array(repeating: UInt8(ascii: "a"), count: 300) + [0]
        case "a name without its terminator":
            // An alias named by the file's last byte, which is no terminator.
            bytes[bytes.count - 1] = UInt8(ascii: "x")
            put(UInt32(bytes.count - 1), at: aliasList + 4)
        default: bytes[1] = 2
        }
        try Data(bytes).write(to: file)
        #expect(MIMECache(path: file.path) == nil)
        let hierarchy = Self.hierarchy(in: tmp.url("data"))
        #expect(hierarchy.canonicalName("application/x-test-older-child") == "application/x-test-child")
        #expect(hierarchy.lineage(of: ["application/x-test-child"]) == ["application/x-test-child", "application/x-test-parent", "application/x-test-mixin", "text/plain"])
    }

    @Test("a cache rewritten in place after it was read answers as it did: it was read into memory of its own")
    func rewrittenAfterReading() throws {
        let tmp = try Self.database()
        let hierarchy = Self.hierarchy(in: tmp.url("data"))
        for name in ["aliases", "subclasses"] { try FileManager.default.removeItem(at: tmp.url("data/mime/\(name)")) }
        let file = try FileHandle(forWritingTo: tmp.url("data/mime/mime.cache"))
        try file.write(contentsOf: Data(repeating: 0xFF, count: 4096))
        try file.truncate(atOffset: 100)
        try file.close()
        #expect(hierarchy.canonicalName("application/x-test-older-child") == "application/x-test-child")
        #expect(hierarchy.lineage(of: ["application/x-test-child"]) == ["application/x-test-child", "application/x-test-parent", "application/x-test-mixin", "text/plain"])
    }

    @Test("the installed database: its cache gives every type and alias the name and lineage its text files give")
    func installedDatabase() throws {
        let installed = URL(filePath: "/usr/share/mime")
        guard FileManager.default.fileExists(atPath: installed.appending(path: "mime.cache").path) else {
            Issue.record("/usr/share/mime/mime.cache is absent: scripts/install-system-packages.sh installs shared-mime-info")
            return
        }
        let tmp = try TemporaryDirectory("mimecache")
        for name in ["types", "aliases", "subclasses"] {
            _ = try tmp.write(try Data(contentsOf: installed.appending(path: name)), to: "text/mime/\(name)")
        }
        for name in ["types", "mime.cache"] {
            _ = try tmp.write(try Data(contentsOf: installed.appending(path: name)), to: "cache/mime/\(name)")
        }
        let text = Self.hierarchy(in: tmp.url("text")), cache = Self.hierarchy(in: tmp.url("cache"))
        let lines = try String(contentsOf: installed.appending(path: "types"), encoding: .utf8).split(separator: "\n")
            + String(contentsOf: installed.appending(path: "aliases"), encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ")[0] }
        let names = lines.map { String($0) } + ["image/x-MS-bmp", "application/X-UNKNOWN"]
        #expect(names.count > 1_000)
        let differing = names.filter { cache.canonicalName($0) != text.canonicalName($0) || cache.lineage(of: [$0]) != text.lineage(of: [$0]) }
        #expect(differing.isEmpty, "answered otherwise from the cache: \(differing.prefix(5))")
    }
}
