import Foundation

/// The sync-status adapters of a home (docs/PLUGIN-PROTOCOL.md §10):
/// separate programs that ask the sync engine writing the cloud folder
/// which files it still needs, so that docbrowser itself makes no network
/// call. Asked once per listing and once per mutation's check, never
/// cached across them: the engine's answer is only good for a moment.
///
/// When no adapter names an engine (none installed, the engine not
/// running or not configured, an adapter failing in any way), the answer
/// is nil and documents are judged by the quiet period and sync
/// temporaries alone, without a word: most homes have no engine to ask.
public struct SyncEngines: Sendable {
    /// One declared adapter.
    public struct Adapter: Sendable, Hashable {
        /// The handler's identifier, for the log.
        public var identifier: String
        /// The program.
        public var executable: URL
        /// Its manifest's `DBServiceArguments`.
        public var leadingArguments: [String]
        /// How long a call may take before its group is killed.
        public var timeLimit: Duration
    }

    /// The bundled Syncthing adapter's handler identifier.
    public static let bundledIdentifier = "org.docbrowser.syncthing"
    /// Its program, installed beside `docbrowser` as the archiver is.
    public static let bundledExecutableName = "docbrowser-syncthing"
    /// A call's time limit unless its manifest sets one: the adapter's own
    /// requests give up after 2 s.
    public static let defaultTimeLimit: Duration = .seconds(5)
    /// The most bytes of stdout read: 65,536 paths of some length.
    static let outputCap = 32 << 20

    /// The adapters, asked in this order: registered ones first, then the bundled one.
    public var adapters: [Adapter]
    /// `cloud.engine-address` and `cloud.engine-api-key-file`, passed on.
    public var configuration: Configuration
    /// The home, given to adapters as `DOCBROWSER_HOME`.
    public var home: Home
    /// The app's environment, of which adapters get `HOME`,
    /// `XDG_STATE_HOME` and `XDG_CONFIG_HOME`: where an engine keeps its
    /// configuration.
    public var environment: [String: String]

    /// Creates the set from explicit adapters.
    ///
    /// - Parameters:
    ///   - adapters: The adapters, in the order they are asked.
    ///   - configuration: The home's settings.
    ///   - home: The docbrowser home.
    ///   - environment: The app's environment, such as ``DocumentLibrary/environment``.
    public init(adapters: [Adapter], configuration: Configuration, home: Home, environment: [String: String]) {
        self.adapters = adapters
        self.configuration = configuration
        self.home = home
        self.environment = environment
    }

    /// The adapters the handler manifests declare (`DBServiceKind`
    /// `sync-status`): DocKit's built-in ones, the installation's,
    /// `$XDG_DATA_DIRS`' and the home's. The built-in manifest names no
    /// path; its program is found by `plugins`, as the archiver is.
    ///
    /// - Parameters:
    ///   - configuration: The home's settings.
    ///   - home: The docbrowser home.
    ///   - installation: Where the shipped manifests are.
    ///   - plugins: Where plugin programs are found.
    ///   - environment: Where `$XDG_DATA_DIRS` is read, and what adapters inherit.
    public init(configuration: Configuration, home: Home, installation: Installation = .builtIn,
                plugins: PluginSearchPath, environment: [String: String]) {
        var byIdentifier: [String: HandlerManifest] = [:]
        var order: [String] = []
        let locations = HandlerManifestLocations.standard(installation: installation, home: home, environment: environment)
        let manifests = locations.builtIn.compactMap { try? HandlerManifest.load($0) }
            + locations.manifestFiles().compactMap { try? HandlerManifest.load(from: $0, environment: environment) }
        for manifest in manifests where manifest.services.contains(where: { $0.kind == .syncStatus }) {
            if byIdentifier[manifest.identifier] == nil { order.append(manifest.identifier) }
            byIdentifier[manifest.identifier] = manifest
        }
        var adapters: [Adapter] = []
        for identifier in order.filter({ $0 != Self.bundledIdentifier }) + order.filter({ $0 == Self.bundledIdentifier }) {
            for service in byIdentifier[identifier]?.services ?? [] where service.kind == .syncStatus {
                let executable = service.executable
                    ?? (identifier == Self.bundledIdentifier ? plugins.executable(named: Self.bundledExecutableName) : nil)
                guard let executable else { continue }
                adapters.append(Adapter(identifier: identifier, executable: executable, leadingArguments: service.arguments,
                                        timeLimit: service.timeLimit ?? Self.defaultTimeLimit))
            }
        }
        self.init(adapters: adapters, configuration: configuration, home: home, environment: environment)
    }

