import Foundation
import Subprocess
import Testing

/// `mimeapps.list` as the MIME applications associations specification
/// reads it, where GIO agrees: each rule set up with made-up apps in the
/// sandbox's XDG folders, `update-desktop-database` run on them, and
/// docbrowser's choice and order compared with `gio mime` in the same
/// environment, both against exact expectations.
@Suite("mimeapps.list, as the specification and GIO read it")
struct MimeAppsListEndToEndTests {
    typealias Installed = InstalledApplicationsEndToEndTests

    /// A sandbox with apps in the user's data folder and two system ones
    /// (`data-one`, `data-two`, before the sandbox's shared-mime-info),
    /// their caches written by `update-desktop-database`.
    struct Desktop {
        let sandbox: Sandbox
        var environment: [Environment.Key: String?]

        /// - Parameter apps: Path below the sandbox (`data-one/applications/alpha.desktop`) to MIME types.
        init(_ apps: [String: [String]], currentDesktop: String? = nil) async throws {
            let sandbox = try Sandbox()
            for (path, mimeTypes) in apps {
                let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                _ = try sandbox.write(Installed.entry(name, mimeTypes: mimeTypes), to: path)
            }
            let folders = ["user/.local/share/applications", "data-one/applications", "data-two/applications"].map { sandbox.root.appending(path: $0) }
            for folder in folders { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            try await Installed.updateCaches(sandbox, folders)
            self.sandbox = sandbox
            environment = Installed.isolated(sandbox, [
                "XDG_DATA_DIRS": ["data-one", "data-two"].map { sandbox.root.appending(path: $0).path }.joined(separator: ":") + ":" + sandbox.systemData.path,
                "XDG_CURRENT_DESKTOP": currentDesktop,
            ])
        }

        /// GIO's default and registered apps for `mimeType`, and docbrowser's
        /// candidates that open, best first, for the type it gives it.
        func answers(_ mimeType: String) async throws -> (gioDefault: String?, gioRegistered: [String], docbrowser: [String]) {
            let gio = try await Subprocess.run(.name("gio"), arguments: ["mime", mimeType], environment: .inherit.updating(environment), output: .string(limit: 1 << 16), error: .discarded)
            let lines = gio.standardOutput.split(separator: "\n").map(String.init)
            let registered = lines.drop { $0 != "Registered applications:" }.dropFirst().prefix { $0.hasPrefix("\t") }.compactMap { Installed.desktopID($0) }
            let identifier = try await Installed.type(sandbox, mimeType, environment: environment).identifier
            let handlers = try await sandbox.run(["handlers", identifier, "--json"], environment: environment)
            let candidates = try handlers.json()["candidates"] as? [[String: Any]] ?? []
            return (
                lines.first?.hasPrefix("Default application") == true ? Installed.desktopID(lines.first) : nil,
                Array(registered),
                candidates.filter { $0["opens"] as? Bool == true }.compactMap { $0["identifier"] as? String }
            )
        }

        /// Expects GIO and docbrowser to choose `chosen` for `mimeType`, GIO to
        /// list `registered` in that order, and docbrowser to offer the
        /// chosen app, then the rest in GIO's order. Where GIO departs from
        /// the specification, `gio` says what GIO answers instead.
        func expect(
            _ mimeType: String, chooses chosen: String?, registered: [String], gio: (chooses: String?, registered: [String])? = nil,
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            let answers = try await answers(mimeType)
            #expect(answers.gioDefault == (gio?.chooses ?? chosen), "gio mime \(mimeType): \(answers)", sourceLocation: sourceLocation)
            #expect(answers.gioRegistered == (gio?.registered ?? registered), "gio mime \(mimeType): \(answers)", sourceLocation: sourceLocation)
            var offered = chosen.map { [$0] } ?? []
            for app in registered where !offered.contains(app) { offered.append(app) }
            #expect(answers.docbrowser == offered, "docbrowser handlers for \(mimeType): \(answers)", sourceLocation: sourceLocation)
        }
    }

    @Test("a key that is a MIME alias counts for its type; an app listing an alias comes where the cache sorts it", .enabled(if: Installed.hasTools))
    func aliases() async throws {
        let desktop = try await Desktop([
            "data-one/applications/reader.desktop": ["application/pdf"],
            "data-one/applications/viewer.desktop": ["application/pdf"],
            "data-one/applications/a-legacy.desktop": ["application/x-pdf"],
            "data-one/applications/axml.desktop": ["application/xml"],
            "data-one/applications/zxml.desktop": ["application/xml"],
            "data-one/applications/extra.desktop": ["text/x-readme"],
        ])
        // The cache lists application/x-pdf after application/pdf: a-legacy
        // comes last, though its ID sorts first.
        try await desktop.expect("application/pdf", chooses: "reader", registered: ["reader", "viewer", "a-legacy"])
        _ = try desktop.sandbox.write("""
            [Default Applications]
            application/x-pdf=viewer.desktop;
            text/xml=zxml.desktop;
            [Added Associations]
            application/x-pdf=extra.desktop;
            """, to: "user/.config/mimeapps.list")
        try await desktop.expect("application/pdf", chooses: "viewer", registered: ["extra", "reader", "viewer", "a-legacy"])
        try await desktop.expect("application/xml", chooses: "zxml", registered: ["axml", "zxml"])
    }

