import Foundation

/// A private folder where each input is written as the file a reader
/// expects, since the readers under test take paths as users' files do.
struct FuzzScratch: Sendable {
    let directory: URL

    static func make() throws -> FuzzScratch {
        let directory = FileManager.default.temporaryDirectory
            .appending(path: "docbrowser-fuzz-\(getpid())", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return FuzzScratch(directory: directory)
    }

    /// The input as the file `name`, replacing the previous input.
    func file(_ name: String, holding input: [UInt8]) -> URL {
        let url = directory.appending(path: name)
        // A failed write would fuzz the previous input again: stop instead.
        guard FileManager.default.createFile(atPath: url.path, contents: Data(input)) else {
            fatalError("cannot write \(url.path)")
        }
        return url
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
