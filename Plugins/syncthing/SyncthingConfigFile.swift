import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What the adapter takes from Syncthing's `config.xml`: where its GUI
/// and REST API listen, and the API key. The file is outside input (any
/// program of the user's may have written it), so it is read under a
/// size cap and every failure is one line naming the file.
struct SyncthingConfigFile: Sendable, Hashable {
    var address: LoopbackAddress
    var apiKey: String

    /// Why the file gave no engine to ask.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// A real config.xml is a few kilobytes; a megabyte is plenty.
    static let largest = 1 << 20

    /// Where Syncthing keeps `config.xml`, newest convention first:
    /// `$XDG_STATE_HOME/syncthing` (1.27 and later), then
    /// `~/.local/state/syncthing`, `$XDG_CONFIG_HOME/syncthing` and
    /// `~/.config/syncthing`.
    static func candidates(environment: [String: String]) -> [String] {
        var directories: [String] = []
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { directories.append(state + "/syncthing") }
        if let home { directories.append(home + "/.local/state/syncthing") }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { directories.append(config + "/syncthing") }
        if let home { directories.append(home + "/.config/syncthing") }
        return directories.map { $0 + "/config.xml" }
    }

    /// Reads `path`.
    ///
    /// - Throws: ``Problem`` when the file cannot be read, is larger than
    ///   ``largest``, is not well-formed XML, has no GUI address or API
    ///   key, or names an address that is not on loopback.
    init(path: String) throws(Problem) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Problem(description: "\(path): cannot be read")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: Self.largest + 1) ?? Data()
        } catch {
            throw Problem(description: "\(path): cannot be read")
        }
        guard data.count <= Self.largest else { throw Problem(description: "\(path): larger than \(Self.largest) bytes, not a Syncthing configuration") }
        // Foundation's XMLParser on Linux traps on an element name that is
        // not UTF-8, which libxml2 hands it from such bytes (make fuzz found
        // it); Syncthing writes UTF-8 alone.
        guard !data.contains(0), String(validating: data, as: UTF8.self) != nil else {
            throw Problem(description: "\(path): not UTF-8, as Syncthing writes it")
        }
        let reader = GUIReader()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse() else {
            throw Problem(description: "\(path): not well-formed XML (line \(parser.lineNumber))")
        }
        guard let address = reader.address, !address.isEmpty else { throw Problem(description: "\(path): names no GUI address") }
        guard let key = reader.apiKey, !key.isEmpty else { throw Problem(description: "\(path): names no API key") }
        // Syncthing's keys are letters and digits; anything else would end
        // up in a request header.
        guard key.utf8.count <= 256, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw Problem(description: "\(path): its API key is not letters and digits")
        }
        do {
            self.address = try LoopbackAddress(address, usesTLS: reader.usesTLS)
        } catch {
            throw Problem(description: "\(path): \(error)")
        }
        self.apiKey = key
    }

    /// Collects `<configuration><gui tls=…><address>` and `<apikey>`,
    /// nothing deeper or elsewhere.
    private final class GUIReader: NSObject, XMLParserDelegate {
        var address: String?
        var apiKey: String?
        var usesTLS = false
        private var path: [String] = []
        private var text = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            path.append(name)
            text = ""
            if path == ["configuration", "gui"] { usesTLS = attributes["tls"] == "true" }
            // Nothing a configuration holds is this deep.
            if path.count > 64 { parser.abortParsing() }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if text.utf8.count < 4096 { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if path == ["configuration", "gui", "address"] { address = text.trimmingCharacters(in: .whitespacesAndNewlines) }
            if path == ["configuration", "gui", "apikey"] { apiKey = text.trimmingCharacters(in: .whitespacesAndNewlines) }
            _ = path.popLast()
            text = ""
        }
    }
}