    @Test("added associations keep their order, and more important lists come first: the user's, the system's configuration, then each applications folder", .enabled(if: Installed.hasTools))
    func addedOrderAndPrecedence() async throws {
        let desktop = try await Desktop([
            "data-one/applications/alpha.desktop": ["image/png", "image/bmp"],
            "data-one/applications/beta.desktop": ["image/png", "image/bmp"],
            "user/.local/share/applications/mine.desktop": ["image/webp"],
            "data-two/applications/gamma.desktop": ["text/x-readme"],
        ])
        _ = try desktop.sandbox.write("""
            [Added Associations]
            image/png=beta.desktop;alpha.desktop;
            image/bmp=beta.desktop;
            """, to: "user/.config/mimeapps.list")
        _ = try desktop.sandbox.write("[Added Associations]\nimage/bmp=alpha.desktop;\n", to: "system-config/mimeapps.list")
        _ = try desktop.sandbox.write("[Added Associations]\nimage/webp=gamma.desktop;\n", to: "data-two/applications/mimeapps.list")
        // GNOME writes the app last used first.
        try await desktop.expect("image/png", chooses: "beta", registered: ["beta", "alpha"])
        try await desktop.expect("image/bmp", chooses: "beta", registered: ["beta", "alpha"])
        // A system folder's added app comes after the apps of the folders before it.
        try await desktop.expect("image/webp", chooses: "mine", registered: ["mine", "gamma"])
    }

    @Test("an applications folder's added and removed associations apply to its own apps and later folders', not to apps found before it", .enabled(if: Installed.hasTools))
    func dataFolderScope() async throws {
        let desktop = try await Desktop([
            "data-one/applications/alpha.desktop": ["image/tiff", "image/gif"],
            "data-two/applications/delta.desktop": ["image/tiff"],
            "data-two/applications/jay.desktop": ["image/jpeg"],
            "data-two/applications/omega.desktop": ["image/gif"],
            "user/.local/share/applications/mine.desktop": ["image/gif"],
        ])
        _ = try desktop.sandbox.write("""
            [Added Associations]
            image/jpeg=alpha.desktop;
            [Removed Associations]
            image/tiff=alpha.desktop;delta.desktop;
            """, to: "data-two/applications/mimeapps.list")
        // The user's data folder comes first: its list reaches every app.
        _ = try desktop.sandbox.write("[Removed Associations]\nimage/gif=mine.desktop;omega.desktop;\n", to: "user/.local/share/applications/mimeapps.list")
        try await desktop.expect("image/jpeg", chooses: "jay", registered: ["jay"])
        // A folder's removal applies to its own apps (delta, mine) too. GIO
        // applies it only when the same list also adds an app for the type.
        try await desktop.expect("image/tiff", chooses: "alpha", registered: ["alpha"], gio: ("alpha", ["alpha", "delta"]))
        try await desktop.expect("image/gif", chooses: "alpha", registered: ["alpha"], gio: ("mine", ["mine", "alpha"]))
        _ = try desktop.sandbox.write("""
            [Added Associations]
            image/tiff=jay.desktop;
            [Removed Associations]
            image/tiff=alpha.desktop;delta.desktop;
            """, to: "data-two/applications/mimeapps.list")
        try await desktop.expect("image/tiff", chooses: "alpha", registered: ["alpha", "jay"])
    }

    @Test("a desktop-specific list chooses defaults, before the plain one of its folder, but neither adds nor removes", .enabled(if: Installed.hasTools))
    func desktopSpecificList() async throws {
        let desktop = try await Desktop([
            "data-one/applications/alpha.desktop": ["image/png", "image/gif"],
            "data-one/applications/beta.desktop": ["image/png"],
        ], currentDesktop: "Phosh:GNOME")
        _ = try desktop.sandbox.write("""
            [Default Applications]
            image/png=beta.desktop;
            [Added Associations]
            image/svg+xml=beta.desktop;
            [Removed Associations]
            image/gif=alpha.desktop;
            """, to: "user/.config/gnome-mimeapps.list")
        _ = try desktop.sandbox.write("[Default Applications]\nimage/png=alpha.desktop;\n", to: "user/.config/mimeapps.list")
        try await desktop.expect("image/png", chooses: "beta", registered: ["alpha", "beta"])
        try await desktop.expect("image/gif", chooses: "alpha", registered: ["alpha"])
        try await desktop.expect("image/svg+xml", chooses: nil, registered: [])
    }

    @Test("an app removed for a type is not offered for it through the type's parent either", .enabled(if: Installed.hasTools))
    func removalAlongTheLineage() async throws {
        let desktop = try await Desktop([
            "data-one/applications/mid.desktop": ["text/plain"],
            "data-one/applications/pyed.desktop": ["text/plain"],
        ])
        _ = try desktop.sandbox.write("[Removed Associations]\ntext/x-python=mid.desktop;\n", to: "user/.config/mimeapps.list")
        try await desktop.expect("text/plain", chooses: "mid", registered: ["mid", "pyed"])
        try await desktop.expect("text/x-python", chooses: "pyed", registered: ["pyed"])
    }
}
