#if canImport(Glibc)
import Glibc
#endif
import CDocShims
import Foundation

/// `handlers register` and `unregister`: the home's `Handlers` folder.
///
/// A registration is a copy, named after the handler's identifier
/// (`ID.plist`, `ID.json`, `ID.handler`, `ID.desktop`), so it keeps working
/// when the original goes away:
/// - a `.handler` bundle is copied whole, its executable with it;
/// - a standalone manifest is copied as it is, except that relative
///   executable paths (`CFBundleExecutable`, `DBServiceExecutable`) are made
///   absolute, pointing at the program beside the original, which is not
///   copied;
/// - a `.desktop` file is copied as it is; its program is found in PATH.
/// The copy is validated before and after, and renamed into place, so an
/// earlier registration of the same identifier is replaced in one step.
public struct HandlerRegistration: Sendable {
    /// The home whose `Handlers` folder registrations are stored in.
    public let home: Home

    /// Registers handlers into `home`.
    ///
    /// - Parameter home: The docbrowser home.
    public init(home: Home) {
        self.home = home
    }

    /// The home's `Handlers` folder, where stored manifests go.
    public var directory: URL { home.handlersDirectory }

    /// Validates and stores a manifest; returns the stored registration.
    ///
    /// A manifest whose `CFBundleIdentifier` is missing or a build setting
    /// is stored with the identifier it was given or derived, written into
    /// the copy, so that the registration keeps the same identity.
    ///
    /// - Parameters:
    ///   - source: The manifest, `.handler` bundle or `.desktop` file.
    ///   - identifier: The identifier to register it under instead of its own.
    ///   - environment: Where a `.desktop` entry's program is looked up.
    /// - Returns: The stored registration, its ``HandlerManifest/warnings``
    ///   those of the source.
    /// - Throws: ``DocKitError/Code/notFound`` when nothing is at
    ///   `source`; ``DocKitError/Code/malformed`` for a file that is no
    ///   `.plist`, `.json`, `.handler` or `.desktop`; ``DocKitError/Code/malformed``
    ///   when it cannot be read, or changed while it was copied;
    ///   ``DocKitError/Code/fileSystem`` when it cannot be stored; ``DocKitError/Code/fileSystem`` when the
    ///   registrations' lock cannot be taken.
    public func register(_ source: URL, identifier: String? = nil, environment: [String: String]) throws -> HandlerManifest {
        var source = source.standardizedFileURL
        if source.lastPathComponent == "Info.plist", source.deletingLastPathComponent().pathExtension.lowercased() == "handler" {
            source = source.deletingLastPathComponent()
        }
        guard FileManager.default.fileExists(atPath: source.path) else { throw DocKitError(HandlerError.manifestNotFound(path: source.path)) }
        let ext = source.pathExtension.lowercased()
        guard ["plist", "json", "handler", "desktop"].contains(ext) else { throw DocKitError(HandlerError.notAManifest(path: source.path)) }
        let manifest = try HandlerManifest.load(from: source, environment: environment, identifier: identifier)
        let writtenIdentifier = identifier != nil || manifest.identifierIsDerived ? manifest.identifier : nil

        try FileSystem.createDirectory(RawPath(directory))
        let lock = try FileLock(path: directory.appending(path: ".registration.lock").path)
        defer { withExtendedLifetime(lock) {} }
        removeLeftoverTemporaries()

        let destination = RawPath(directory.appending(path: "\(manifest.identifier).\(ext)"))
        let temporary = RawPath(directory.appending(path: "\(FileSystem.temporaryPrefix)\(UUID().uuidString).\(ext)"))
        do {
            switch manifest.form {
            case .bundle:
                try InboxDelivery.copyItem(from: RawPath(source), to: temporary)
                if let writtenIdentifier {
                    let infoPlist = temporary.url.appending(path: "Info.plist")
                    try FileSystem.writeAtomically(try Self.storedManifestData(infoPlist, identifier: writtenIdentifier, makingExecutablesAbsolute: false), to: RawPath(infoPlist))
                }
            case .desktopEntry:
                try FileSystem.writeAtomically(try PropertyListFile.readData(at: source), to: temporary)
            case .manifest:
                try FileSystem.writeAtomically(try Self.storedManifestData(source, identifier: writtenIdentifier), to: temporary)
            }
            // A desktop entry's identifier is its file name, which the
            // temporary does not have; its bytes are copied unchanged.
            if manifest.form != .desktopEntry, try HandlerManifest.load(from: temporary.url, environment: environment).identifier != manifest.identifier {
                throw DocKitError(MalformedFileError(path: source.path, keyPath: "CFBundleIdentifier", reason: "changed while it was being registered"))
            }
            try Self.moveIntoPlace(temporary, replacing: destination)
        } catch {
            InboxDelivery.removeItem(temporary)
            throw error
        }
        // The same handler registered earlier in another form goes away.
        for other in registrations(of: manifest.identifier) where RawPath(other) != destination {
            InboxDelivery.removeItem(RawPath(other))
        }
        try FileSystem.synchronizeDirectory(RawPath(directory))
        var stored = try HandlerManifest.load(from: destination.url, environment: environment)
        stored.warnings = manifest.warnings
        stored.identifierIsDerived = manifest.identifierIsDerived
        return stored
    }