    /// What the first adapter that names an engine says about
    /// `documentsFolder`; nil when none does.
    ///
    /// - Parameter documentsFolder: The cloud Documents folder, absolute.
    public func answer(for documentsFolder: RawPath) -> SyncEngineAnswer? {
        for adapter in adapters {
            // Most homes have no Syncthing: its adapter is started only
            // where it has something to find.
            if adapter.identifier == Self.bundledIdentifier, configuration[.cloudEngineAddress] == nil,
               !Self.isInSyncthingFolder(documentsFolder) { continue }
            switch ask(adapter, documentsFolder) {
            case .success(let answer?): return answer
            case .success(nil): continue
            case .failure(let failure):
                Diagnostics.coordination.debug("sync-status adapter \(adapter.identifier): \(failure.description)")
            }
        }
        return nil
    }

    /// Whether Syncthing's marker, `.stfolder`, is in `folder` or a folder above it.
    static func isInSyncthingFolder(_ folder: RawPath) -> Bool {
        var current = folder
        while true {
            if (try? FileStatus.of(current.appending(".stfolder"))) ?? nil != nil { return true }
            let parent = current.deletingLastComponent
            guard !parent.isEmpty, parent != current else { return false }
            current = parent
        }
    }

    /// The arguments of a call: `sync-status --folder DIR`, and the
    /// engine's address and key file when `config.json` sets them.
    func arguments(for documentsFolder: RawPath) -> [String] {
        var arguments = ["sync-status", "--folder", documentsFolder.description]
        if let address = configuration[.cloudEngineAddress], let keyFile = configuration[.cloudEngineAPIKeyFile] {
            arguments += ["--address", address, "--api-key-file", Self.keyFilePath(keyFile, home: home)]
        }
        return arguments
    }

    /// `cloud.engine-api-key-file` as a path: a relative one is in the home.
    static func keyFilePath(_ value: String, home: Home) -> String {
        value.hasPrefix("/") ? value : home.url.appending(path: value).standardizedFileURL.path
    }

    /// The plugin environment, with the XDG folders an engine keeps its
    /// configuration in.
    func adapterEnvironment() -> [String: String] {
        let inherited = self.environment
        var environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "DOCBROWSER_PLUGIN_PROTOCOL": "1", "DOCBROWSER_HOME": home.url.path, "TMPDIR": home.temporaryDirectory.path,
        ]
        for key in ["HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"] { environment[key] = inherited[key] }
        return environment
    }

    private func ask(_ adapter: Adapter, _ documentsFolder: RawPath) -> Result<SyncEngineAnswer?, SyncEngineAnswer.Garbled> {
        let process = AdapterProcess(
            executable: adapter.executable.path, arguments: adapter.leadingArguments + arguments(for: documentsFolder),
            environment: adapterEnvironment(), timeLimit: adapter.timeLimit, outputCap: Self.outputCap
        )
        let (ending, output) = process.run()
        guard case .exited(0) = ending else { return .failure(SyncEngineAnswer.Garbled(description: "it ended: \(ending)")) }
        var result: Data?
        for line in output.split(separator: UInt8(ascii: "\n")) where !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
            guard let event = PluginEvent(line: Data(line)) else {
                return .failure(SyncEngineAnswer.Garbled(description: "not a JSON event: \(String(decoding: line.prefix(120), as: UTF8.self))"))
            }
            if case .result(let data) = event { result = data }
        }
        guard let result else { return .failure(SyncEngineAnswer.Garbled(description: "it exited without a result event")) }
        return Result { () throws(SyncEngineAnswer.Garbled) in try SyncEngineAnswer(result: result) }
    }
}
