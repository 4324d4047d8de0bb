import Foundation
import Testing
@testable import DocKit

/// The adapters asked what a sync engine still needs, run as real
/// processes: shell scripts standing in for an engine's adapter, since a
/// real engine answers only in the end-to-end tests (on two Syncthing
/// devices).
@Suite("sync-status adapters")
struct SyncEnginesTests {
    /// An adapter: a script that logs each call's arguments to `log` and
    /// then runs `body`. The time limit is a hang guard, generous for a
    /// loaded machine, unless a test is about the limit.
    static func adapter(_ body: String, in home: TestHome, timeLimit: Duration = .seconds(30), log: String = "calls") throws -> SyncEngines.Adapter {
        let script = home.directory.url.appending(path: "adapter-\(UUID().uuidString).sh")
        try Data("#!/bin/sh\necho \"$@\" >> '\(home.root)/\(log)'\n\(body)\n".utf8).write(to: script)
        // Run by sh rather than executed: a script just written cannot be
        // executed while a fork of another test holds it open for writing
        // (ETXTBSY), and the adapter would then be "no engine".
        return SyncEngines.Adapter(identifier: "org.example.engine", executable: URL(fileURLWithPath: "/bin/sh"), leadingArguments: [script.path], timeLimit: timeLimit)
    }

    static func engines(_ adapters: [SyncEngines.Adapter], in home: TestHome) throws -> SyncEngines {
        SyncEngines(adapters: adapters, configuration: try ConfigurationFile(home: home.home).load(), home: home.home, environment: [:])
    }

