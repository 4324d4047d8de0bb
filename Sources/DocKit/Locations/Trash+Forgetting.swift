#if canImport(Glibc)
import Glibc
#endif
import Foundation

extension Trash {
    /// Once an item has left `files/`, restored or removed, its
    /// `.trashinfo` and its line in `directorysizes` go, as the
    /// specification asks.
    func forget(_ name: RawPath) throws(DocKitError) {
        let info = infoPath(name)
        if info.withCString({ unlink($0) }) != 0, errno != ENOENT {
            throw DocKitError(FileSystemError(path: info, operation: "cannot be removed", errno: errno))
        }
        try forgetDirectorySize(of: name)
        try FileSystem.synchronizeDirectory(infoDirectory)
    }

    /// `directorysizes`, the specification's cache of each trashed
    /// directory's size (`SIZE MTIME NAME` a line, the name
    /// percent-encoded), which file managers read instead of walking.
    var directorySizesFile: RawPath { directory.appending("directorysizes") }

    /// Removes the line of `name`, an item leaving the Trash, so that a
    /// later item of the same name is not given its size.
    private func forgetDirectorySize(of name: RawPath) throws(DocKitError) {
        guard let data = try? Data(contentsOf: directorySizesFile.url) else { return }
        let encoded = Array(TrashInfo.percentEncoded(name).utf8)
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        let kept = lines.filter { line in
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2)
            return fields.count < 3 || !fields[2].elementsEqual(encoded)
        }
        guard kept.count != lines.count else { return }
        try FileSystem.writeAtomically(Data(kept.flatMap { Array($0) + [UInt8(ascii: "\n")] }), to: directorySizesFile, mode: 0o600)
    }
}
