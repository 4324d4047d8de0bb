#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Subprocess
import SystemPackage
import Testing

/// Export through a plugin a third party wrote: a Python script in a
/// `.handler` bundle, registered by manifest, that writes tar archives with
/// `tarfile`. Its manifest's `DBServiceArguments` tell it how to behave and
/// where to record what it did, so each test can see the plugin's side.
@Suite("export through a third-party plugin, run as a user would")
struct ExportPluginEndToEndTests {
    /// `--mode`: `ok` writes the archive (bzip2-compressed when the format
    /// names bz), records argv, pid, its numbers and the archive's sha256;
    /// `crash`, `hang`, `garbage` first write part of the archive; `noresult`
    /// exits 0 saying nothing; `nofile` reports a result without writing;
    /// `slow` writes part, then waits to be interrupted, recording the signal.
    static let script = #"""
    #!/usr/bin/env python3
    import hashlib, json, os, signal, sys, tarfile, time

    def emit(**event):
        print(json.dumps(event), flush=True)

    def record(name, value):
        path = os.path.join(control, name)
        with open(path + ".tmp", "w") as file:
            json.dump(value, file)
        os.rename(path + ".tmp", path)

    argv = sys.argv[1:]
    inputs = argv[argv.index("--") + 1:]
    options = argv[:argv.index("--")]
    def option(name):
        return options[options.index(name) + 1]
    control, mode, output, form = option("--control"), option("--mode"), option("--output"), option("--format")

    def partial():
        with open(output, "xb") as file:
            file.write(b"BZh9 part of an archive")

    if mode == "crash":
        partial()
        os.kill(os.getpid(), signal.SIGSEGV)
    elif mode == "hang":
        partial()
        time.sleep(600)
    elif mode == "garbage":
        partial()
        print("Writing archive... done!", flush=True)
        time.sleep(600)
    elif mode == "noresult":
        sys.exit(0)
    elif mode == "nofile":
        emit(event="result", entries=1, bytes=1, archiveBytes=1)
        sys.exit(0)
    elif mode == "slow":
        def interrupted(number, frame):
            record("signal.json", {"signal": number})
            sys.exit(128 + number)
        signal.signal(signal.SIGINT, interrupted)
        signal.signal(signal.SIGTERM, interrupted)
        partial()
        record("started.json", {"pid": os.getpid(), "pgid": os.getpgid(0)})
        emit(event="progress", bytes=23)
        deadline = time.time() + 120
        while time.time() < deadline:
            time.sleep(0.05)
        sys.exit(0)

