import Foundation

/// What a sync engine's adapter answered (docs/PLUGIN-PROTOCOL.md §10):
/// the files under the cloud Documents folder the engine still needs on
/// this device. The adapter is another program, and what it relays comes
/// from another device, so every field is checked and an answer that
/// breaks the protocol is not used at all.
public struct SyncEngineAnswer: Sendable, Hashable {
    /// The engine's name, for messages: `Syncthing`.
    public var engine: String
    /// The engine's own word for what it is doing: `syncing`, `idle`, …
    public var state: String
    /// The paths still needed, relative to the Documents folder, in byte order.
    public var needed: [RawPath]
    /// Whether the engine needs more than the adapter listed: then every
    /// document may be among them.
    public var truncated: Bool
    /// Whether the engine renames a file it brings into place only once it
    /// holds all of it, as Syncthing does: then a plain file it needs none
    /// of is whole, however recently it changed.
    public var wholeFiles: Bool

    /// The most paths an answer may list.
    public static let mostPaths = 65_536

    /// Why an adapter's answer was not used.
    struct Garbled: Error, Hashable, CustomStringConvertible {
        /// What was wrong with it.
        var description: String
    }

    /// Creates an answer.
    ///
    /// - Parameters:
    ///   - engine: The engine's name.
    ///   - state: Its word for what it is doing.
    ///   - needed: The paths it still needs, relative to the Documents folder.
    ///   - truncated: Whether it needs more than these.
    ///   - wholeFiles: Whether it renames files into place only when whole.
    public init(engine: String, state: String, needed: [RawPath], truncated: Bool = false, wholeFiles: Bool = false) {
        self.engine = engine
        self.state = state
        self.needed = needed.sorted()
        self.truncated = truncated
        self.wholeFiles = wholeFiles
    }

    /// The answer a `result` event carries; nil when it says there is no
    /// engine (`"engine": null`).
    ///
    /// - Parameter result: The adapter's `result` line.
    /// - Throws: `Garbled` when it is no such object, or a field has the
    ///   wrong type, is too long, holds control characters, or a path is
    ///   absolute, empty or climbs out with `..`.
    init?(result: Data) throws(Garbled) {
        guard let object = try? JSONSerialization.jsonObject(with: result) as? [String: Any] else {
            throw Garbled(description: "its result is not a JSON object")
        }
        if object["engine"] == nil || object["engine"] is NSNull { return nil }
        guard let engine = object["engine"] as? String, let name = Self.word(engine) else {
            throw Garbled(description: "its engine is not a short name")
        }
        guard let state = object["state"] == nil ? "syncing" : object["state"] as? String, let stateWord = Self.word(state) else {
            throw Garbled(description: "its state is not a short word")
        }
        guard let listed = object["needed"] as? [Any] else { throw Garbled(description: "its needed is not a list") }
        guard listed.count <= Self.mostPaths else { throw Garbled(description: "it lists more than \(Self.mostPaths) needed paths") }
        var paths: [RawPath] = []
        paths.reserveCapacity(listed.count)
        for item in listed {
            guard let path = (item as? [String: Any])?["path"] as? String, let relative = Self.relativePath(path) else {
                throw Garbled(description: "a needed entry has no relative path inside the Documents folder")
            }
            paths.append(relative)
        }
        let truncated = object["truncated"] as? Bool ?? false
        self.init(engine: name, state: stateWord, needed: paths, truncated: truncated, wholeFiles: object["wholeFiles"] as? Bool ?? false)
    }

    /// How many of the needed paths are `document` or lie inside it; nil
    /// when none does and the list is whole.
    ///
    /// - Parameter document: A document's path relative to the Documents folder.
    public func need(of document: RawPath) -> SyncEngineNeed? {
        let key = document.bytes
        // The first path not before `document` in byte order: every path
        // inside it follows, one after the other.
        var low = 0
        var high = needed.count
        while low < high {
            let middle = (low + high) / 2
            if needed[middle].bytes.lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        var count = 0
        for path in needed[low...] {
            let bytes = path.bytes
            guard bytes.starts(with: key) else { break }
            if bytes.count == key.count || bytes[key.count] == UInt8(ascii: "/") { count += 1 }
        }
        guard count > 0 || truncated else { return nil }
        return SyncEngineNeed(engine: engine, state: state, files: count, moreUnlisted: truncated)
    }

    /// A name or state: printable, at most 64 characters.
    private static func word(_ text: String) -> String? {
        guard !text.isEmpty, text.count <= 64, text.unicodeScalars.allSatisfy({ !$0.properties.isNoncharacterCodePoint && $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) }) else { return nil }
        return text
    }

    private static func relativePath(_ text: String) -> RawPath? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 4096, bytes.first != UInt8(ascii: "/"), !bytes.contains(0) else { return nil }
        let components = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard components.allSatisfy({ !$0.isEmpty && !$0.elementsEqual("..".utf8) && !$0.elementsEqual(".".utf8) }) else { return nil }
        return RawPath(bytes: bytes)
    }
}

/// What an engine still needs of one document, in its own words.
public struct SyncEngineNeed: Sendable, Hashable {
    /// The engine's name: `Syncthing`.
    public var engine: String
    /// Its word for what it is doing: `syncing`.
    public var state: String
    /// How many of the document's files it listed as needed.
    public var files: Int
    /// Whether it needs more than it listed, some of which may be this document's.
    public var moreUnlisted: Bool

    /// `Syncthing still needs 3 of its files (syncing)`.
    public var reason: String {
        if files == 0 { return "\(engine) still needs more files than it lists, perhaps some of its (\(state))" }
        return "\(engine) still needs \(files) of its files (\(state))"
    }
}
