import Foundation
import Subprocess
import Testing

/// `thumbnail` against the desktop's real thumbnail cache and tools: GIO
/// reads what docbrowser writes, the installed thumbnailers
/// (gdk-pixbuf's, evince's) make the pictures, bubblewrap holds them.
@Suite("thumbnails shared with the desktop", .serialized)
struct ThumbnailEndToEndTests {
    /// A sandbox whose desktop has the machine's installed thumbnailers,
    /// or, given `thumbnailers`, only those `.thumbnailer` files.
    static func sandbox(thumbnailers: [String: String]? = nil, seconds: String? = nil) async throws -> Sandbox {
        let sandbox = try Sandbox()
        if let thumbnailers {
            for (name, text) in thumbnailers { _ = try sandbox.write(text, to: "system-data/thumbnailers/\(name).thumbnailer") }
        } else {
            try FileManager.default.createSymbolicLink(atPath: sandbox.systemData.appending(path: "thumbnailers").path,
                                                       withDestinationPath: "/usr/share/thumbnailers")
        }
        if let seconds {
            try JSONSerialization.data(withJSONObject: ["cloud.quiet-seconds": "0", "thumbnails.seconds": seconds])
                .write(to: sandbox.home.appending(path: "config.json"))
        }
        try FileManager.default.createDirectory(at: sandbox.localDocuments, withIntermediateDirectories: true)
        return sandbox
    }

    var cache: (Sandbox) -> URL { { $0.userHome.appending(path: ".cache/thumbnails") } }

