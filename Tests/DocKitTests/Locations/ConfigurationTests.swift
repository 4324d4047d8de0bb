import Foundation
import Testing
@testable import DocKit

@Suite("Configuration")
struct ConfigurationTests {
    @Test("with nothing set, every key is unset and new documents go to local")
    func defaults() {
        let configuration = Configuration()
        #expect(configuration.values.isEmpty)
        for key in Configuration.Key.allCases {
            #expect(configuration[key] == nil)
        }
        #expect(configuration.preferredLocation == .local)
    }

    @Test("set, get and unset")
    func setGetUnset() throws {
        var configuration = Configuration()
        try configuration.set(.localDocuments, to: "/somewhere/Docs")
        try configuration.set(.cloudContainer, to: "Sync")
        try configuration.set(.preferredStorage, to: "cloud")
        #expect(configuration[.localDocuments] == "/somewhere/Docs")
        #expect(configuration[.cloudContainer] == "Sync")
        #expect(configuration.preferredLocation == .cloud)
        #expect(configuration.values == ["local.documents": "/somewhere/Docs", "cloud.container": "Sync", "storage.preferred": "cloud"])

        configuration.unset(.preferredStorage)
        #expect(configuration[.preferredStorage] == nil)
        #expect(configuration.preferredLocation == .local)
        #expect(configuration[.localDocuments] == "/somewhere/Docs")
    }

    @Test("plugins.stall-seconds and plugins.cpu-seconds set the watchdog; unset, it keeps its defaults")
    func pluginWatchdogLimits() throws {
        var configuration = Configuration()
        #expect(configuration.pluginWatchdog == PluginWatchdog(stallLimit: .seconds(20), cpuLimit: nil))
        try configuration.set(.pluginStallLimit, to: "3")
        try configuration.set(.pluginCPULimit, to: "90")
        #expect(configuration.pluginWatchdog == PluginWatchdog(stallLimit: .seconds(3), cpuLimit: .seconds(90)))
        for value in ["0", "-5", "1.5", "twenty", "", "86401"] {
            #expect(throws: DocKitError(ConfigurationError.invalidValue(key: "plugins.stall-seconds", value: value,
                                                            reason: "must be a whole number of seconds from 1 to 86400"))) {
                try configuration.set(.pluginStallLimit, to: value)
            }
        }
        #expect(configuration[.pluginStallLimit] == "3")
    }

    @Test("thumbnails.seconds limits each thumbnailer; unset or not valid, 30 s")
    func thumbnailTimeLimit() throws {
        var configuration = Configuration()
        #expect(configuration.thumbnailTimeLimit == .seconds(30))
        try configuration.set(.thumbnailTimeLimit, to: "2")
        #expect(configuration.thumbnailTimeLimit == .seconds(2))
        #expect(throws: DocKitError(ConfigurationError.invalidValue(key: "thumbnails.seconds", value: "0",
                                                        reason: "must be a whole number of seconds from 1 to 86400"))) {
            try configuration.set(.thumbnailTimeLimit, to: "0")
        }
        #expect(Configuration(values: ["thumbnails.seconds": "soon"]).thumbnailTimeLimit == .seconds(30))
    }

    @Test("storage.preferred accepts only local or cloud, and a refused value changes nothing", arguments: ["icloud", "Local", "", "both"])
    func invalidPreferredStorage(_ value: String) throws {
        var configuration = Configuration()
        try configuration.set(.preferredStorage, to: "cloud")
        let error = try #require(throws: DocKitError.self) { try configuration.set(.preferredStorage, to: value) }
        guard case .invalidValue(let key, let rejected, _)? = error.failure(as: ConfigurationError.self) else {
            Issue.record("expected invalidValue, got \(error)")
            return
        }
        #expect(key == "storage.preferred")
        #expect(rejected == value)
        #expect(error.code == .invalidValue)
        #expect(configuration[.preferredStorage] == "cloud")
    }

    @Test("an empty path is refused")
    func emptyPath() throws {
        var configuration = Configuration()
        #expect(throws: DocKitError.self) { try configuration.set(.localDocuments, to: "") }
        #expect(throws: DocKitError.self) { try configuration.set(.cloudContainer, to: "") }
        #expect(configuration.values.isEmpty)
    }

    @Test("keys are found by name; an unknown one is unknownKey")
    func keyNamed() throws {
        #expect(try Configuration.key(named: "local.documents") == .localDocuments)
        #expect(try Configuration.key(named: "cloud.container") == .cloudContainer)
        #expect(try Configuration.key(named: "storage.preferred") == .preferredStorage)
        #expect(throws: DocKitError(ConfigurationError.unknownKey("storage.prefered"))) { try Configuration.key(named: "storage.prefered") }
        let error = try #require(throws: DocKitError.self) { try Configuration.key(named: "nope") }
        #expect(error.code == .notFound)
        #expect(error.description.contains("nope"))
        #expect(error.description.contains("local.documents"))
    }
}

