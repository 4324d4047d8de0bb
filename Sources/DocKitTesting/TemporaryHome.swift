import DocKit
import Foundation

/// A home in a fresh temporary folder, for an app's tests: a
/// ``DocKit/DocumentLibrary`` over it with a Trash and XDG folders of its own, so
/// that nothing a test does reaches the user's real Trash, handlers,
/// thumbnails or settings. The folder and everything in it is removed
/// when the value goes away.
///
/// ```swift
/// let home = try TemporaryHome()
/// try home.write("Buy milk", to: "Groceries.txt")
/// let documents = try home.library.documents()
/// ```
///
/// Cloud documents count as complete the moment they are written (its
/// `cloud.quiet-seconds` is 0): a test writes one and acts on it at once,
/// where a real home waits for the sync engine to be quiet. Pass
/// `quietSeconds` to test that wait.
public final class TemporaryHome: Sendable {
    /// The temporary folder, which holds the home and its Trash.
    public let url: URL
    /// The home: `Documents`, `Cloud/Documents`, `Library` and `Handlers` inside ``url``.
    public let home: Home
    /// The home's own Trash, `Trash` inside ``url``; empty until something is trashed.
    public let trash: Trash
    /// The library over ``home``, with ``trash`` and ``environment``.
    public let library: DocumentLibrary
    /// `HOME` and the XDG base directories, all inside ``url``, so that
    /// desktop data the library reads or writes (handlers, thumbnails,
    /// `mimeapps.list`) is the test's own.
    public let environment: [String: String]

    /// Makes the folder, both Documents folders and the library.
    ///
    /// - Parameters:
    ///   - label: A word for the folder's name, to tell tests' folders apart.
    ///   - installation: docbrowser's shared data (system types, the bundled
    ///     archiver's manifest); by default, as ``DocKit/DocumentLibrary`` finds it.
    ///   - quietSeconds: The home's `cloud.quiet-seconds`; nil leaves the
    ///     default period.
    /// - Throws: A Foundation error when the folder cannot be made.
    public init(_ label: String = "home", installation: Installation? = nil, quietSeconds: Int? = 0) throws {
        let name = "DocKitTesting-\(label.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString)"
        url = FileManager.default.temporaryDirectory.appending(path: name, directoryHint: .isDirectory)
        home = Home(url: url.appending(path: "home", directoryHint: .isDirectory))
        trash = Trash(directory: RawPath(url.appending(path: "Trash", directoryHint: .isDirectory)))
        let desktop = url.appending(path: "desktop", directoryHint: .isDirectory)
        environment = [
            "HOME": desktop.path,
            "XDG_DATA_HOME": desktop.appending(path: ".local/share").path,
            "XDG_CONFIG_HOME": desktop.appending(path: ".config").path,
            "XDG_CACHE_HOME": desktop.appending(path: ".cache").path,
            "XDG_STATE_HOME": desktop.appending(path: ".local/state").path,
        ]
        library = DocumentLibrary(home: home, installation: installation, trash: trash, environment: environment)
        for folder in [home.url.appending(path: "Documents"), home.url.appending(path: "Cloud/Documents"), desktop] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        if let quietSeconds {
            let settings = try JSONSerialization.data(withJSONObject: [Configuration.Key.cloudQuietSeconds.rawValue: String(quietSeconds)])
            try settings.write(to: home.url.appending(path: "config.json"))
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A location's Documents folder: `Documents`, or `Cloud/Documents`.
    ///
    /// - Parameter location: The location.
    /// - Returns: The folder's path.
    public func documentsDirectory(_ location: Location) -> RawPath {
        RawPath(home.url.appending(path: location == .local ? "Documents" : "Cloud/Documents", directoryHint: .isDirectory))
    }

    /// Where `relativePath` is inside a location's Documents folder; nothing is made.
    ///
    /// - Parameters:
    ///   - relativePath: A path such as `Notes.txt` or `Board.scarybug/bug.json`.
    ///   - location: The location.
    /// - Returns: The path.
    public func path(_ relativePath: String, in location: Location = .local) -> RawPath {
        documentsDirectory(location).appending(relativePath)
    }

    /// Writes a file inside a location's Documents folder, making the
    /// folders above it (a package's among them), as another program would.
    ///
    /// - Parameters:
    ///   - contents: The file's bytes.
    ///   - relativePath: Where, inside the Documents folder.
    ///   - location: The location; local by default.
    /// - Returns: The file's path.
    /// - Throws: A Foundation error when it cannot be written.
    @discardableResult
    public func write(_ contents: Data, to relativePath: String, in location: Location = .local) throws -> RawPath {
        let file = path(relativePath, in: location)
        try FileManager.default.createDirectory(at: file.deletingLastComponent.url, withIntermediateDirectories: true)
        try contents.write(to: file.url)
        return file
    }

    /// Writes `text` as UTF-8; see ``write(_:to:in:)-(Data,_,_)``.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - relativePath: Where, inside the Documents folder.
    ///   - location: The location; local by default.
    /// - Returns: The file's path.
    /// - Throws: A Foundation error when it cannot be written.
    @discardableResult
    public func write(_ text: String, to relativePath: String, in location: Location = .local) throws -> RawPath {
        try write(Data(text.utf8), to: relativePath, in: location)
    }

    /// The text of a file inside a location's Documents folder.
    ///
    /// - Parameters:
    ///   - relativePath: Where, inside the Documents folder.
    ///   - location: The location; local by default.
    /// - Returns: The file's contents, decoded as UTF-8.
    /// - Throws: A Foundation error when it cannot be read.
    public func text(of relativePath: String, in location: Location = .local) throws -> String {
        String(decoding: try Data(contentsOf: path(relativePath, in: location).url), as: UTF8.self)
    }

    /// The names in the home's own Trash, sorted: what the library's
    /// deletions, replacements and resolutions sent there.
    ///
    /// - Returns: The names of the items in ``trash``.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the Trash cannot be read.
    public func trashedNames() throws -> [String] {
        try trash.items().map(\.name.description).sorted()
    }
}
