import Foundation
import Subprocess
import Testing

/// A launcher killed with `kill -9` while its export or import plugin runs
/// leaves no plugin behind: the next command stops the plugin's process
/// group before it removes the plugin's output, and a plugin whose launch
/// was not yet recorded never runs at all. Nothing here waits for orphans
/// to end by themselves.
@Suite("kill -9 while a plugin runs: CrashRecovery stops the orphaned plugin")
struct OrphanedPluginCrashRecoveryEndToEndTests {
    enum Kind: String, CaseIterable, Sendable { case export, `import` }

    /// A slow plugin: it says it started, waits up to 10 minutes for a `go`
    /// file in its control folder, then writes its output (the export's
    /// temporary, or a file in the import's staging folder) and a scratch
    /// file in its TMPDIR, and reports success. The wait is long because a
    /// test process starved of threads can take minutes between steps; a
    /// shorter one made the plugin write on its own before it was stopped.
    static let script = #"""
    #!/usr/bin/env python3
    import json, os, sys, time

    argv = sys.argv[1:]
    def option(name):
        return argv[argv.index(name) + 1]
    control = option("--control")
    target = option("--output") if "--output" in argv else os.path.join(option("--staging"), "Late.txt")

    with open(os.path.join(control, "started.tmp"), "w") as file:
        file.write(str(os.getpid()))
    os.rename(os.path.join(control, "started.tmp"), os.path.join(control, "started"))
    deadline = time.time() + 600
    while time.time() < deadline and not os.path.exists(os.path.join(control, "go")):
        time.sleep(0.05)
    with open(target, "w") as file:
        file.write("late")
    with open(os.path.join(os.environ["TMPDIR"], "late-scratch"), "w") as file:
        file.write("late")
    print(json.dumps({"event": "result", "entries": 1, "bytes": 4, "archiveBytes": 4}), flush=True)
    """#

    final class World: Sendable {
        let kind: Kind
        let sandbox: Sandbox
        /// Unique to this sandbox, and in the plugin's argv (and its gate's).
        let control: URL
        let shared: URL

        init(_ kind: Kind) async throws {
            self.kind = kind
            sandbox = try Sandbox()
            control = try sandbox.directory("control")
            shared = try sandbox.directory("shared")
            _ = try sandbox.write("a note", to: "home/Documents/Note.txt")
            let service = kind == .export ? "export" : "import"
            let type = kind == .export ? "public.tar-archive" : "public.cpio-archive"
            let plugin = try sandbox.write(OrphanedPluginCrashRecoveryEndToEndTests.script, to: "slow.handler/slow.py")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: plugin.path)
            _ = try sandbox.write("""
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>
                <key>CFBundleIdentifier</key><string>org.example.slow</string>
                <key>CFBundleExecutable</key><string>slow.py</string>
                <key>DBServices</key><array><dict>
                <key>DBServiceKind</key><string>\(service)</string>
                <key>DBServiceTypes</key><array><string>\(type)</string></array>
                <key>DBServiceArguments</key><array><string>--control</string><string>\(control.path)</string></array>
                </dict></array>
                </dict></plist>
                """, to: "slow.handler/Info.plist")
            let registered = try await sandbox.run("handlers", "register", sandbox.root.appending(path: "slow.handler").path)
            #expect(registered.status == 0, "\(registered)")
        }

        /// Export to `shared/out.tar`, or import `old.cpio`, killed at `point`.
        func runKilled(at point: String) async throws {
            let arguments: [String]
            switch kind {
            case .export:
                arguments = ["export", "Note.txt", "-o", shared.appending(path: "out.tar").path]
            case .import:
                arguments = ["import", try sandbox.write("070707…", to: "old.cpio").path]
            }
            let killed = try await sandbox.run(arguments, environment: ["DOCBROWSER_TEST_CRASH_AT": point])
            #expect(killed.status == 137, "\(killed)")
        }

        /// Whether any process, the plugin or its gate, has the control
        /// folder in its argv. (A zombie has none: it cannot act.)
        func pluginRuns() async throws -> Bool {
            let found = try await Subprocess.run(.path("/usr/bin/pgrep"), arguments: ["-f", "--", control.path], output: .discarded, error: .discarded)
            return found.terminationStatus == .exited(0)
        }

        func exists(_ name: String) -> Bool {
            FileManager.default.fileExists(atPath: control.appending(path: name).path)
        }

        /// No FILE or temporary beside it, no new document, and nothing in
        /// the home's tmp or journal.
        func expectNothingLeft(_ context: String) {
            #expect(sandbox.names(in: shared).isEmpty, "\(context): \(sandbox.names(in: shared))")
            #expect(sandbox.names(in: sandbox.localDocuments) == ["Note.txt"], "\(context): \(sandbox.names(in: sandbox.localDocuments))")
            #expect(sandbox.names(in: sandbox.home.appending(path: "tmp")).isEmpty, "\(context): tmp: \(sandbox.names(in: sandbox.home.appending(path: "tmp")))")
            #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")).isEmpty, "\(context): journal left")
        }
    }

    @Test(arguments: Kind.allCases)
    func killedWhileThePluginRunsTheNextCommandStopsIt(_ kind: Kind) async throws {
        let world = try await World(kind)
        try await world.runKilled(at: "plugin-running")
        // Generous: only a plugin that never starts is to be detected.
        var waited = 0
        while !world.exists("started"), waited < 1200 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 1
        }
        try #require(world.exists("started"), "the plugin ran")
        #expect(try await world.pluginRuns(), "it outlived its launcher")

        let listed = try await world.sandbox.run("list")
        #expect(listed.status == 0, "\(listed)")
        #expect(try await !world.pluginRuns(), "stopped by the time the next command returns")

        // Were it alive, it would write within moments of this.
        try Data().write(to: world.control.appending(path: "go"))
        try await Task.sleep(for: .seconds(1))
        world.expectNothingLeft("\(kind), after the plugin's would-be write")
    }

    /// Spawned, but not yet recorded; or recorded, but not yet let through.
    @Test(arguments: Kind.allCases, ["plugin-spawned", "plugin-launched"])
    func killedBeforeThePluginIsLetThroughItNeverRuns(_ kind: Kind, _ point: String) async throws {
        let world = try await World(kind)
        try await world.runKilled(at: point)
        // Its gate sees the launcher's end close and exits; were the plugin
        // let through, it would run for 30 s and say it started.
        var waited = 0
        while try await world.pluginRuns(), waited < 1200 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 1
        }
        #expect(try await !world.pluginRuns())
        #expect(!world.exists("started"), "the plugin never ran")

        let listed = try await world.sandbox.run("list")
        #expect(listed.status == 0, "\(listed)")
        world.expectNothingLeft("\(kind), killed at \(point)")
    }
}
