import Foundation

/// A bug's picture: its bytes, and the extension that says what they are,
/// so that the package's `Image.png` or `Image.jpg` opens anywhere.
public struct BugImage: Sendable, Hashable {
    /// The image's filename extension, lowercased (`png`, `jpg`).
    public var filenameExtension: String
    /// The image itself.
    public var data: Data

    /// - Parameters:
    ///   - filenameExtension: What kind of image it is (`png`).
    ///   - data: The image's bytes.
    public init(filenameExtension: String, data: Data) {
        self.filenameExtension = filenameExtension.lowercased()
        self.data = data
    }

    /// The image in a file, kept under the file's extension.
    ///
    /// - Throws: Foundation's error when the file cannot be read.
    public init(contentsOf url: URL) throws {
        self.init(filenameExtension: url.pathExtension.isEmpty ? "png" : url.pathExtension, data: try Data(contentsOf: url))
    }

    /// Its name inside the package.
    public var fileName: String { "\(BugPackage.imageStem).\(filenameExtension)" }
}