    /// What `gio info` says of a file's thumbnail: its path and whether GIO
    /// finds it valid (Thumb::URI and Thumb::MTime, checked by GLib itself).
    static func gio(_ sandbox: Sandbox, _ file: URL) async throws -> (path: String?, valid: String?) {
        let result = try await Subprocess.run(
            .name("dbus-run-session"),
            arguments: ["--", "gio", "info", "-a", "thumbnail::path,thumbnail::is-valid", file.path],
            environment: .inherit.updating([
                "HOME": sandbox.userHome.path, "XDG_CACHE_HOME": sandbox.userHome.appending(path: ".cache").path,
                "DBUS_SESSION_BUS_ADDRESS": nil,
            ]),
            output: .string(limit: 1 << 20), error: .discarded
        )
        #expect(result.terminationStatus.isSuccess, "gio info \(file.path)")
        var path: String?
        var valid: String?
        for line in result.standardOutput.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("thumbnail::path: ") { path = String(trimmed.dropFirst("thumbnail::path: ".count)) }
            if trimmed.hasPrefix("thumbnail::is-valid: ") { valid = String(trimmed.dropFirst("thumbnail::is-valid: ".count)) }
        }
        return (path, valid)
    }

    /// The programs `command` started, as strace saw their execve calls
    /// succeed; docbrowser itself is the first.
    static func programsRun(by command: [String], in sandbox: Sandbox) async throws -> (Sandbox.Result, [String]) {
        let trace = sandbox.root.appending(path: "trace-\(UUID().uuidString)")
        let result = try await sandbox.run(command, tracedBy: [Strace.path!, "-f", "-qq", "-e", "trace=execve", "-o", trace.path])
        let programs = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("execve(\"") && $0.hasSuffix("= 0") }
            .compactMap { $0.split(separator: "\"").dropFirst().first.map(String.init) }
        return (result, programs)
    }

    /// The thumbnail's path that `thumbnail --json` printed for the one document.
    static func report(_ result: Sandbox.Result) throws -> [String: Any] {
        #expect(result.status == 0, "\(result)")
        return try #require(try result.jsonArray().first)
    }

    static func makePDF(at url: URL) throws {
        let content = "0 0 1 rg 20 20 160 260 re f"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
        ]
        var pdf = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        pdf += offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        try Data(pdf.utf8).write(to: url)
    }

    @Test(.enabled(if: Strace.path != nil))
    func gioAcceptsTheThumbnailsOfAnImageAPDFAPackageAndAnODFFile() async throws {
        let sandbox = try await Self.sandbox()
        let documents = sandbox.localDocuments
        try await sandbox.shell("""
            mkdir -p home/Documents/Drawing.rtfd
            convert -size 300x200 xc:red 'home/Documents/Photo #1; [café] 100%.png' && convert -size 64x48 xc:blue home/Documents/Drawing.rtfd/thumbImage.png
            echo text > home/Documents/Drawing.rtfd/TXT.rtf
            convert -size 90x120 xc:green thumb.png
            python3 -c "
            import zipfile
            z = zipfile.ZipFile('home/Documents/Minutes.odt', 'w')
            z.writestr('mimetype', 'application/vnd.oasis.opendocument.text', compress_type=zipfile.ZIP_STORED)
            z.writestr('content.xml', '<office:document-content/>')
            z.write('thumb.png', 'Thumbnails/thumbnail.png')
            z.close()
            z = zipfile.ZipFile('home/Documents/Novel.epub', 'w')
            z.writestr('mimetype', 'application/epub+zip')
            z.writestr('META-INF/container.xml', '<container><rootfiles><rootfile full-path=\\'OPS/book.opf\\'/></rootfiles></container>')
            z.writestr('OPS/book.opf', '<package><manifest><item id=\\'c\\' properties=\\'cover-image\\' href=\\'cover.png\\'/></manifest></package>')
            z.write('thumb.png', 'OPS/cover.png')
            z.close()"
            """)
        try Self.makePDF(at: documents.appending(path: "Report.pdf"))
        let expected: [(String, String, String?)] = [
            // GIO finds it only if its URI is escaped byte for byte as GLib does.
            ("Photo #1; [café] 100%.png", "gdk-pixbuf-thumbnailer", nil), ("Report.pdf", "evince", nil),
            ("Drawing.rtfd", "gdk-pixbuf-thumbnailer", "thumbImage.png"), ("Minutes.odt", "gdk-pixbuf-thumbnailer", "Thumbnails/thumbnail.png"),
            ("Novel.epub", "gdk-pixbuf-thumbnailer", "OPS/cover.png"),
        ]
        for (name, generator, embedded) in expected {
            let report = try Self.report(try await sandbox.run("thumbnail", name, "--size", "large", "--json"))
            #expect(report["origin"] as? String == "generated", "\(name): \(report)")
            #expect(report["generator"] as? String == generator, "\(name): \(report)")
            #expect(report["embedded"] as? String == embedded, "\(name): \(report)")
            let gio = try await Self.gio(sandbox, documents.appending(path: name))
            #expect(gio.path == report["thumbnail"] as? String, "\(name)")
            #expect(gio.valid == "TRUE", "\(name): \(gio)")
            let attributes = try FileManager.default.attributesOfItem(atPath: try #require(gio.path))
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(name)")
        }
        let folder = try FileManager.default.attributesOfItem(atPath: cache(sandbox).appending(path: "large").path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        // A second run finds them all and starts nothing.
        let (again, programs) = try await Self.programsRun(by: ["thumbnail", "--size", "large"] + expected.map(\.0), in: sandbox)
        #expect(again.status == 0, "\(again)")
        #expect(programs.count == 1, "\(programs)")
    }

    @Test func aNameThatIsNotUTF8GetsAThumbnailGIOAccepts() async throws {
        let sandbox = try await Self.sandbox()
        try await sandbox.shell("convert -size 30x20 xc:red \"$(printf 'home/Documents/Raw\\377.png')\"")
        let report = try Self.report(try await sandbox.run("thumbnail", "Raw\\xFF.png", "--json"))
        #expect(report["origin"] as? String == "generated", "\(report)")
        let gio = try await Subprocess.run(
            .name("sh"), arguments: ["-c", "dbus-run-session -- gio info -a thumbnail::path,thumbnail::is-valid \"$(printf \"$1/Raw\\377.png\")\"", "sh", sandbox.localDocuments.path],
            environment: .inherit.updating(["HOME": sandbox.userHome.path, "XDG_CACHE_HOME": sandbox.userHome.appending(path: ".cache").path, "DBUS_SESSION_BUS_ADDRESS": nil]),
            output: .string(limit: 1 << 20), error: .discarded
        )
        #expect(gio.standardOutput.contains("thumbnail::path: \(report["thumbnail"] as? String ?? "?")\n"), "\(gio.standardOutput)")
        #expect(gio.standardOutput.contains("thumbnail::is-valid: TRUE"), "\(gio.standardOutput)")
    }

    @Test(.enabled(if: Strace.path != nil))
    func aThumbnailTheDesktopMadeIsUsedWithoutRunningAnything() async throws {
        let sandbox = try await Self.sandbox()
        let photo = sandbox.localDocuments.appending(path: "Photo.png")
        try await sandbox.shell("convert -size 300x200 xc:red home/Documents/Photo.png")
        // The desktop's own thumbnailer, with the texts GNOME's factory adds.
        let uri = "file://" + photo.path
        let name = Self.md5(uri) + ".png"
        try await sandbox.shell("""
            mkdir -p user/.cache/thumbnails/normal && gdk-pixbuf-thumbnailer -s 128 \(uri) made.png && python3 -c "
            import os, struct, zlib
            data = open('made.png', 'rb').read()
            def chunk(kind, body): return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))
            text = chunk(b'tEXt', b'Thumb::URI\\x00\(uri)') + chunk(b'tEXt', b'Thumb::MTime\\x00%d' % int(os.stat('\(photo.path)').st_mtime))
            open('user/.cache/thumbnails/normal/\(name)', 'wb').write(data[:33] + text + data[33:])"
            """)
        let before = try Data(contentsOf: cache(sandbox).appending(path: "normal/\(name)"))
        let (result, programs) = try await Self.programsRun(by: ["thumbnail", "Photo.png", "--json"], in: sandbox)
        let report = try Self.report(result)
        #expect(report["origin"] as? String == "cache")
        #expect(report["thumbnail"] as? String == cache(sandbox).appending(path: "normal/\(name)").path)
        #expect(programs.count == 1, "a generator ran: \(programs)")
        #expect(try Data(contentsOf: cache(sandbox).appending(path: "normal/\(name)")) == before)

        // Changed, the file's thumbnail is stale: a new one is made, and GIO accepts it.
        try await sandbox.shell("touch -d '2001-02-03 04:05:06' home/Documents/Photo.png")
        #expect(try await Self.gio(sandbox, photo).valid == "FALSE")
        let remade = try Self.report(try await sandbox.run("thumbnail", "Photo.png", "--json"))
        #expect(remade["origin"] as? String == "generated")
        #expect(try await Self.gio(sandbox, photo).valid == "TRUE")
    }

    @Test(.enabled(if: Strace.path != nil))
    func aFailingThumbnailerLeavesAFailureAndIsNotRunAgainUntilTheFileChanges() async throws {
        let sandbox = try await Self.sandbox(thumbnailers: [
            "broken": "[Thumbnailer Entry]\nTryExec=sh\nExec=sh -c \"echo cannot read it >&2; exit 3\" %u %o\nMimeType=text/plain;\n",
        ])
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        let uri = "file://" + sandbox.localDocuments.appending(path: "Notes.txt").path
        let first = try await sandbox.run("thumbnail", "Notes.txt")
        #expect(first.status == 1)
        #expect(first.standardError == "docbrowser: \(sandbox.localDocuments.path)/Notes.txt: no thumbnail: broken failed with exit status 3: cannot read it\n")
        let failure = cache(sandbox).appending(path: "fail/docbrowser-0.1.0/\(Self.md5(uri)).png")
        #expect(FileManager.default.fileExists(atPath: failure.path))

        let (second, programs) = try await Self.programsRun(by: ["thumbnail", "Notes.txt"], in: sandbox)
        #expect(second.status == 1)
        #expect(second.standardError.hasSuffix("Notes.txt: no thumbnail: making one failed before, and the file has not changed since\n"), "\(second)")
        #expect(programs.count == 1, "the thumbnailer ran again: \(programs)")

        try await sandbox.shell("touch -d '2001-02-03 04:05:06' home/Documents/Notes.txt")
        let (third, rerun) = try await Self.programsRun(by: ["thumbnail", "Notes.txt"], in: sandbox)
        #expect(third.standardError.hasSuffix("broken failed with exit status 3: cannot read it\n"), "\(third)")
        #expect(rerun.contains { $0.hasSuffix("/sh") }, "\(rerun)")
    }

    @Test func aPlaceholderIsRefusedWithTheStatusItsJSONNames() async throws {
        let sandbox = try await Self.sandbox(thumbnailers: [:])
        let placeholder: [String: Any] = ["NSURLNameKey": "Budget.numbers", "NSURLFileSizeKey": 48213]
        try FileManager.default.createDirectory(at: sandbox.cloudDocuments, withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: placeholder, format: .binary, options: 0)
            .write(to: sandbox.cloudDocuments.appending(path: ".Budget.numbers.icloud"))
        let result = try await sandbox.run("thumbnail", "cloud:Budget.numbers")
        #expect(result.status == 5, "\(result)")
        #expect(result.standardError == "docbrowser: \(sandbox.cloudDocuments.path)/.Budget.numbers.icloud: not downloaded, so no thumbnail can be made\n")
        let json = try await sandbox.run("thumbnail", "cloud:Budget.numbers", "--json")
        #expect(json.status == 5, "\(json)")
        let error = try #require(try JSONSerialization.jsonObject(with: Data(json.standardError.utf8)) as? [String: Any])
        #expect(error["kind"] as? String == "refused")
        #expect(error["exitStatus"] as? Int == 5)
    }

    @Test func aHangingThumbnailerIsKilledAtItsLimit() async throws {
        let sandbox = try await Self.sandbox(thumbnailers: [
            "hangs": "[Thumbnailer Entry]\nExec=sh -c \"sleep 61.25\" %o\nMimeType=text/plain;\n",
        ], seconds: "1")
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        let result = try await sandbox.run("thumbnail", "Notes.txt")
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.hasSuffix("Notes.txt: no thumbnail: hangs did not finish within its time limit of 1 s and was stopped\n"), "\(result)")
        let left = try await Subprocess.run(.name("pgrep"), arguments: ["-f", "sleep 61.25"], output: .string(limit: 4096))
        #expect(left.standardOutput.isEmpty, "still running: \(left.standardOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home.appending(path: "tmp").path).isEmpty)
    }

    @Test func aThumbnailerDiesWithALauncherKilledMidWayAndTheCacheHoldsNothingHalfMade() async throws {
        let sandbox = try await Self.sandbox(thumbnailers: [
            "slow": "[Thumbnailer Entry]\nExec=sh -c \"head -c 1000 /dev/zero > \\\"\\$0\\\"; sleep 62.75\" %o\nMimeType=text/plain;\n",
        ])
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        #expect(try await sandbox.runKilled(after: 1.5, ["thumbnail", "Notes.txt"]) == 137)
        // bwrap --die-with-parent takes the thumbnailer with it; give the kernel a moment.
        var left = "?"
        for _ in 0..<50 {
            left = try await Subprocess.run(.name("pgrep"), arguments: ["-f", "sleep 62.75"], output: .string(limit: 4096)).standardOutput
            if left.isEmpty { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(left.isEmpty, "still running: \(left)")
        let normal = cache(sandbox).appending(path: "normal").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: normal)) ?? []).isEmpty)
    }

    @Test func aThumbnailerWritingPastTheCapIsStoppedAndLeavesNothing() async throws {
        let sandbox = try await Self.sandbox(thumbnailers: [
            // Endless: only the cap stops it before its time limit.
            "floods": "[Thumbnailer Entry]\nExec=sh -c \"cat /dev/zero > \\\"\\$0\\\"\" %o\nMimeType=text/plain;\n",
        ], seconds: "5")
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        let result = try await sandbox.run("thumbnail", "Notes.txt")
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.hasSuffix("Notes.txt: no thumbnail: floods wrote more than 16777216 bytes of output and was stopped\n"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home.appending(path: "tmp").path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cache(sandbox).appending(path: "normal").path))
    }

    @Test func aThumbnailerWritesNowhereButItsOutputFolder() async throws {
        let sandbox = try Sandbox()
        let escaped = sandbox.root.appending(path: "escaped")
        // What a thumbnailer taken over by a crafted document might do.
        let thumbnailer = "[Thumbnailer Entry]\nExec=sh -c \"touch \(escaped.path) \(sandbox.localDocuments.path)/planted.txt; exit 1\" %o\nMimeType=text/plain;\n"
        _ = try sandbox.write(thumbnailer, to: "system-data/thumbnailers/evil.thumbnailer")
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        let result = try await sandbox.run("thumbnail", "Notes.txt")
        #expect(result.status == 1, "\(result)")
        // Both touches succeed, in the sandbox's own throwaway /tmp.
        #expect(result.standardError.hasSuffix("Notes.txt: no thumbnail: evil failed with exit status 1\n"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: escaped.path))
        #expect(!FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "planted.txt").path))
    }

    @Test func withoutBubblewrapTheThumbnailerRunsUnsandboxedAndSaysSo() async throws {
        let sandbox = try await Self.sandbox()
        try await sandbox.shell("convert -size 30x20 xc:red home/Documents/Photo.png && mkdir empty-bin")
        // A PATH without bwrap; the thumbnailer is named by its full path.
        let result = try await sandbox.run(["thumbnail", "Photo.png", "--json"], environment: ["PATH": sandbox.root.appending(path: "empty-bin").path])
        let report = try Self.report(result)
        #expect(report["origin"] as? String == "generated")
        #expect(report["notes"] as? [String] == [
            "gdk-pixbuf-thumbnailer ran without a sandbox: bubblewrap (bwrap) is not installed or cannot create namespaces here",
        ])
        let text = try await sandbox.run(["thumbnail", "Photo.png", "--size", "large"], environment: ["PATH": sandbox.root.appending(path: "empty-bin").path])
        #expect(text.standardError == "docbrowser: Photo.png: gdk-pixbuf-thumbnailer ran without a sandbox: bubblewrap (bwrap) is not installed or cannot create namespaces here\n")
        #expect(try await Self.gio(sandbox, sandbox.localDocuments.appending(path: "Photo.png")).valid == "TRUE")
    }

    @Test("a thumbnailer that succeeds without writing a PNG has failed", arguments: [
        "sh -c \"echo not a picture > \\\"\\$0\\\"\" %o", "sh -c \"exit 0\" %o",
    ])
    func aThumbnailerThatWritesNoPNGHasFailed(_ exec: String) async throws {
        let sandbox = try await Self.sandbox(thumbnailers: ["liar": "[Thumbnailer Entry]\nExec=\(exec)\nMimeType=text/plain;\n"])
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        let result = try await sandbox.run("thumbnail", "Notes.txt")
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.hasSuffix("Notes.txt: no thumbnail: liar: wrote no PNG\n"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: cache(sandbox).appending(path: "normal").path))
    }

    @Test func hostileCacheFilesAreIgnoredAndReplaced() async throws {
        let sandbox = try await Self.sandbox()
        try await sandbox.shell("convert -size 300x200 xc:red home/Documents/Photo.png")
        let photo = sandbox.localDocuments.appending(path: "Photo.png")
        let cached = cache(sandbox).appending(path: "normal/\(Self.md5("file://" + photo.path)).png")
        try FileManager.default.createDirectory(at: cached.deletingLastPathComponent(), withIntermediateDirectories: true)
        let mtime = Int((try FileManager.default.attributesOfItem(atPath: photo.path)[.modificationDate] as! Date).timeIntervalSince1970)
        try await sandbox.shell("""
            gdk-pixbuf-thumbnailer -s 128 file://\(photo.path) made.png
            python3 -c "\(Self.tagging("file://" + photo.path, mtime))" valid.png
            """)
        // The control: whole and tagged, the same file is taken as it is.
        try await sandbox.shell("cp valid.png '\(cached.path)'")
        #expect(try Self.report(try await sandbox.run("thumbnail", "Photo.png", "--json"))["origin"] as? String == "cache")
        let hostile: [(String, String)] = [
            ("truncated", "head -c $(( $(stat -c %s valid.png) - 20 )) valid.png > \"$1\""),
            // The texts are whole; only the CRC of Thumb::URI's chunk, right after IHDR, is wrong.
            ("a bad CRC", "python3 -c \"import sys, struct; d = bytearray(open('valid.png','rb').read()); n, = struct.unpack('>I', d[33:37]); d[41 + n] ^= 1; open(sys.argv[1],'wb').write(d)\" \"$1\""),
            ("another file's URI", "python3 -c \"\(Self.tagging("file:///etc/passwd", mtime))\" \"$1\""),
            ("an older MTime", "python3 -c \"\(Self.tagging("file://" + photo.path, mtime - 1))\" \"$1\""),
            ("huge", "cp valid.png \"$1\" && head -c 9000000 /dev/zero >> \"$1\""),
            ("a FIFO", "mkfifo \"$1\""),
            ("a link to a valid thumbnail", "ln -s \"$PWD/valid.png\" \"$1\""),
        ]
        for (what, script) in hostile {
            try? FileManager.default.removeItem(at: cached)
            try await sandbox.shell("set -- '\(cached.path)'; \(script)")
            let report = try Self.report(try await sandbox.run("thumbnail", "Photo.png", "--json"))
            #expect(report["origin"] as? String == "generated", "\(what): \(report)")
            #expect(try await Self.gio(sandbox, photo).valid == "TRUE", "\(what)")
        }
    }

    /// A Python line that writes made.png with these texts to sys.argv[1].
    static func tagging(_ uri: String, _ mtime: Int) -> String {
        "import sys, struct, zlib; d = open('made.png','rb').read(); c = lambda k, b: struct.pack('>I', len(b)) + k + b + struct.pack('>I', zlib.crc32(k + b)); "
            + "open(sys.argv[1],'wb').write(d[:33] + c(b'tEXt', b'Thumb::URI\\\\x00\(uri)') + c(b'tEXt', b'Thumb::MTime\\\\x00\(mtime)') + d[33:])"
    }

    static func md5(_ text: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/md5sum")
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try? process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return String(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(32))
    }
}
