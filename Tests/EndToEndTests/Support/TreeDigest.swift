#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Subprocess
import SystemPackage

/// Fingerprints of documents as the file system holds them: content
/// (SHA-256), kinds, permission bits, modification times to the
/// nanosecond and symbolic-link targets, for every entry of a package.
/// Computed by Python, a tool independent of the code under test.
enum TreeDigest {
    private static let script = #"""
    import hashlib, json, os, stat, sys
    def digest(path):
        h = hashlib.sha256()
        def entry(p, rel):
            st = os.lstat(p)
            h.update(f"{rel}\0{stat.S_IFMT(st.st_mode)}\0{stat.S_IMODE(st.st_mode)}\0{st.st_mtime_ns}\0".encode("utf-8", "surrogateescape"))
            if stat.S_ISLNK(st.st_mode):
                h.update(os.fsencode(os.readlink(p)))
            elif stat.S_ISREG(st.st_mode):
                with open(p, "rb") as f:
                    for chunk in iter(lambda: f.read(1 << 20), b""):
                        h.update(chunk)
            elif stat.S_ISDIR(st.st_mode):
                for name in sorted(os.listdir(p)):
                    entry(os.path.join(p, name), rel + "/" + name)
        entry(path, "")
        return h.hexdigest()
    result = {}
    for directory in sys.argv[1:]:
        entries = {}
        if os.path.isdir(directory):
            for name in sorted(os.listdir(directory)):
                entries[name] = digest(os.path.join(directory, name))
        result[directory] = entries
    print(json.dumps(result))
    """#

    /// For each directory, its entries (hidden ones included) by name.
    static func entries(of directories: [URL]) async throws -> [URL: [String: String]] {
        let result = try await Subprocess.run(
            .name("python3"),
            arguments: Arguments(["-c", script] + directories.map(\.path)),
            output: .string(limit: 16 << 20),
            error: .string(limit: 1 << 16)
        )
        guard result.terminationStatus.isSuccess,
              let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: [String: String]] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "tree digest failed: \(result.standardError)"])
        }
        var entries: [URL: [String: String]] = [:]
        for directory in directories { entries[directory] = object[directory.path] ?? [:] }
        return entries
    }
}

/// A directory on a file system of its own, different from the sandbox's,
/// for moves that must copy and deletions that go to that file system's
/// Trash: a tmpfs mounted for the test where it may mount one (root, as
/// CI runs), so that its `.Trash-UID` is the test's alone; otherwise a
/// folder of /dev/shm, whose Trash the tests running at once share.
/// Removed, and unmounted, with the value.
final class OtherFileSystemDirectory: Sendable {
    let url: URL
    /// Whether `url` is a mount of its own.
    let isMountedAlone: Bool

    init() throws {
        let mountPoint = FileManager.default.temporaryDirectory.appending(path: "docbrowser-e2e-fs-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        if Self.mountTmpfs(at: mountPoint.path) {
            url = mountPoint
            isMountedAlone = true
        } else {
            try? FileManager.default.removeItem(at: mountPoint)
            url = URL(fileURLWithPath: "/dev/shm/docbrowser-e2e-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            isMountedAlone = false
        }
    }

    /// The Trash that deletions from this file system go to.
    var trash: URL {
        isMountedAlone ? url.appending(path: ".Trash-\(getuid())") : URL(fileURLWithPath: "/dev/shm/.Trash-\(getuid())")
    }

    private static func mountTmpfs(at path: String) -> Bool {
        guard getuid() == 0 else { return false }
        return path.withCString { mount("tmpfs", $0, "tmpfs", 0, "size=256m,mode=0755") } == 0
    }

    deinit {
        if isMountedAlone {
            _ = url.path.withCString { umount2($0, Int32(MNT_DETACH)) }
        }
        try? FileManager.default.removeItem(at: url)
    }
}

extension Sandbox {
    /// The names and bytes of a file or of every file under a folder,
    /// hashed by Python: no times, no modes.
    static func contentDigest(of url: URL) async throws -> String {
        let script = #"""
        import hashlib, os, sys
        h = hashlib.sha256()
        root = sys.argv[1]
        paths = [root] if not os.path.isdir(root) else sorted(
            os.path.join(d, f) for d, _, files in os.walk(root) for f in files)
        for p in paths:
            h.update(os.path.relpath(p, root).encode("utf-8", "surrogateescape") + b"\0")
            with open(p, "rb") as f:
                h.update(f.read())
        print(h.hexdigest())
        """#
        let result = try await Subprocess.run(.name("python3"), arguments: ["-c", script, url.path], output: .string(limit: 4096), error: .string(limit: 4096))
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
