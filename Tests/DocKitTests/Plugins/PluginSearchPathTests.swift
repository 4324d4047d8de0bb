import Foundation
import Testing
@testable import DocKit

/// The one rule plugin programs are found by: the app's folder, then
/// `$DOCBROWSER_LIBEXEC`, then `PREFIX/libexec/docbrowser`, then beside the
/// running program; a missing one names every folder looked in.
@Suite("Plugin search path")
struct PluginSearchPathTests {
    /// PREFIX/bin/app, with `docbrowser-example` in each of the four folders.
    final class Layout {
        let directory: TemporaryDirectory
        let program: URL

        init() throws {
            directory = try TemporaryDirectory("plugins")
            program = directory.url("prefix/bin/app")
            for folder in ["app-plugins", "env-libexec", "prefix/libexec/docbrowser", "prefix/bin"] {
                try install(in: folder)
            }
        }

        func install(in folder: String) throws {
            let url = try directory.write("#!/bin/sh\n", to: "\(folder)/docbrowser-example")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }

        func remove(from folder: String) throws {
            try FileManager.default.removeItem(at: directory.url("\(folder)/docbrowser-example"))
        }

        var searchPath: PluginSearchPath {
            .standard(explicit: directory.url("app-plugins"), environment: ["DOCBROWSER_LIBEXEC": directory.url("env-libexec").path], executable: program)
        }

        func found() -> String? {
            searchPath.executable(named: "docbrowser-example").map { String($0.path.dropFirst(directory.url.path.count + 1)) }
        }
    }

    @Test("the app's folder, then $DOCBROWSER_LIBEXEC, then PREFIX/libexec/docbrowser, then beside the program")
    func order() throws {
        let layout = try Layout()
        #expect(layout.found() == "app-plugins/docbrowser-example")
        try layout.remove(from: "app-plugins")
        #expect(layout.found() == "env-libexec/docbrowser-example")
        try layout.remove(from: "env-libexec")
        #expect(layout.found() == "prefix/libexec/docbrowser/docbrowser-example")
        try layout.remove(from: "prefix/libexec/docbrowser")
        #expect(layout.found() == "prefix/bin/docbrowser-example")
        try layout.remove(from: "prefix/bin")
        #expect(layout.found() == nil)
    }

    @Test("a missing plugin is an error naming each folder looked in, and why")
    func missing() throws {
        let layout = try Layout()
        let root = layout.directory.url.path
        let error = #expect(throws: DocKitError.self) {
            try layout.searchPath.locate("docbrowser-absent", plugin: "org.example.absent")
        }
        #expect(error?.description == "org.example.absent cannot be started: no executable docbrowser-absent in "
            + "\(root)/app-plugins (given by the app), \(root)/env-libexec ($DOCBROWSER_LIBEXEC), "
            + "\(root)/prefix/libexec/docbrowser (the installation's libexec), \(root)/prefix/bin (beside the program)")
    }

    @Test("a file that is not executable is passed over")
    func notExecutable() throws {
        let layout = try Layout()
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: layout.directory.url("app-plugins/docbrowser-example").path)
        #expect(layout.found() == "env-libexec/docbrowser-example")
    }

    @Test("without an app's folder or $DOCBROWSER_LIBEXEC (empty counts as unset), only the installation's two")
    func standardFolders() throws {
        let program = URL(fileURLWithPath: "/opt/app/bin/app")
        let searchPath = PluginSearchPath.standard(environment: ["DOCBROWSER_LIBEXEC": ""], executable: program)
        #expect(searchPath.places.map(\.description) == ["/opt/app/libexec/docbrowser (the installation's libexec)", "/opt/app/bin (beside the program)"])
    }

    @Test("the archiver and the library follow the rule")
    func archiverAndLibrary() throws {
        let layout = try Layout()
        let url = try layout.directory.write("#!/bin/sh\n", to: "app-plugins/\(BundledArchiverLocator.executableName)")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        let library = DocumentLibrary(home: Home(url: layout.directory.url("home")), installation: .builtIn, pluginDirectory: layout.directory.url("app-plugins"), environment: [:])
        let service = try BundledArchiverLocator(searchPath: library.pluginSearchPath).service(.export, for: "public.zip-archive")
        #expect(service.executable.path == url.path)
    }
}