    static func calls(in home: TestHome, log: String = "calls") -> [String] {
        ((try? String(contentsOfFile: home.root + "/" + log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    static let needsDeck = #"echo '{"event":"result","engine":"Syncthing","state":"syncing","needed":[{"path":"Deck.key/Data/b.png"},{"path":"Deck.key/Data/c.png"}]}'"#

    @Test("an answer is used as the adapter gave it, with the folder and the configured address passed on")
    func answered() throws {
        let home = try TestHome("answered")
        try Data(#"{"cloud.quiet-seconds":"0","cloud.engine-address":"127.0.0.1:8384","cloud.engine-api-key-file":"key"}"#.utf8)
            .write(to: home.directory.url.appending(path: "config.json"))
        let engines = try Self.engines([try Self.adapter(Self.needsDeck, in: home)], in: home)
        let answer = engines.answer(for: home.documentsDirectory(.cloud))
        #expect(answer == SyncEngineAnswer(engine: "Syncthing", state: "syncing", needed: [RawPath("Deck.key/Data/b.png"), RawPath("Deck.key/Data/c.png")]))
        #expect(Self.calls(in: home) == ["sync-status --folder \(home.documentsPath(.cloud)) --address 127.0.0.1:8384 --api-key-file \(home.root)/key"])
    }

    @Test("an adapter inherits HOME and the XDG folders of the environment it is given, not the process's, and a fixed PATH")
    func inheritsTheGivenEnvironment() throws {
        let home = try TestHome("adapter-environment")
        let adapter = try Self.adapter(#"echo "$HOME|$XDG_CONFIG_HOME|$XDG_STATE_HOME|$PATH|$SECRET" >> "$DOCBROWSER_HOME/calls""#, in: home)
        let given = [
            "HOME": home.root + "/user", "XDG_CONFIG_HOME": home.root + "/config", "XDG_STATE_HOME": home.root + "/state",
            "PATH": home.root + "/bin", "SECRET": "kept back",
        ]
        let engines = SyncEngines(adapters: [adapter], configuration: Configuration(), home: home.home, environment: given)
        #expect(engines.answer(for: home.documentsDirectory(.cloud)) == nil, "it printed no result")
        #expect(Self.calls(in: home).last == "\(home.root)/user|\(home.root)/config|\(home.root)/state|/usr/local/bin:/usr/bin:/bin|")
    }

    @Test("an adapter that misbehaves counts as no engine, and the next one is asked", arguments: [
        "echo garbage",
        "echo '{\"event\":\"result\",\"engine\":\"Syncthing\",\"needed\":[{\"path\":\"/etc\"}]}'",
        "echo '{\"event\":\"progress\"}'",
        "echo '{\"event\":\"result\",\"engine\":\"Syncthing\",\"needed\":[]}'; exit 1",
        "kill -9 $$",
        "exec sleep 30",
        "exec >&-; sleep 30",
        "yes '{\"event\":\"progress\"}' | head -c 40000000",
    ])
    func misbehaving(body: String) throws {
        let home = try TestHome("misbehaving")
        // A loaded machine may stop a hanging adapter before its shell has
        // logged the call, so the first adapter logs apart: asked at most
        // once, and the second exactly once.
        let first = try Self.adapter(body, in: home, timeLimit: .seconds(3), log: "first-calls")
        let engines = try Self.engines([first, try Self.adapter(Self.needsDeck, in: home)], in: home)
        let answer = engines.answer(for: home.documentsDirectory(.cloud))
        #expect(answer?.need(of: RawPath("Deck.key"))?.files == 2)
        #expect(Self.calls(in: home, log: "first-calls").count <= 1)
        #expect(Self.calls(in: home).count == 1)
    }

    @Test("with no engine named, the answer is nil")
    func noEngine() throws {
        let home = try TestHome("none")
        let engines = try Self.engines([try Self.adapter(#"echo '{"event":"result","engine":null,"reason":"not running"}'"#, in: home)], in: home)
        #expect(engines.answer(for: home.documentsDirectory(.cloud)) == nil)
    }

    @Test("a listing asks once for all cloud documents; what the engine needs is incomplete there and every mutation refuses it in its words")
    func listingAndMutation() throws {
        let home = try TestHome("listing")
        try home.write(Data("index".utf8), to: "Deck.key/Index.zip", in: .cloud)
        try home.write(Data("a".utf8), to: "Deck.key/Data/a.png", in: .cloud)
        try home.write(Data("notes".utf8), to: "Notes.txt", in: .cloud)
        try home.write(Data("local".utf8), to: "Local.txt", in: .local)
        var catalog = try home.catalog()
        catalog.scanner = DocumentScanner(locations: catalog.locations, registry: catalog.registry, catalog: catalog.scanner.catalog,
                                          quietPeriod: catalog.quietPeriod, trash: catalog.scanner.trash, engines: try Self.engines([try Self.adapter(Self.needsDeck, in: home)], in: home))
        let listed = try catalog.documents(matching: DocumentQuery())
        #expect(Dictionary(uniqueKeysWithValues: listed.map { ($0.qualifiedName, $0.states) })
            == ["cloud:Deck.key": [.incomplete], "cloud:Notes.txt": [], "local:Local.txt": []])
        #expect(Self.calls(in: home).count == 1)
        let trash = Trash(directory: RawPath(home.directory.url.appending(path: "Trash")))
        let deck = try #require(listed.first { $0.name == "Deck.key" })
        #expect(throws: DocKitError(CoordinationError.engineNeeds(document: "cloud:Deck.key", need: SyncEngineNeed(engine: "Syncthing", state: "syncing", files: 2, moreUnlisted: false)))) {
            try DocumentMover(catalog: catalog, trash: trash).move(deck, to: .local, onConflict: .fail)
        }
        #expect(throws: DocKitError.self) { try DocumentDeleter(catalog: catalog, trash: trash).delete(deck, permanently: false) }
        #expect(CoordinationError.engineNeeds(document: "cloud:Deck.key", need: SyncEngineNeed(engine: "Syncthing", state: "syncing", files: 2, moreUnlisted: false)).description
            == "cloud:Deck.key: incomplete: Syncthing still needs 2 of its files (syncing)")
        #expect(home.exists("Deck.key/Data/a.png", in: .cloud))
        let notes = try #require(listed.first { $0.name == "Notes.txt" })
        #expect(try DocumentMover(catalog: catalog, trash: trash).move(notes, to: .local, onConflict: .fail).document.location == .local)
    }

    /// The quiet period is 600 s, so that every document here is "moments
    /// ago" however slow the machine; only the engine's word can end it.
    @Test("a plain file an engine of whole files answered for and needs none of is complete at once, in the listing and for a move; a package still waits the quiet period, and so does the file with no engine or one that does not say it writes whole files", arguments: [
        (#"echo '{"event":"result","engine":"Syncthing","state":"idle","needed":[],"wholeFiles":true}'"#, true),
        (#"echo '{"event":"result","engine":"Other","state":"idle","needed":[]}'"#, false),
        (#"echo '{"event":"result","engine":null,"reason":"not running"}'"#, false),
    ])
    func engineEndsTheQuietPeriodOfAFile(answer: String, engineAnswers: Bool) throws {
        let home = try TestHome("settled", quietSeconds: "600")
        try home.write(Data("index".utf8), to: "Deck.key/Index.zip", in: .cloud)
        try home.write(Data("notes".utf8), to: "Notes.txt", in: .cloud)
        var catalog = try home.catalog()
        catalog.scanner = DocumentScanner(locations: catalog.locations, registry: catalog.registry, catalog: catalog.scanner.catalog,
                                          quietPeriod: catalog.quietPeriod, trash: catalog.scanner.trash, engines: try Self.engines([try Self.adapter(answer, in: home)], in: home))
        let listed = try catalog.documents(matching: DocumentQuery())
        #expect(Dictionary(uniqueKeysWithValues: listed.map { ($0.qualifiedName, $0.states) })
            == ["cloud:Deck.key": [.incomplete], "cloud:Notes.txt": engineAnswers ? [] : [.incomplete]])
        let trash = Trash(directory: RawPath(home.directory.url.appending(path: "Trash")))
        let notes = try #require(listed.first { $0.name == "Notes.txt" })
        if engineAnswers {
            #expect(try DocumentMover(catalog: catalog, trash: trash).move(notes, to: .local, onConflict: .fail).document.location == .local)
        } else {
            #expect(throws: DocKitError.self) { try DocumentMover(catalog: catalog, trash: trash).move(notes, to: .local, onConflict: .fail) }
        }
        let deck = try #require(listed.first { $0.name == "Deck.key" })
        #expect(throws: DocKitError.self) { try DocumentMover(catalog: catalog, trash: trash).move(deck, to: .local, onConflict: .fail) }
        #expect(home.exists("Deck.key/Index.zip", in: .cloud))
    }

    @Test("the built-in manifest declares the Syncthing adapter, found where plugins are")
    func bundled() throws {
        let home = try TestHome("bundled")
        let libexec = try home.directory.directory("libexec")
        let program = libexec.appending(path: "docbrowser-syncthing")
        try Data("#!/bin/sh\n".utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        let engines = SyncEngines(configuration: Configuration(), home: home.home,
                                  plugins: PluginSearchPath(places: [.init(libexec, origin: .explicit)]), environment: [:])
        #expect(engines.adapters == [SyncEngines.Adapter(identifier: "org.docbrowser.syncthing", executable: program,
                                                         leadingArguments: [], timeLimit: .seconds(5))])
    }

    @Test("the Syncthing adapter is started only in a Syncthing folder, or with an address configured")
    func onlyInASyncthingFolder() throws {
        let home = try TestHome("marker")
        var adapter = try Self.adapter(Self.needsDeck, in: home)
        adapter.identifier = SyncEngines.bundledIdentifier
        try FileManager.default.createDirectory(atPath: home.documentsPath(.cloud), withIntermediateDirectories: true)
        #expect(try Self.engines([adapter], in: home).answer(for: home.documentsDirectory(.cloud)) == nil)
        #expect(Self.calls(in: home).isEmpty)
        try FileManager.default.createDirectory(atPath: home.root + "/Cloud/.stfolder", withIntermediateDirectories: true)
        #expect(try Self.engines([adapter], in: home).answer(for: home.documentsDirectory(.cloud))?.need(of: RawPath("Deck.key"))?.files == 2)
        #expect(Self.calls(in: home).count == 1)
    }
}