@Suite("ConfigurationFile")
struct ConfigurationFileTests {
    static func home() throws -> (TemporaryDirectory, ConfigurationFile) {
        let tmp = try TemporaryDirectory("config")
        return (tmp, ConfigurationFile(home: Home(url: tmp.url)))
    }

    @Test("a home without config.json has the default configuration")
    func missingFileIsDefaults() throws {
        let (tmp, file) = try Self.home()
        #expect(file.url.path == tmp.url("config.json").path)
        #expect(try file.load() == Configuration())
    }

    @Test("update writes a JSON object that load reads back")
    func updateThenLoad() throws {
        let (tmp, file) = try Self.home()
        try file.update { configuration throws(DocKitError) in
            try configuration.set(.preferredStorage, to: "cloud")
            try configuration.set(.localDocuments, to: "/data/My Docs")
        }
        let loaded = try file.load()
        #expect(loaded[.preferredStorage] == "cloud")
        #expect(loaded[.localDocuments] == "/data/My Docs")
        #expect(loaded[.cloudContainer] == nil)

        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp.url("config.json"))) as? [String: String]
        #expect(object == ["storage.preferred": "cloud", "local.documents": "/data/My Docs"])

        try file.update { $0.unset(.preferredStorage) }
        #expect(try file.load().values == ["local.documents": "/data/My Docs"])
    }

    @Test("update creates a missing home")
    func updateCreatesHome() throws {
        let tmp = try TemporaryDirectory("config")
        let file = ConfigurationFile(home: Home(url: tmp.url("not/yet/there")))
        try file.update { configuration throws(DocKitError) in try configuration.set(.preferredStorage, to: "cloud") }
        #expect(try file.load().preferredLocation == .cloud)
    }

    @Test("a change that throws leaves the file as it was")
    func failedChangeWritesNothing() throws {
        let (tmp, file) = try Self.home()
        try file.update { configuration throws(DocKitError) in try configuration.set(.preferredStorage, to: "cloud") }
        let before = try Data(contentsOf: tmp.url("config.json"))
        #expect(throws: DocKitError.self) {
            try file.update { configuration throws(DocKitError) in
                try configuration.set(.localDocuments, to: "/changed")
                try configuration.set(.preferredStorage, to: "nowhere")
            }
        }
        #expect(try Data(contentsOf: tmp.url("config.json")) == before)
    }

    @Test("update replaces the file atomically and leaves no temporary in the home")
    func updateLeavesNoTemporary() throws {
        let (tmp, file) = try Self.home()
        for value in ["local", "cloud", "local"] {
            try file.update { configuration throws(DocKitError) in try configuration.set(.preferredStorage, to: value) }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.url.path)
        #expect(!names.contains { $0.hasPrefix(FileSystem.temporaryPrefix) }, "\(names)")
        #expect(names.contains("config.json"))
        #expect(try file.load().preferredLocation == .local)
    }

    @Test("concurrent updates of different keys from several threads all land")
    func concurrentUpdatesAreNotLost() async throws {
        let (tmp, file) = try Self.home()
        defer { withExtendedLifetime(tmp) {} }
        // Two threads count in their own key, reading the count inside the
        // update: an update lost to another thread's write lowers the
        // final count. A third toggles the preferred location meanwhile.
        let counted: [Configuration.Key] = [.localDocuments, .cloudContainer]
        let rounds = 40
        let failures = FailureLog()
        await BlockingThreads.run(3) { index in
            for round in 0..<rounds {
                do {
                    if index < counted.count {
                        let key = counted[index]
                        try file.update { configuration throws(DocKitError) in
                            let count = configuration[key].flatMap { Int($0.dropFirst("/count/".count)) } ?? 0
                            try configuration.set(key, to: "/count/\(count + 1)")
                        }
                    } else {
                        try file.update { configuration throws(DocKitError) in
                            try configuration.set(.preferredStorage, to: round.isMultiple(of: 2) ? "cloud" : "local")
                        }
                    }
                } catch {
                    failures.record("thread \(index) round \(round): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty)
        let final = try file.load()
        #expect(final[.localDocuments] == "/count/\(rounds)")
        #expect(final[.cloudContainer] == "/count/\(rounds)")
        #expect(final[.preferredStorage] == "local")
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.url.path)
        #expect(!names.contains { $0.hasPrefix(FileSystem.temporaryPrefix) }, "\(names)")
    }

    // MARK: Malformed files

    static func loadError(_ content: String) throws -> (path: String, reason: String) {
        let (tmp, file) = try Self.home()
        try tmp.write(content, to: "config.json")
        let error = try #require(throws: DocKitError.self) { try file.load() }
        guard case .malformedFile(let path, let reason)? = error.failure(as: ConfigurationError.self) else {
            Issue.record("expected malformedFile, got \(error)")
            return ("", "")
        }
        #expect(path == file.url.path)
        #expect(error.description.hasPrefix(file.url.path))
        #expect(error.code == .malformed)
        return (path, reason)
    }

    @Test("a config.json that is not JSON is malformed, naming the file", arguments: ["not json at all", "{\"storage.preferred\": ", ""])
    func notJSON(_ content: String) throws {
        _ = try Self.loadError(content)
    }

    @Test("a config.json whose root is not an object is malformed", arguments: ["[\"local\"]", "\"local\"", "42"])
    func notAnObject(_ content: String) throws {
        _ = try Self.loadError(content)
    }

    @Test("a value that is not a string is malformed, naming the key")
    func nonStringValue() throws {
        let (_, reason) = try Self.loadError(#"{"storage.preferred": 1}"#)
        #expect(reason.contains("storage.preferred"))
        let (_, nested) = try Self.loadError(#"{"local.documents": ["a"]}"#)
        #expect(nested.contains("local.documents"))
    }

    @Test("an unknown key is malformed, naming the key")
    func unknownKeyInFile() throws {
        let (_, reason) = try Self.loadError(#"{"storage.preferred": "local", "colour": "blue"}"#)
        #expect(reason.contains("colour"))
    }

    @Test("an invalid value is malformed, naming the key")
    func invalidValueInFile() throws {
        let (_, reason) = try Self.loadError(#"{"storage.preferred": "nowhere"}"#)
        #expect(reason.contains("storage.preferred"))
    }

    @Test("update refuses to overwrite a malformed file")
    func updateKeepsMalformedFile() throws {
        let (tmp, file) = try Self.home()
        try tmp.write("{ broken", to: "config.json")
        #expect(throws: DocKitError.self) {
            try file.update { configuration throws(DocKitError) in try configuration.set(.preferredStorage, to: "cloud") }
        }
        #expect(try String(contentsOf: tmp.url("config.json"), encoding: .utf8) == "{ broken")
    }
}
