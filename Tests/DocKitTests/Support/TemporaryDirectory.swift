import Foundation

/// A fresh, uniquely named directory under the system temporary directory,
/// removed with everything in it when the value goes away. Every test makes
/// its own, so tests running in parallel never share files.
final class TemporaryDirectory: @unchecked Sendable {
    let url: URL

    init(_ label: String = "test") throws {
        let name = "DocKitTests-\(label.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString)"
        url = FileManager.default.temporaryDirectory.appending(path: name, directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The URL of `relativePath` inside the directory; nothing is created.
    func url(_ relativePath: String) -> URL {
        url.appending(path: relativePath)
    }

    /// Creates a subdirectory (and its parents) and returns its URL.
    @discardableResult
    func directory(_ relativePath: String) throws -> URL {
        let directory = url.appending(path: relativePath, directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Writes `data` at `relativePath`, creating parent directories.
    @discardableResult
    func write(_ data: Data, to relativePath: String) throws -> URL {
        let file = url(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    @discardableResult
    func write(_ text: String, to relativePath: String) throws -> URL {
        try write(Data(text.utf8), to: relativePath)
    }

    @discardableResult
    func write(bytes: [UInt8], to relativePath: String) throws -> URL {
        try write(Data(bytes), to: relativePath)
    }
}
