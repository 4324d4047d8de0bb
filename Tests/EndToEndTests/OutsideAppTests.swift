import Foundation
import Subprocess
import SystemPackage
import Testing

/// An app package outside the repository (Tests/OutsideApp), depending on
/// DocKit by path to a copy of the checkout, built, then installed as an
/// app ships (`PREFIX/bin/outside-app`, the archiver in
/// `PREFIX/libexec/docbrowser`) and run with the copy moved away and the
/// repository hidden: DocKit's
/// data and plugins must come from the app's binary and install, not from
/// wherever DocKit's sources were.
///
/// The build keeps its products in `.build/outside-app` of the
/// repository, so that a second run rebuilds only what changed.
@Suite("an app built on DocKit outside the repository", .serialized)
struct OutsideAppTests {
    /// Tests/EndToEndTests/OutsideAppTests.swift → the repository.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let enabled = ProcessInfo.processInfo.environment["DOCBROWSER_SHIPPED_BUILD"] == "1"
        || ProcessInfo.processInfo.environment["DOCBROWSER_OUTSIDE_APP"] == "1"

    /// Runs a shell script, failing the test with its output when it fails.
    static func shell(_ script: String, in directory: URL, environment: [Environment.Key: String?] = [:]) async throws -> String {
        let result = try await Subprocess.run(
            .path("/bin/sh"), arguments: ["-c", script], environment: .inherit.updating(environment),
            workingDirectory: FilePath(directory.path), output: .string(limit: 16 << 20), error: .string(limit: 16 << 20)
        )
        try #require(result.terminationStatus.isSuccess, "sh -c \(script):\n\(result.standardOutput)\(result.standardError)")
        return result.standardOutput
    }

    @Test("it types .txt as public.plain-text, exports and imports a zip, and trashes into its own Trash only, with DocKit's checkout gone",
          .enabled(if: enabled, "make test sets DOCBROWSER_SHIPPED_BUILD; DOCBROWSER_OUTSIDE_APP=1 runs it alone"))
    func shipsWithoutTheCheckout() async throws {
        let base = Self.repository.appending(path: ".build/outside-app", directoryHint: .isDirectory)
        // The folder's name is the package's identity the app depends on.
        let checkout = base.appending(path: "docbrowser", directoryHint: .isDirectory)
        let moved = base.appending(path: "docbrowser-moved", directoryHint: .isDirectory)
        // The copy of the working tree, and the app built against it.
        _ = try await Self.shell("bash scripts/outside-app.sh 2>&1", in: Self.repository)
        let built = base.appending(path: "scratch/debug/outside-app")
        try #require(FileManager.default.isExecutableFile(atPath: built.path), "swift build left no \(built.path)")

        let sandbox = try Sandbox()
        let prefix = sandbox.root.appending(path: "prefix", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: prefix.appending(path: "bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: prefix.appending(path: "libexec/docbrowser"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: built, to: prefix.appending(path: "bin/outside-app"))
        try FileManager.default.copyItem(at: Sandbox.archiver, to: prefix.appending(path: "libexec/docbrowser/docbrowser-archiver"))

        try FileManager.default.moveItem(at: checkout, to: moved)
        defer { try? FileManager.default.moveItem(at: moved, to: checkout) }
        let work = sandbox.root.appending(path: "work", directoryHint: .isDirectory)
        let xdgData = sandbox.root.appending(path: "xdg-data", directoryHint: .isDirectory)
        // The copy lives in the repository, which a walk up from where
        // DocKit's sources were would find: bubblewrap hides it whole.
        let result = try await Subprocess.run(
            .path("/usr/bin/bwrap"),
            arguments: ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", Self.repository.path,
                        "--bind", sandbox.root.path, sandbox.root.path, "--chdir", sandbox.root.path,
                        prefix.appending(path: "bin/outside-app").path, work.path],
            environment: .inherit.updating([
                "HOME": sandbox.userHome.path, "XDG_DATA_HOME": xdgData.path,
                // No shared-mime-info: every type must come from DocKit.
                "XDG_DATA_DIRS": sandbox.root.appending(path: "no-data").path,
                "XDG_CONFIG_HOME": sandbox.userHome.appending(path: ".config").path, "XDG_CACHE_HOME": sandbox.userHome.appending(path: ".cache").path,
                "DOCBROWSER_HOME": nil, "DOCBROWSER_SHARE_DIR": nil, "DOCBROWSER_LIBEXEC": nil,
            ]),
            workingDirectory: FilePath(sandbox.root.path), output: .string(limit: 1 << 20), error: .string(limit: 1 << 20)
        )
        #expect(result.terminationStatus.isSuccess, "\(result.standardError)")
        #expect(result.standardOutput == """
            typed: Notes.txt public.plain-text
            exported: zip, 1 entries
            deleted: 0 left
            imported: local:Notes.txt
            typed: Notes.txt public.plain-text

            """, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: xdgData.appending(path: "Trash").path), "the user's Trash was written")
        #expect(FileManager.default.fileExists(atPath: work.appending(path: "AppTrash/files/Notes.txt").path))
    }
}
