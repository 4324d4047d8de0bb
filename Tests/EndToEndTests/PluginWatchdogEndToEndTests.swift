import Foundation
import Subprocess
import SystemPackage
import Testing

/// A plugin that hangs inside its time limit, silent or busy, is stopped by
/// the watchdog: `plugins.stall-seconds` seconds without an event, or
/// `plugins.cpu-seconds` seconds of processor time. The import or export
/// ends in one line naming the file and the reason, exit 5, with no
/// process, document, archive or temporary left behind.
@Suite("the plugin watchdog stops a plugin that spins")
struct PluginWatchdogEndToEndTests {
    enum Kind: String, CaseIterable, Sendable { case export, `import` }

    /// Writes a partial output, starts a child in its process group (both
    /// carry the control folder in their argv, for pgrep), sends one
    /// progress event, then spins: silently, or (`--chatty`) sending
    /// progress all along, which only the processor-time limit stops.
    static let script = #"""
    #!/usr/bin/env python3
    import json, os, subprocess, sys
    argv = sys.argv[1:]
    def option(name):
        return argv[argv.index(name) + 1]
    control = option("--control")
    target = option("--output") if "--output" in argv else os.path.join(option("--staging"), "Partial.txt")
    with open(target, "w") as file:
        file.write("half")
    subprocess.Popen(["/bin/sh", "-c", "sleep 600", control])
    print(json.dumps({"event": "progress", "bytes": 4}), flush=True)
    count = 0
    while True:
        count += 1
        if "--chatty" in argv and count % 100000 == 0:
            print(json.dumps({"event": "progress", "bytes": count}), flush=True)
    """#

    final class World: Sendable {
        let kind: Kind
        let sandbox: Sandbox
        let control: URL
        let shared: URL
        let identifier: String

        init(_ kind: Kind, chatty: Bool = false) async throws {
            self.kind = kind
            sandbox = try Sandbox()
            control = try sandbox.directory("control")
            shared = try sandbox.directory("shared")
            identifier = chatty ? "org.example.busy" : "org.example.spinner"
            _ = try sandbox.write("a note", to: "home/Documents/Note.txt")
            let type = kind == .export ? "public.tar-archive" : "public.cpio-archive"
            let plugin = try sandbox.write(PluginWatchdogEndToEndTests.script, to: "spinner.handler/spinner.py")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: plugin.path)
            let arguments = ["--control", control.path] + (chatty ? ["--chatty"] : [])
            _ = try sandbox.write("""
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>
                <key>CFBundleIdentifier</key><string>\(identifier)</string>
                <key>CFBundleExecutable</key><string>spinner.py</string>
                <key>DBServices</key><array><dict>
                <key>DBServiceKind</key><string>\(kind == .export ? "export" : "import")</string>
                <key>DBServiceTypes</key><array><string>\(type)</string></array>
                <key>DBServiceArguments</key><array>\(arguments.map { "<string>\($0)</string>" }.joined())</array>
                </dict></array>
                </dict></plist>
                """, to: "spinner.handler/Info.plist")
            let registered = try await sandbox.run("handlers", "register", sandbox.root.appending(path: "spinner.handler").path)
            #expect(registered.status == 0, "\(registered)")
        }

        func set(_ key: String, _ value: String) async throws {
            let set = try await sandbox.run("config", "set", key, value)
            #expect(set.status == 0, "\(set)")
        }

        /// Exports Note.txt to `shared/out.tar`, or imports `old.cpio`; returns the result and the file named.
        func run() async throws -> (Sandbox.Result, String) {
            switch kind {
            case .export:
                let output = shared.appending(path: "out.tar").path
                return (try await sandbox.run("export", "Note.txt", "-o", output), output)
            case .import:
                let archive = try sandbox.write("070707…", to: "old.cpio").path
                return (try await sandbox.run("import", archive), archive)
            }
        }

        func pluginRuns() async throws -> Bool {
            let found = try await Subprocess.run(.path("/usr/bin/pgrep"), arguments: ["-f", "--", control.path], output: .discarded, error: .discarded)
            return found.terminationStatus == .exited(0)
        }

        func expectNothingLeft() async throws {
            #expect(try await !pluginRuns(), "the plugin's whole process group is gone")
            #expect(sandbox.names(in: shared).isEmpty, "\(sandbox.names(in: shared))")
            #expect(sandbox.names(in: sandbox.localDocuments) == ["Note.txt"], "\(sandbox.names(in: sandbox.localDocuments))")
            #expect(sandbox.names(in: sandbox.home.appending(path: "tmp")).isEmpty, "tmp: \(sandbox.names(in: sandbox.home.appending(path: "tmp")))")
            #expect(sandbox.names(in: sandbox.home.appending(path: "Library/Journal")).isEmpty, "journal left")
        }
    }

    @Test("a plugin silent for plugins.stall-seconds seconds is stopped, with one line", arguments: Kind.allCases)
    func aSilentPluginIsStopped(_ kind: Kind) async throws {
        let world = try await World(kind)
        try await world.set("plugins.stall-seconds", "2")
        let (result, file) = try await world.run()
        #expect(result.status == 5, "\(result)")
        #expect(result.standardError == "docbrowser: \(file): org.example.spinner made no progress for 2 s and was stopped\n", "\(result)")
        try await world.expectNothingLeft()
    }

    @Test("a plugin that keeps sending progress is stopped at plugins.cpu-seconds seconds of processor time", arguments: Kind.allCases)
    func aBusyPluginIsStoppedByItsProcessorTime(_ kind: Kind) async throws {
        let world = try await World(kind, chatty: true)
        try await world.set("plugins.cpu-seconds", "1")
        let (result, file) = try await world.run()
        #expect(result.status == 5, "\(result)")
        #expect(result.standardError == "docbrowser: \(file): org.example.busy used 1 s of processor time without finishing and was stopped\n",
                "\(result)")
        try await world.expectNothingLeft()
    }

    @Test("config refuses a stall limit that is not a whole number of seconds")
    func aBadLimitIsRefused() async throws {
        let sandbox = try Sandbox()
        let refused = try await sandbox.run("config", "set", "plugins.stall-seconds", "0.5")
        #expect(refused.status == 6, "\(refused)")
        #expect(refused.standardError == "docbrowser: plugins.stall-seconds: '0.5' is not valid: must be a whole number of seconds from 1 to 86400\n",
                "\(refused)")
        let shown = try await sandbox.run("config", "get", "plugins.stall-seconds")
        #expect(shown.standardOutput == "20\n", "\(shown)")
    }

    /// Two files that each name their hard link twice: libarchive before
    /// 3.7.4 (Debian 12 has 3.6.2) links them in a loop and never returns
    /// from reading the header (libarchive pull request 2123).
    static let doubleLinkXar = #"""
    import hashlib, struct, sys, zlib
    data = b"loop, loop, loop\n"
    def entry(number, name, link, with_data):
        heap = f"""<data><length>{len(data)}</length><offset>20</offset><size>{len(data)}</size>
    <encoding style="application/octet-stream"/>
    <archived-checksum style="sha1">{hashlib.sha1(data).hexdigest()}</archived-checksum>
    <extracted-checksum style="sha1">{hashlib.sha1(data).hexdigest()}</extracted-checksum></data>""" if with_data else ""
        return f"""<file id="{number}"><name>{name}</name>
    <type link="{link}">hardlink</type><type link="{link}">hardlink</type>
    <inode>7</inode><deviceno>1</deviceno><mode>0644</mode>{heap}</file>"""
    toc = f"""<?xml version="1.0" encoding="UTF-8"?>
    <xar><toc><checksum style="sha1"><offset>0</offset><size>20</size></checksum>
    {entry(1, "file.txt", "original", True)}{entry(2, "hardlink.txt", "1", False)}
    </toc></xar>""".encode()
    packed = zlib.compress(toc)
    header = struct.pack(">4sHHQQI", b"xar!", 28, 1, len(packed), len(toc), 1)
    with open(sys.argv[1], "wb") as out:
        out.write(header + packed + hashlib.sha1(packed).digest() + data)
    """#

    @Test("the xar that sends libarchive 3.6 into an endless loop is stopped by the watchdog")
    func theHangingXarIsStopped() async throws {
        let sandbox = try Sandbox()
        let archive = sandbox.root.appending(path: "Comic.xar").path
        try await sandbox.tool("python3", ["-c", Self.doubleLinkXar, archive])
        // bsdtar uses the same libarchive: once a fixed one (3.7.4 or a
        // backport) is installed, the archive no longer hangs anything.
        let listed = try await sandbox.tool("timeout", ["5", "bsdtar", "-tf", archive], expectSuccess: false)
        guard listed.status == 124 else {
            let imported = try await sandbox.run("import", archive)
            #expect(!imported.standardError.contains("made no progress"), "\(imported)")
            return
        }
        let set = try await sandbox.run("config", "set", "plugins.stall-seconds", "3")
        #expect(set.status == 0, "\(set)")
        let result = try await sandbox.run("import", archive)
        #expect(result.status == 5, "\(result)")
        #expect(result.standardError == "docbrowser: \(archive): org.docbrowser.archiver made no progress for 3 s and was stopped\n", "\(result)")
        let found = try await Subprocess.run(.path("/usr/bin/pgrep"), arguments: ["-f", "--", archive], output: .discarded, error: .discarded)
        #expect(found.terminationStatus == .exited(1), "no archiver left")
        #expect(sandbox.names(in: sandbox.localDocuments).isEmpty)
        #expect(sandbox.names(in: sandbox.home.appending(path: "tmp")).isEmpty)
    }

    /// The archiver reports from inside a file's copy, not only between
    /// entries, so one big file does not look like a hang: its first event
    /// comes while the file is still being read.
    @Test("the archiver reports progress while it copies one big file")
    func progressDuringOneBigFile() async throws {
        let sandbox = try Sandbox()
        try await sandbox.tool("python3", ["-c", "open('Big.bin', 'wb').write(bytes(range(256)) * (32 << 12))"])
        try await sandbox.tool("tar", ["-cf", "big.tar", "Big.bin"])
        let staging = try sandbox.directory("staging")
        let extracted = try await sandbox.archiver(["extract", "--archive", sandbox.root.appending(path: "big.tar").path, "--staging", staging.path])
        #expect(extracted.status == 0, "\(extracted)")
        let size = try #require(FileManager.default.attributesOfItem(atPath: sandbox.root.appending(path: "big.tar").path)[.size] as? Int)
        let first = try #require(extracted.events.first { $0["event"] as? String == "progress" }, "\(extracted)")
        #expect(first["item"] as? String == "Big.bin")
        let read = try #require(first["bytes"] as? Int)
        #expect(read < size / 2, "the first event came after \(read) of \(size) bytes")
    }

    /// An export's last steps (closing a 7z, flushing to a slow disk) say
    /// nothing of their own, so the archiver repeats its last event every
    /// second meanwhile: here each fsync is held back 3 s, as a USB stick
    /// may hold it.
    @Test("the archiver keeps sending progress while its export is flushed to a slow disk", .enabled(if: Strace.path != nil))
    func progressWhileAnExportIsFlushed() async throws {
        let sandbox = try Sandbox()
        let input = try sandbox.write("hello\n", to: "in.txt")
        let output = sandbox.root.appending(path: "out.tar").path
        let result = try await Subprocess.run(
            .path(FilePath(Strace.path!)),
            arguments: ["-f", "-qq", "-o", "/dev/null", "-e", "trace=fsync", "-e", "inject=fsync:delay_enter=3000000",
                        Sandbox.archiver.path, "export", "--output", output, "--format", "tar", "--", input.path],
            output: .string(limit: 1 << 20), error: .string(limit: 1 << 20)
        )
        #expect(result.terminationStatus == .exited(0), "\(result.standardError)")
        let events = result.standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        // Written, and not yet finished: only the heartbeat sends these.
        let repeated = events.filter { $0["event"] as? String == "progress" && $0["entries"] as? Int == 1 && $0["item"] as? String == "in.txt" }
        #expect(repeated.count >= 1, "\(result.standardOutput)")
        #expect(events.last?["event"] as? String == "result")
    }
}