    entries = 0
    content = 0
    def count(info):
        global entries, content
        entries += 1
        content += info.size if info.isfile() else 0
        return info
    with open(output, "xb") as file, tarfile.open(fileobj=file, mode="w:bz2" if "bz" in form else "w", format=tarfile.PAX_FORMAT) as tar:
        for path in inputs:
            tar.add(path, arcname=os.path.basename(path.rstrip("/")), filter=count)
            emit(event="progress", entries=entries, bytes=content, item=os.path.basename(path))
    digest = hashlib.sha256(open(output, "rb").read()).hexdigest()
    size = os.path.getsize(output)
    record("record.json", {"argv": sys.argv, "format": form, "output": output, "sha256": digest,
                           "entries": entries, "bytes": content, "archiveBytes": size})
    emit(event="result", entries=entries, bytes=content, archiveBytes=size)
    """#

    struct Plugin {
        var bundle: URL
        var control: URL
        var identifier: String

        var record: URL { control.appending(path: "record.json") }
    }

    /// `NAME.handler/Info.plist` and `tarball.py`, declaring an export
    /// service for `types`; not registered yet.
    static func makePlugin(_ sandbox: Sandbox, identifier: String = "org.example.tarball", types: [String],
                           mode: String = "ok", timeLimit: Int? = nil) async throws -> Plugin {
        let name = identifier.split(separator: ".").last.map(String.init) ?? identifier
        let control = try sandbox.directory("control-\(name)")
        _ = try sandbox.write(script, to: "\(name).handler/tarball.py")
        try await sandbox.shell("chmod 755 '\(name).handler/tarball.py'")
        let limit = timeLimit.map { "<key>DBServiceTimeLimit</key><integer>\($0)</integer>" } ?? ""
        _ = try sandbox.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
              <key>CFBundleIdentifier</key><string>\(identifier)</string>
              <key>CFBundleName</key><string>Tarball</string>
              <key>CFBundleExecutable</key><string>tarball.py</string>
              <key>DBServices</key>
              <array>
                <dict>
                  <key>DBServiceKind</key><string>export</string>
                  <key>DBServiceTypes</key><array>\(types.map { "<string>\($0)</string>" }.joined())</array>
                  <key>DBServiceArguments</key><array><string>--control</string><string>\(control.path)</string><string>--mode</string><string>\(mode)</string></array>
                  \(limit)
                </dict>
              </array>
            </dict>
            </plist>
            """, to: "\(name).handler/Info.plist")
        return Plugin(bundle: sandbox.root.appending(path: "\(name).handler"), control: control, identifier: identifier)
    }

    static func register(_ sandbox: Sandbox, _ plugin: Plugin) async throws {
        let registered = try await sandbox.run("handlers", "register", plugin.bundle.path)
        #expect(registered.status == 0, "\(registered)")
    }

    static func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func sha256(_ url: URL) async throws -> String {
        let result = try await Subprocess.run(.name("sha256sum"), arguments: [url.path], output: .string(limit: 4096), error: .discarded)
        return String(result.standardOutput.prefix(64))
    }

    /// One line on stderr, `docbrowser: …`, as every error is.
    static func expectOneLine(_ result: Sandbox.Result, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "one line: \(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.hasPrefix("docbrowser: "), "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.contains(fragment), "\(result.standardError) should say \(fragment)", sourceLocation: sourceLocation)
    }

    /// What `bsdtar -tf` lists, without trailing slashes.
    static func listing(_ sandbox: Sandbox, _ archive: URL) async throws -> Set<String> {
        let listed = try await sandbox.tool("bsdtar", ["-tf", archive.path])
        return Set(listed.output.split(separator: "\n").map { String($0.hasSuffix("/") ? $0.dropLast() : $0) })
    }

    static let mixedEntries: Set<String> = [
        "Report.pages", "Report.pages/index.xml", "Report.pages/run.sh", "Report.pages/current",
        "Report.pages/Data", "Report.pages/Data/blob.bin", "Café – ünïcödé.txt",
    ]

    @Test(arguments: [
        (["--format", "tbz2"], "share.tbz2", "tar.bz2"),
        (["--format", "public.tar-bzip2-archive"], "share-archive", "tar.bz2"),
        ([], "share.tar.bz2", "tar.bz2"),
    ])
    func aRegisteredScriptPluginWritesItsDeclaredFormat(_ options: [String], _ filename: String, _ format: String) async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.makeMixedDocuments(in: "home/Documents")
        let plugin = try await Self.makePlugin(sandbox, types: ["public.tar-bzip2-archive"])
        try await Self.register(sandbox, plugin)
        let directory = try sandbox.directory("out")
        let output = directory.appending(path: filename)

        let result = try await sandbox.run(["export", "Report", "Café – ünïcödé.txt", "-o", output.path, "--json"] + options)
        #expect(result.status == 0, "\(result)")

        let record = try Self.json(plugin.record)
        #expect(record["format"] as? String == format, "the plugin is given an extension of the type it declared")
        #expect(try await Self.sha256(output) == record["sha256"] as? String, "FILE is byte for byte what the plugin wrote")
        #expect(try Data(contentsOf: output).prefix(3) == Data("BZh".utf8), "bzip2")
        #expect(try await Self.listing(sandbox, output) == Self.mixedEntries)
        let json = try result.json()
        #expect(json["format"] as? String == format)
        #expect(json["entryCount"] as? Int == record["entries"] as? Int)
        #expect(json["entryCount"] as? Int == Self.mixedEntries.count)
        #expect(json["bytes"] as? Int == record["bytes"] as? Int)
        #expect(json["archiveBytes"] as? Int == record["archiveBytes"] as? Int)
        #expect(json["archiveBytes"] as? Int == (try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int))
        #expect(sandbox.names(in: directory) == [filename], "no temporary left")
        let argv = try #require(record["argv"] as? [String])
        #expect(argv.suffix(2).allSatisfy { $0.hasPrefix(sandbox.localDocuments.path) }, "absolute input paths: \(argv)")
    }

    /// Third-party authors copy it: it must work as printed.
    @Test func theProtocolDocumentsExamplePluginWorksAsWritten() async throws {
        let document = try String(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "docs/PLUGIN-PROTOCOL.md"), encoding: .utf8)
        let example = try #require(document.components(separatedBy: "## 8.").last)
        func block(_ language: String) throws -> String {
            let start = try #require(example.range(of: "```\(language)\n"))
            let end = try #require(example.range(of: "```", range: start.upperBound..<example.endIndex))
            return String(example[start.upperBound..<end.lowerBound])
        }
        let sandbox = try Sandbox()
        _ = try await sandbox.makeMixedDocuments(in: "home/Documents")
        // The bundled archiver writes tar.bz2 too; Python's tarfile is told
        // apart by the pax mtime record it gives every entry, which
        // libarchive writes only for times with a fraction of a second.
        let bundled = sandbox.root.appending(path: "bundled.tar.bz2")
        #expect(try await sandbox.run("export", "Report", "Café – ünïcödé.txt", "-o", bundled.path).status == 0)
        let pythonWrote = "import bz2, sys; sys.exit(0 if b'mtime=' in bz2.open(sys.argv[1]).read() else 3)"
        #expect(try await sandbox.tool("python3", ["-c", pythonWrote, bundled.path], expectSuccess: false).status == 3, "the bundled archiver's own tar")
        _ = try sandbox.write(try block("xml"), to: "tarbz2.handler/Info.plist")
        _ = try sandbox.write(try block("python"), to: "tarbz2.handler/tarbz2.py")
        try await sandbox.shell("chmod 755 tarbz2.handler/tarbz2.py")
        let registered = try await sandbox.run("handlers", "register", sandbox.root.appending(path: "tarbz2.handler").path)
        #expect(registered.status == 0, "\(registered)")

        let output = sandbox.root.appending(path: "share.tar.bz2")
        let result = try await sandbox.run("export", "Report", "Café – ünïcödé.txt", "-o", output.path, "--json")
        #expect(result.status == 0, "\(result)")
        #expect(try Data(contentsOf: output).prefix(3) == Data("BZh".utf8))
        #expect(try await sandbox.tool("python3", ["-c", pythonWrote, output.path], expectSuccess: false).status == 0, "the example plugin wrote it")
        #expect(try await Self.listing(sandbox, output) == Self.mixedEntries)
        #expect(try result.json()["entryCount"] as? Int == Self.mixedEntries.count)
        #expect(try result.json()["bytes"] as? Int == 300_000 + 9 + 18 + 6, "content bytes of the regular files")

        let short = try await sandbox.run("export", "Report", "-o", sandbox.root.appending(path: "share").path, "--format", "tbz2", "--level", "1")
        #expect(short.status == 0, "\(short)")
    }

    @Test func aRegisteredPluginTakesOverABundledFormatUntilUnregistered() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.makeMixedDocuments(in: "home/Documents")
        let directory = try sandbox.directory("out")
        let plugin = try await Self.makePlugin(sandbox, types: ["public.tar-archive"])

        let before = try await sandbox.run("export", "Report", "-o", directory.appending(path: "before.tar").path)
        #expect(before.status == 0, "\(before)")
        #expect(!FileManager.default.fileExists(atPath: plugin.record.path), "the bundled archiver writes tar")

        try await Self.register(sandbox, plugin)
        let taken = directory.appending(path: "taken.tar")
        let during = try await sandbox.run("export", "Report", "-o", taken.path, "--json")
        #expect(during.status == 0, "\(during)")
        let record = try Self.json(plugin.record)
        #expect(record["format"] as? String == "tar")
        #expect(try await Self.sha256(taken) == record["sha256"] as? String)
        #expect(try await Self.listing(sandbox, taken) == Self.mixedEntries.filter { $0.hasPrefix("Report") })
        #expect(try during.json()["entryCount"] as? Int == record["entries"] as? Int)

        let unregistered = try await sandbox.run("handlers", "unregister", plugin.identifier)
        #expect(unregistered.status == 0, "\(unregistered)")
        try FileManager.default.removeItem(at: plugin.record)
        let after = directory.appending(path: "after.tar")
        let given = try await sandbox.run("export", "Report", "-o", after.path, "--format", "tar")
        #expect(given.status == 0, "\(given)")
        #expect(!FileManager.default.fileExists(atPath: plugin.record.path), "the bundled archiver has tar back")
        #expect(try await Self.listing(sandbox, after) == Self.mixedEntries.filter { $0.hasPrefix("Report") })
        #expect(sandbox.names(in: directory) == ["after.tar", "before.tar", "taken.tar"])
    }

    /// An app's own archive type that is a kind of zip, as Scary Bugs
    /// declares `.sbz`: no plugin of its own, so the bundled archiver writes it.
    static let appArchiveManifest = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>CFBundleIdentifier</key><string>org.example.bugs</string>
    <key>CFBundleName</key><string>Bugs</string>
    <key>UTExportedTypeDeclarations</key><array><dict>
    <key>UTTypeIdentifier</key><string>org.example.bugs-archive</string>
    <key>UTTypeConformsTo</key><array><string>public.zip-archive</string></array>
    <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>sbz</string></array></dict>
    </dict></array>
    </dict></plist>
    """

    @Test func anAppsArchiveTypeThatIsAKindOfZipIsWrittenAsZipAndImportedBack() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.makeMixedDocuments(in: "home/Documents")
        let registered = try await sandbox.run("handlers", "register", try sandbox.write(Self.appArchiveManifest, to: "bugs.plist").path)
        #expect(registered.status == 0, "\(registered)")
        let directory = try sandbox.directory("out")
        let archive = directory.appending(path: "Shared.sbz")

        let exported = try await sandbox.run("export", "Report", "-o", archive.path, "--level", "9", "--json")
        #expect(exported.status == 0, "\(exported)")
        #expect(try exported.json()["format"] as? String == "sbz")
        try await sandbox.tool("python3", ["-m", "zipfile", "-t", archive.path])
        #expect(try await Self.listing(sandbox, archive) == Self.mixedEntries.filter { $0.hasPrefix("Report") })

        let badLevel = try await sandbox.run("export", "Report", "-o", directory.appending(path: "Other.sbz").path, "--level", "99")
        #expect(badLevel.status == 2, "zip's levels are the bundled archiver's rule for .sbz: \(badLevel)")

        let deleted = try await sandbox.run("delete", "Report.pages", "--permanent")
        #expect(deleted.status == 0, "\(deleted)")
        // A type built on zip is a document to keep whole, unless an import
        // service names it: then the bundled archiver, which reads zip,
        // takes it apart, as it wrote it.
        let whole = try await sandbox.run("import", archive.path)
        #expect(whole.standardOutput == "Imported local:Shared.sbz\n", "\(whole)")
        let withImport = Self.appArchiveManifest.replacingOccurrences(of: "</dict></plist>", with: """
            <key>DBServices</key><array><dict><key>DBServiceKind</key><string>import</string>
            <key>DBServiceTypes</key><array><string>org.example.bugs-archive</string></array></dict></array>
            </dict></plist>
            """)
        let reregistered = try await sandbox.run("handlers", "register", try sandbox.write(withImport, to: "bugs.plist").path)
        #expect(reregistered.status == 0, "\(reregistered)")
        let imported = try await sandbox.run("import", archive.path)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.standardOutput == "Imported local:Report.pages\n", "\(imported)")
        #expect(FileManager.default.fileExists(atPath: sandbox.home.appending(path: "Documents/Report.pages/Data/blob.bin").path))
    }

    @Test func anUnknownFormatIsInvalidInput() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.makeMixedDocuments(in: "home/Documents")
        let directory = try sandbox.directory("out")
        let result = try await sandbox.run("export", "Report", "-o", directory.appending(path: "x.foo").path, "--format", "foo")
        #expect(result.status == 6, "\(result)")
        Self.expectOneLine(result, "'foo' is not an archive format")
        #expect(sandbox.names(in: directory).isEmpty)
    }

    @Test(arguments: [(["--format", "rar"], "x.rar"), (["--format", "com.rarlab.rar-archive"], "x-archive"), ([], "x.rar")])
    func anArchiveTypeNoPluginExportsIsNotFound(_ options: [String], _ filename: String) async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.makeMixedDocuments(in: "home/Documents")
        let directory = try sandbox.directory("out")
        let result = try await sandbox.run(["export", "Report", "-o", directory.appending(path: filename).path] + options)
        #expect(result.status == 3, "\(result)")
        Self.expectOneLine(result, "no handler offers export for com.rarlab.rar-archive (see 'docbrowser handlers')")
        #expect(sandbox.names(in: directory).isEmpty)
    }

    @Test(arguments: [
        ("crash", "crashed (signal 11)"),
        ("hang", "did not finish within its time limit of 1 s"),
        ("garbage", "broke the plugin protocol: not a JSON event: Writing archive... done!"),
        ("noresult", "exited without a result event"),
        ("nofile", "reported success but wrote no archive"),
    ])
    func aMisbehavingPluginIsReportedAndLeavesNothing(_ mode: String, _ message: String) async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.makeMixedDocuments(in: "home/Documents")
        let plugin = try await Self.makePlugin(sandbox, types: ["public.tar-bzip2-archive"], mode: mode, timeLimit: 1)
        try await Self.register(sandbox, plugin)
        let directory = try sandbox.directory("out")
        let output = directory.appending(path: "x.tar.bz2").path
        let result = try await sandbox.run("export", "Report", "-o", output)
        #expect(result.status == 1, "\(result)")
        Self.expectOneLine(result, "docbrowser: \(output): org.example.tarball ")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(sandbox.names(in: directory).isEmpty, "no FILE and no temporary")
    }

    /// Ctrl-C (or a SIGTERM) during an export: the launcher passes the
    /// signal on to the plugin's process group, waits for it, removes the
    /// partial archive, and exits as interrupted.
    @Test(arguments: [SIGINT, SIGTERM])
    func interruptingExportStopsThePluginAndLeavesNothing(_ number: Int32) async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.makeMixedDocuments(in: "home/Documents")
        let plugin = try await Self.makePlugin(sandbox, types: ["public.tar-bzip2-archive"], mode: "slow")
        try await Self.register(sandbox, plugin)
        let directory = try sandbox.directory("out")
        let started = plugin.control.appending(path: "started.json")

        let result = try await Subprocess.run(
            .path(FilePath(Sandbox.binary.path)),
            arguments: ["--home", sandbox.home.path, "export", "Report", "-o", directory.appending(path: "x.tar.bz2").path],
            environment: .inherit.updating(["HOME": sandbox.userHome.path, "DOCBROWSER_HOME": nil, "NO_COLOR": "1"]),
            input: .none, output: .string(limit: 1 << 20), error: .string(limit: 1 << 20)
        ) { execution in
            // Generous: only a hang is to be detected.
            for _ in 0..<1200 where !FileManager.default.fileExists(atPath: started.path) {
                try await Task.sleep(for: .milliseconds(50))
            }
            let partial = sandbox.names(in: directory)
            kill(execution.processIdentifier.value, number)
            return partial
        }
        let pluginStatus = try Self.json(started)
        #expect(result.closureResult.count == 1 && result.closureResult.first?.hasPrefix(".docbrowser-tmp-") == true,
                "the plugin was writing its temporary: \(result.closureResult)")
        #expect(result.terminationStatus == .exited(128 + number), "\(result.terminationStatus) \(result.standardError)")
        let lines = (result.standardError).split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("org.example.tarball was cancelled (signal \(number))") == true, "\(lines)")
        #expect(try Self.json(plugin.control.appending(path: "signal.json"))["signal"] as? Int == Int(number))
        #expect(pluginStatus["pgid"] as? Int == pluginStatus["pid"] as? Int, "the plugin leads a process group of its own")
        let pid = try #require(pluginStatus["pid"] as? Int)
        #expect(kill(pid_t(pid), 0) == -1 && errno == ESRCH, "the launcher waited for the plugin to end")
        #expect(sandbox.names(in: directory).isEmpty, "no FILE and no temporary")
    }
}