    /// Removes the home's registration of `identifier`; returns what was
    /// removed. A handler installed elsewhere is refused, an unknown one
    /// is not found.
    ///
    /// - Parameters:
    ///   - identifier: The handler's identifier.
    ///   - installed: Every handler, to tell one installed elsewhere from an
    ///     unknown one.
    /// - Returns: The registrations removed, one per form it was registered in.
    /// - Throws: ``DocKitError/Code/refused`` for a
    ///   handler installed elsewhere; ``DocKitError/Code/handlerNotFound`` for
    ///   an unknown one; ``DocKitError/Code/fileSystem`` when a registration cannot be
    ///   removed; ``DocKitError/Code/fileSystem`` when the registrations' lock cannot be taken.
    public func unregister(_ identifier: String, installed: HandlerRegistry) throws -> [URL] {
        try FileSystem.createDirectory(RawPath(directory))
        let lock = try FileLock(path: directory.appending(path: ".registration.lock").path)
        defer { withExtendedLifetime(lock) {} }
        let found = registrations(of: identifier)
        guard !found.isEmpty else {
            if let elsewhere = installed.handler(withIdentifier: identifier) {
                throw DocKitError(HandlerError.notRegisteredInHome(handler: elsewhere.identifier, path: (elsewhere.bundleURL ?? elsewhere.manifestURL).path))
            }
            throw DocKitError(HandlerError.unknownHandler(identifier))
        }
        for url in found {
            // Renamed out of sight first, so that no half-removed bundle is
            // ever read as a handler.
            let hidden = RawPath(directory.appending(path: FileSystem.temporaryPrefix + UUID().uuidString))
            try FileSystem.renameWithoutReplacing(RawPath(url), to: hidden)
            InboxDelivery.removeItem(hidden)
        }
        try FileSystem.synchronizeDirectory(RawPath(directory))
        return found
    }

    /// The home's registrations (files or bundle directories) of a handler.
    func registrations(of identifier: String) -> [URL] {
        HandlerManifestLocations(directories: [directory]).handlerFiles().compactMap { file in
            // Only the identifier and location are read, which no variable
            // changes: `PATH` decides just where a `.desktop` program is.
            guard let manifest = try? HandlerManifest.load(from: file, environment: [:]),
                  manifest.identifier.caseInsensitiveCompare(identifier) == .orderedSame else { return nil }
            return manifest.bundleURL ?? manifest.manifestURL
        }
    }

    /// A crash mid-registration leaves only hidden temporaries; they are
    /// removed by the next registration, under the same lock.
    private func removeLeftoverTemporaries() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(FileSystem.temporaryPrefix) {
            InboxDelivery.removeItem(RawPath(directory.appending(path: name)))
        }
    }

    /// A file is renamed over the old one; a bundle directory is exchanged
    /// with it (renameat2 RENAME_EXCHANGE), then the old one removed.
    static func moveIntoPlace(_ temporary: RawPath, replacing destination: RawPath) throws(DocKitError) {
        guard let existing = try FileStatus.of(destination) else {
            try FileSystem.renameWithoutReplacing(temporary, to: destination)
            return
        }
        if existing.kind == .directory {
            let result = temporary.withCString { from in
                destination.withCString { to in cdocshims_renameat2(AT_FDCWD, from, AT_FDCWD, to, CDOCSHIMS_RENAME_EXCHANGE) }
            }
            guard result == 0 else { throw DocKitError(FileSystemError(path: destination, operation: "cannot be replaced", errno: errno)) }
            InboxDelivery.removeItem(temporary)
        } else {
            let result = temporary.withCString { from in destination.withCString { to in rename(from, to) } }
            guard result == 0 else { throw DocKitError(FileSystemError(path: destination, operation: "cannot be replaced", errno: errno)) }
        }
    }

    /// The manifest's bytes, or, when it names executables by relative
    /// paths that exist beside it or needs `identifier` written in, the
    /// same manifest in the same format with those paths made absolute and
    /// that identifier.
    static func storedManifestData(_ source: URL, identifier: String? = nil, makingExecutablesAbsolute: Bool = true) throws -> Data {
        let data = try PropertyListFile.readData(at: source)
        var root = try PropertyListFile.dictionary(in: data, path: source.path)
        let base = source.deletingLastPathComponent()
        var changed = false
        if let identifier {
            root["CFBundleIdentifier"] = identifier
            changed = true
        }
        func absolute(_ value: Any?) -> String? {
            guard let path = value as? String, !path.isEmpty, !path.hasPrefix("/"),
                  let resolved = HandlerManifest.resolveExecutable(path, in: base) else { return nil }
            return resolved.path
        }
        if makingExecutablesAbsolute, let path = absolute(root["CFBundleExecutable"]) {
            root["CFBundleExecutable"] = path
            changed = true
        }
        if makingExecutablesAbsolute, var services = root["DBServices"] as? [[String: Any]] {
            for index in services.indices {
                if let path = absolute(services[index]["DBServiceExecutable"]) {
                    services[index]["DBServiceExecutable"] = path
                    changed = true
                }
            }
            root["DBServices"] = services
        }
        guard changed else { return data }
        let first = data.first { !Set(" \t\r\n".utf8).contains($0) }
        if first == UInt8(ascii: "{") {
            // Read from JSON and given only strings since: JSON can hold it.
            guard let json = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
                throw DocKitError(MalformedFileError(path: source.path, reason: "cannot be written back as JSON"))
            }
            return json
        }
        let format: PropertyListSerialization.PropertyListFormat = data.starts(with: Array("bplist".utf8)) ? .binary : .xml
        do {
            return try PropertyListEncoding.data(root, format: format)
        } catch {
            throw DocKitError(MalformedFileError(path: source.path, reason: error.reason))
        }
    }
}
