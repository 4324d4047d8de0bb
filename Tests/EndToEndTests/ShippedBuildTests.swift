import Foundation
import Subprocess
import SystemPackage
import Testing

/// `make test` runs this suite against the build `make install` installs
/// (`DOCBROWSER_SHIPPED_BUILD`): Foundation linked statically once failed
/// to write any property list while the debug build passed every test.
@Suite("the binary under test is the one that ships")
struct ShippedBuildTests {
    static let shipped = ProcessInfo.processInfo.environment["DOCBROWSER_SHIPPED_BUILD"] == "1"

    /// The shared libraries a program asks the loader for.
    static func neededLibraries(_ program: URL) async throws -> [String] {
        let result = try await Subprocess.run(
            .path("/usr/bin/readelf"), arguments: ["--dynamic", "--wide", program.path],
            output: .string(limit: 1 << 20), error: .string(limit: 1 << 16)
        )
        #expect(result.terminationStatus.isSuccess, "readelf \(program.path): \(result.standardError)")
        return result.standardOutput.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    @Test("docbrowser and its archiver carry Swift's runtime and Foundation, as installed", .enabled(if: shipped, "make test sets DOCBROWSER_SHIPPED_BUILD"))
    func staticallyLinked() async throws {
        for program in [Sandbox.binary, Sandbox.archiver] {
            let needed = try await Self.neededLibraries(program)
            #expect(needed.contains("libc.so.6"), "\(program.path): \(needed)")
            #expect(needed.filter { $0.hasPrefix("libswift") || $0.hasPrefix("libFoundation") || $0.hasPrefix("lib_Foundation") } == [],
                    "\(program.path) loads Swift's libraries: \(needed)")
        }
    }

    @Test("a registration the shipped build once failed writes its property list: a build setting, --id, a program beside it")
    func registrationsWriteTheirPropertyList() async throws {
        let sandbox = try Sandbox()
        let program = try sandbox.write("#!/bin/sh\nexit 0\n", to: "Sketch.app/sketch")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        let plist = try sandbox.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>CFBundleName</key><string>Sketch</string>
            <key>CFBundleExecutable</key><string>sketch</string>
            <key>CFBundleDocumentTypes</key><array><dict>
            <key>CFBundleTypeRole</key><string>Editor</string>
            <key>LSItemContentTypes</key><array><string>public.png</string></array>
            </dict></array>
            </dict></plist>
            """, to: "Sketch.app/Info.plist")
        let derived = try await sandbox.run("handlers", "register", plist.path)
        #expect(derived.status == 0, "\(derived)")
        #expect(derived.standardOutput == "Registered local.Sketch (Sketch) at \(sandbox.home.path)/Handlers/local.Sketch.plist\n", "\(derived)")

        let chosen = try await sandbox.run("handlers", "register", "--id", "org.example.sketch", plist.path)
        #expect(chosen.status == 0, "\(chosen)")
        let stored = sandbox.home.appending(path: "Handlers/org.example.sketch.plist")
        let root = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: stored), format: nil) as? [String: Any])
        #expect(root["CFBundleIdentifier"] as? String == "org.example.sketch")
        #expect(root["CFBundleExecutable"] as? String == program.path)
        #expect(root["CFBundleName"] as? String == "Sketch")
    }
}

/// `make install PREFIX=DIR`, then the checkout out of reach: the installed
/// docbrowser needs nothing of the source tree, its types built in and its
/// archiver in `DIR/libexec/docbrowser`.
@Suite("installed, without the checkout")
struct InstalledWithoutCheckoutTests {
    /// Tests/EndToEndTests/ShippedBuildTests.swift → the repository.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("make install-files PREFIX=DIR puts docbrowser in bin and its archiver in libexec; with the checkout hidden it lists, types and exports",
          .enabled(if: ShippedBuildTests.shipped, "make test sets DOCBROWSER_SHIPPED_BUILD"))
    func installedBinaryNeedsNoCheckout() async throws {
        let sandbox = try Sandbox()
        let prefix = sandbox.root.appending(path: "prefix", directoryHint: .isDirectory)
        // The products this run tests, installed as `make install` does,
        // without building again.
        let install = try await Subprocess.run(
            .name("make"), arguments: ["-C", Self.repository.path, "install-files", "PREFIX=\(prefix.path)", "RELEASE_BIN=\(Sandbox.binary.deletingLastPathComponent().path)"],
            output: .string(limit: 1 << 20), error: .string(limit: 1 << 20)
        )
        #expect(install.terminationStatus.isSuccess, "\(install.standardOutput)\(install.standardError)")
        #expect(FileManager.default.isExecutableFile(atPath: prefix.appending(path: "libexec/docbrowser/docbrowser-archiver").path))
        #expect(!FileManager.default.fileExists(atPath: prefix.appending(path: "bin/docbrowser-archiver").path))
        #expect(!FileManager.default.fileExists(atPath: prefix.appending(path: "share/docbrowser/types").path))
        _ = try sandbox.write("Buy milk\n", to: "home/Documents/Notes.txt")

        // bubblewrap: the machine as it is, but the checkout an empty folder.
        let hidden = ["/usr/bin/bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
                      "--tmpfs", Self.repository.path, "--bind", sandbox.root.path, sandbox.root.path, "--chdir", sandbox.root.path]
        let installed = prefix.appending(path: "bin/docbrowser")
        let seen = try await Subprocess.run(.path("/usr/bin/bwrap"), arguments: Arguments(Array(hidden.dropFirst()) + ["/bin/ls", "-A", Self.repository.path]),
                                            output: .string(limit: 1 << 16), error: .string(limit: 1 << 16))
        #expect(seen.terminationStatus.isSuccess && seen.standardOutput == "", "the checkout is hidden: \(seen.standardOutput)\(seen.standardError)")

        let list = try await sandbox.run(["list"], tracedBy: hidden, program: installed)
        #expect(list.status == 0 && list.standardOutput.contains("Notes.txt"), "\(list)")
        let info = try await sandbox.run(["info", "Notes.txt", "--json"], tracedBy: hidden, program: installed)
        #expect((try info.json()["listing"] as? [String: Any])?["type"] as? String == "public.plain-text", "\(info)")
        let lookup = try await sandbox.run(["types", "lookup", "--ext", "txt"], tracedBy: hidden, program: installed)
        #expect(lookup.standardOutput == """
            public.plain-text  plain text
              conforms to:  public.text → public.data → public.content → public.item
              extensions:   .txt .text .asc
              MIME types:   text/plain
              declared by:  system (builtin:types/text.plist)

            """, "\(lookup)")
        let export = try await sandbox.run(["export", "Notes.txt", "-o", sandbox.root.appending(path: "Notes.zip").path], tracedBy: hidden, program: installed)
        #expect(export.status == 0, "\(export)")
        let entries = try await Subprocess.run(.name("unzip"), arguments: ["-Z1", sandbox.root.appending(path: "Notes.zip").path], output: .string(limit: 1 << 16), error: .discarded)
        #expect(entries.standardOutput == "Notes.txt\n")
    }
}
