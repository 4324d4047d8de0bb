import ArgumentParser
import Foundation

/// `docbrowser-syncthing sync-status`: which files under the cloud
/// Documents folder the local Syncthing still needs, as
/// docs/PLUGIN-PROTOCOL.md §10 describes. Whatever keeps it from asking
/// (no Syncthing folder, no configuration, Syncthing not running) is
/// answered as "no engine", with the reason, and exit status 0: docbrowser
/// then judges documents by its quiet period alone.
@main
struct SyncthingAdapterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docbrowser-syncthing",
        abstract: "docbrowser's sync-status adapter for Syncthing.",
        subcommands: [SyncStatus.self]
    )
}

struct SyncStatus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync-status",
        abstract: "Print which files under FOLDER Syncthing still needs, as one JSON result event."
    )

    @Option(help: "The cloud Documents folder, absolute.")
    var folder: String

    @Option(help: "Syncthing's GUI address on loopback (HOST:PORT), instead of its config.xml's.")
    var address: String?

    @Option(help: "A file holding Syncthing's API key, with --address.")
    var apiKeyFile: String?

    /// The most names reported; past it the result says `truncated`.
    static let mostNames = 65_536

    func validate() throws {
        guard folder.hasPrefix("/") else { throw ValidationError("--folder must be an absolute path") }
        guard (address == nil) == (apiKeyFile == nil) else { throw ValidationError("--address and --api-key-file go together") }
    }

    func run() throws {
        let answer: [String: Any]
        do {
            answer = try ask()
        } catch {
            answer = ["event": "result", "engine": NSNull(), "reason": error.description]
        }
        let line = try JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys, .withoutEscapingSlashes])
        FileHandle.standardOutput.write(line + Data("\n".utf8))
    }

    /// Why there is no engine to ask, in words for the user.
    struct NoEngine: Error, CustomStringConvertible {
        var description: String
    }

    private func ask() throws(NoEngine) -> [String: Any] {
        let documents = Self.realPath(folder) ?? folder
        let rest: SyncthingREST
        if let address, let apiKeyFile {
            do {
                rest = SyncthingREST(address: try LoopbackAddress(address), apiKey: try Self.key(in: apiKeyFile))
            } catch {
                throw NoEngine(description: "cloud.engine-address: \(error)")
            }
        } else {
            guard let marked = Self.syncthingFolder(holding: documents) else {
                throw NoEngine(description: "\(documents) is in no Syncthing folder (no .stfolder)")
            }
            let candidates = SyncthingConfigFile.candidates(environment: ProcessInfo.processInfo.environment)
            guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                throw NoEngine(description: "\(marked) is a Syncthing folder, but no Syncthing config.xml is in \(candidates.joined(separator: ", "))")
            }
            do {
                let config = try SyncthingConfigFile(path: path)
                rest = SyncthingREST(address: config.address, apiKey: config.apiKey)
            } catch {
                throw NoEngine(description: error.description)
            }
        }
        do {
            let folders = try rest.folders()
            // The deepest shared folder holding the Documents folder.
            let holding = folders.compactMap { folder -> (id: String, root: String)? in
                guard let root = Self.realPath(Self.expandingTilde(folder.path)),
                      documents == root || documents.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return nil }
                return (folder.id, root)
            }.max { $0.root.count < $1.root.count }
            guard let holding else { throw NoEngine(description: "Syncthing shares no folder holding \(documents)") }
            let status = try rest.status(of: holding.id)
            let prefix = documents == holding.root ? "" : String(documents.dropFirst(holding.root.count).drop { $0 == "/" }) + "/"
            let names = try rest.needed(in: holding.id, limit: Self.mostNames)
            let needed = names.compactMap { name, inProgress -> [String: Any]? in
                guard name.hasPrefix(prefix), name.count > prefix.count else { return nil }
                return ["path": String(name.dropFirst(prefix.count)), "inProgress": inProgress]
            }
            return [
                "event": "result", "engine": "Syncthing", "folder": holding.id, "state": status.state,
                "neededItems": status.needed, "needed": needed, "truncated": names.count >= Self.mostNames,
                // Syncthing writes a .syncthing.*.tmp and renames it into place when whole.
                "wholeFiles": true,
            ]
        } catch let error as SyncthingREST.Unanswered {
            throw NoEngine(description: error.description)
        } catch let error as NoEngine {
            throw error
        } catch {
            throw NoEngine(description: "\(error)")
        }
    }

    /// The folder holding `path` or `path` itself that Syncthing marked as
    /// one of its folders' roots.
    static func syncthingFolder(holding path: String) -> String? {
        var current = path
        while true {
            if FileManager.default.fileExists(atPath: current + (current == "/" ? "" : "/") + ".stfolder") { return current }
            guard current != "/", !current.isEmpty else { return nil }
            current = (current as NSString).deletingLastPathComponent
        }
    }

    /// The API key a file holds, on its first line.
    static func key(in path: String) throws(NoEngine) -> String {
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.read(upToCount: 4096) else {
            throw NoEngine(description: "\(path): cannot be read")
        }
        try? handle.close()
        let key = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !key.isEmpty, key.utf8.count <= 256, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw NoEngine(description: "\(path): holds no API key (letters and digits on its first line)")
        }
        return key
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] else { return path }
        return home + path.dropFirst()
    }
}
