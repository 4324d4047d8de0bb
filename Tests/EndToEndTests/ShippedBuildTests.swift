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
