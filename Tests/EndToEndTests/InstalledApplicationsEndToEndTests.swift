import Foundation
import Subprocess
import Testing

/// The desktop's installed apps, with no registration, chosen as GIO
/// chooses them: compared with `gio mime` and `xdg-mime query default` run
/// in the same environment, on made-up apps and on real Debian packages.
@Suite("installed desktop apps, as GIO finds them")
struct InstalledApplicationsEndToEndTests {
    /// What GIO and xdg-utils say, and what docbrowser chooses, for one MIME
    /// type in one environment.
    struct Choice {
        var gio: String?
        var xdgMime: String?
        var docbrowser: String?
    }

    /// The user's and the system's XDG variables pointed into the sandbox,
    /// then `environment`.
    static func isolated(_ sandbox: Sandbox, _ environment: [Environment.Key: String?]) -> [Environment.Key: String?] {
        var full: [Environment.Key: String?] = [
            "HOME": sandbox.userHome.path,
            "XDG_DATA_HOME": sandbox.userHome.appending(path: ".local/share").path,
            "XDG_CONFIG_HOME": sandbox.userHome.appending(path: ".config").path,
            "XDG_CONFIG_DIRS": sandbox.root.appending(path: "system-config").path,
            "XDG_CURRENT_DESKTOP": nil,
        ]
        full.merge(environment) { _, new in new }
        return full
    }

    static func desktopID(_ text: String?) -> String? {
        guard let text, let range = text.range(of: #"[A-Za-z0-9_.-]+\.desktop"#, options: .regularExpression) else { return nil }
        return String(text[range].dropLast(".desktop".count))
    }

    /// `gio mime`'s default application, from its first line.
    static func gioDefault(_ mimeType: String, environment full: [Environment.Key: String?]) async throws -> String? {
        let gio = try await Subprocess.run(.name("gio"), arguments: ["mime", mimeType], environment: .inherit.updating(full), output: .string(limit: 1 << 16), error: .discarded)
        let line = gio.standardOutput.split(separator: "\n").first.map(String.init)
        return line?.hasPrefix("Default application") == true ? desktopID(line) : nil
    }

    /// The type docbrowser gives `mimeType`: its identifier and MIME types.
    static func type(_ sandbox: Sandbox, _ mimeType: String, environment full: [Environment.Key: String?]) async throws -> (identifier: String, mimeTypes: [String]) {
        let type = try (try await sandbox.run(["types", "lookup", "--mime", mimeType, "--json"], environment: full)).json()["declaration"] as? [String: Any]
        return (type?["identifier"] as? String ?? mimeType, type?["mimeTypes"] as? [String] ?? [])
    }

    /// The first handler docbrowser would open `identifier` with.
    static func docbrowserChoice(_ sandbox: Sandbox, _ identifier: String, environment full: [Environment.Key: String?]) async throws -> String? {
        let handlers = try await sandbox.run(["handlers", identifier, "--json"], environment: full)
        return (try handlers.json()["candidates"] as? [[String: Any]])?.first { $0["opens"] as? Bool == true }?["identifier"] as? String
    }

    static func choice(_ sandbox: Sandbox, _ mimeType: String, environment: [Environment.Key: String?]) async throws -> Choice {
        let full = isolated(sandbox, environment)
        let xdg = try await Subprocess.run(.name("xdg-mime"), arguments: ["query", "default", mimeType], environment: .inherit.updating(full), output: .string(limit: 1 << 16), error: .discarded)
        return Choice(
            gio: try await gioDefault(mimeType, environment: full),
            xdgMime: desktopID(xdg.standardOutput),
            docbrowser: try await docbrowserChoice(sandbox, try await type(sandbox, mimeType, environment: full).identifier, environment: full)
        )
    }

    static func entry(_ name: String, mimeTypes: [String]) -> String {
        "[Desktop Entry]\nType=Application\nName=\(name)\nExec=/bin/true %F\nMimeType=\(mimeTypes.joined(separator: ";"));\n"
    }

    /// GIO reads each directory's mimeinfo.cache, as update-desktop-database writes it.
    static func updateCaches(_ sandbox: Sandbox, _ directories: [URL]) async throws {
        for directory in directories {
            try await sandbox.shell("update-desktop-database '\(directory.path)'")
        }
    }

    static let hasTools = ["/usr/bin/gio", "/usr/bin/xdg-mime", "/usr/bin/update-desktop-database"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("made-up apps in three directories and a mimeapps.list: docbrowser chooses what gio chooses", .enabled(if: hasTools))
    func madeUpApplications() async throws {
        let sandbox = try Sandbox()
        let user = sandbox.userHome.appending(path: ".local/share/applications")
        let first = sandbox.root.appending(path: "data-one/applications")
        let second = sandbox.root.appending(path: "data-two/applications")
        // Several apps per type in one directory (ID order decides), a
        // user's app before the system's, one masked by the user's own copy.
        _ = try sandbox.write(Self.entry("Zed", mimeTypes: ["image/png", "image/gif", "text/x-csrc"]), to: "data-one/applications/zed.desktop")
        _ = try sandbox.write(Self.entry("Alpha", mimeTypes: ["image/png", "image/gif", "image/jpeg"]), to: "data-one/applications/alpha.desktop")
        _ = try sandbox.write(Self.entry("Mid", mimeTypes: ["image/png", "image/gif", "text/plain"]), to: "data-one/applications/mid.desktop")
        _ = try sandbox.write(Self.entry("Beta", mimeTypes: ["image/jpeg", "application/x-shellscript"]), to: "data-two/applications/beta.desktop")
        _ = try sandbox.write(Self.entry("Yours", mimeTypes: ["image/webp", "image/jpeg"]), to: "user/.local/share/applications/yours.desktop")
        _ = try sandbox.write("[Desktop Entry]\nType=Application\nName=Gone\nExec=/bin/true %F\nHidden=true\n", to: "user/.local/share/applications/alpha.desktop")
        try await Self.updateCaches(sandbox, [user, first, second])
        let dataDirs = "\(sandbox.root.appending(path: "data-one").path):\(sandbox.root.appending(path: "data-two").path):\(sandbox.systemData.path)"
        var environment: [Environment.Key: String?] = ["XDG_DATA_DIRS": dataDirs]

        var expected: [String: String] = [
            "image/png": "mid",             // alpha is masked by the user's Hidden copy; mid < zed
            "image/jpeg": "yours",          // the user's directory first
            "image/gif": "mid",
            "text/x-csrc": "zed",           // reaches public.c-source through *.c
            "application/x-shellscript": "beta",
            "text/x-python": "mid",         // text/plain, its parent
        ]
        for (mimeType, app) in expected.sorted(by: { $0.key < $1.key }) {
            let choice = try await Self.choice(sandbox, mimeType, environment: environment)
            #expect(choice.gio == app, "gio, \(mimeType): \(choice)")
            #expect(choice.docbrowser == choice.gio, "\(mimeType): \(choice)")
        }

        // The desktop's defaults, an added and a removed association.
        _ = try sandbox.write("""
            [Default Applications]
            image/png=nothing-installed.desktop;zed.desktop;
            text/plain=beta.desktop;
            [Added Associations]
            image/webp=beta.desktop;
            [Removed Associations]
            image/gif=mid.desktop;
            """, to: "user/.config/mimeapps.list")
        environment["XDG_CONFIG_HOME"] = sandbox.userHome.appending(path: ".config").path
        // A default for text/plain does not beat an app claiming text/x-csrc
        // itself; it does win for text/x-python, which no app claims.
        expected = ["image/png": "zed", "image/gif": "zed", "image/webp": "beta", "text/x-csrc": "zed", "text/x-python": "beta"]
        for (mimeType, app) in expected.sorted(by: { $0.key < $1.key }) {
            let choice = try await Self.choice(sandbox, mimeType, environment: environment)
            #expect(choice.gio == app, "gio, \(mimeType): \(choice)")
            #expect(choice.docbrowser == choice.gio, "\(mimeType): \(choice)")
        }
        let why = try await sandbox.run(["handlers", "public.png"], environment: environment)
        #expect(why.standardOutput.contains("the desktop's default for image/png (mimeapps.list)"), "\(why)")

        // docbrowser's own default still comes first.
        #expect(try await sandbox.run(["handlers", "default", "public.png", "beta"], environment: environment).status == 0)
        let own = try await Self.choice(sandbox, "image/png", environment: environment)
        #expect(own.docbrowser == "beta" && own.gio == "zed", "\(own)")
    }

    /// Installed apps are read afresh by every command: nothing to
    /// register, no cache of docbrowser's own to refresh, and nothing
    /// written where the desktop keeps its apps.
    @Test("a .desktop file added after a command is seen by the next, with no registration; docbrowser writes nothing into the applications folders")
    func addedApplicationIsSeen() async throws {
        let sandbox = try Sandbox()
        let applications = sandbox.userHome.appending(path: ".local/share/applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        let environment = Self.isolated(sandbox, [:])
        #expect(try await Self.docbrowserChoice(sandbox, "public.png", environment: environment) == nil)
        _ = try sandbox.write(Self.entry("Late", mimeTypes: ["image/png"]), to: "user/.local/share/applications/late.desktop")
        #expect(try await Self.docbrowserChoice(sandbox, "public.png", environment: environment) == "late")
        #expect(try await sandbox.run(["handlers", "default", "public.png", "late"], environment: environment).status == 0)
        #expect(try await sandbox.run(["handlers", "--json"], environment: environment).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: applications.path) == ["late.desktop"])
        #expect(!FileManager.default.fileExists(atPath: sandbox.systemData.appending(path: "applications").path))
    }

    @Test("an app whose desktop file is dated 2300 is offered by info, not a crash")
    func farFutureDesktopFile() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        let entry = try sandbox.write(Self.entry("Future", mimeTypes: ["text/plain"]), to: "user/.local/share/applications/future.desktop")
        // Past 2262, where a 64-bit count of nanoseconds ends; ext4 keeps it.
        try await sandbox.shell("touch -d 2300-01-01 '\(entry.path)' '\(entry.deletingLastPathComponent().path)'")
        let result = try await sandbox.run(["info", "Notes.txt"], environment: Self.isolated(sandbox, [:]))
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("future"), "\(result.standardOutput)")
    }

    static let realPackages = ["feh", "nsxiv", "vim"].allSatisfy { FileManager.default.fileExists(atPath: "/usr/share/applications/\($0).desktop") }

    /// feh, nsxiv and vim, which `make test` installs (scripts/install-system-packages.sh).
    @Test("real Debian packages' apps: docbrowser agrees with gio mime and xdg-mime query default", .enabled(if: hasTools && realPackages))
    func realPackagesAgree() async throws {
        let sandbox = try Sandbox()
        let environment: [Environment.Key: String?] = ["XDG_DATA_DIRS": "/usr/share"]
        let sample = [
            "image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp", "image/tiff", "image/x-tga", "image/heic",
            "image/svg+xml", "image/avif", "text/plain", "text/x-csrc", "text/x-chdr", "text/x-c++src", "text/x-makefile",
            "application/x-shellscript", "text/x-python", "text/x-java", "text/markdown", "application/json", "text/html",
        ]
        var agreed = 0
        for mimeType in sample {
            let choice = try await Self.choice(sandbox, mimeType, environment: environment)
            #expect(choice.gio != nil, "gio has a default for \(mimeType): \(choice)")
            #expect(choice.docbrowser == choice.gio, "\(mimeType): \(choice)")
            // xdg-mime's shell script and GIO disagree where several
            // installed apps claim a type with no default set (ImageMagick's
            // display and nsxiv for image/x-tga): GIO is what the desktop
            // opens with, and what docbrowser follows.
            if let xdg = choice.xdgMime, xdg != choice.gio { print("note: xdg-mime differs from gio on \(mimeType): \(choice)") }
            if choice.docbrowser == choice.gio { agreed += 1 }
        }
        print("note: docbrowser agrees with gio on \(agreed) of \(sample.count) MIME types")

        // GIO gives apps to a MIME type's sub-class-of ancestors only: not
        // text/plain's to every text/*, not application/octet-stream's.
        for mimeType in ["text/x-gcode-gx", "text/x-rust"] {
            #expect(try await Self.gioDefault(mimeType, environment: Self.isolated(sandbox, environment)) == nil)
        }
        #expect(try await Self.choice(sandbox, "text/x-gcode-gx", environment: environment).docbrowser == nil)
    }

    /// A MIME type shared-mime-info lists is, to docbrowser, a type, often
    /// with others merged into it (image/jpx into JPEG 2000, text/x-rust
    /// into Rust source). docbrowser chooses for the type what GIO chooses
    /// for a file of the type: its first MIME type shared-mime-info declares.
    @Test("every MIME type shared-mime-info lists: docbrowser chooses what gio mime chooses for its type's content type", .enabled(if: hasTools && realPackages))
    func everySharedMimeInfoType() async throws {
        let sandbox = try Sandbox()
        let full = Self.isolated(sandbox, ["XDG_DATA_DIRS": "/usr/share"])
        let every = try String(contentsOfFile: "/usr/share/mime/types", encoding: .utf8).split(separator: "\n").map(String.init)
        // Each type costs three processes: by default the types installed
        // apps claim, and every tenth of the rest (about 200 of 850, under
        // a minute); DOCBROWSER_EVERY_MIME_TYPE=1 asks about all of them.
        let claimed = Set(try FileManager.default.contentsOfDirectory(atPath: "/usr/share/applications").filter { $0.hasSuffix(".desktop") }
            .flatMap { name -> [String] in
                let text = (try? String(contentsOfFile: "/usr/share/applications/\(name)", encoding: .utf8)) ?? ""
                return text.split(separator: "\n").filter { $0.hasPrefix("MimeType=") }
                    .flatMap { $0.dropFirst("MimeType=".count).split(separator: ";").map(String.init) }
            })
        let listed = ProcessInfo.processInfo.environment["DOCBROWSER_EVERY_MIME_TYPE"] != nil
            ? every : every.enumerated().filter { claimed.contains($0.element) || $0.offset % 10 == 0 }.map(\.element)
        let aliases = Dictionary(try String(contentsOfFile: "/usr/share/mime/aliases", encoding: .utf8).split(separator: "\n").compactMap { line -> (String, String)? in
            let words = line.split(separator: " ")
            return words.count == 2 ? (words[0].lowercased(), words[1].lowercased()) : nil
        }, uniquingKeysWith: { first, _ in first })
        // docbrowser lower-cases MIME types, as they compare; gio does not
        // (text/x-iMelody has an app, text/x-imelody none).
        let declared = Dictionary(every.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        // The content type GIO gives a file of the type: its first MIME
        // type shared-mime-info declares.
        func contentType(_ mimeTypes: [String]) -> String? {
            mimeTypes.lazy.compactMap { declared[aliases[$0.lowercased()] ?? $0.lowercased()] }.first ?? mimeTypes.first
        }
        struct Outcome { var mimeType: String, identifier: String, contentType: String, docbrowser: String?, gioContentType: String?, gioListed: String? }
        var outcomes: [Outcome] = []
        // Four at a time: each is three short processes.
        for batch in stride(from: 0, to: listed.count, by: 4).map({ listed[$0..<min($0 + 4, listed.count)] }) {
            try await withThrowingTaskGroup(of: Outcome.self) { group in
                for mimeType in batch {
                    group.addTask {
                        let type = try await Self.type(sandbox, mimeType, environment: full)
                        let content = contentType(type.mimeTypes) ?? mimeType
                        let gioListed = try await Self.gioDefault(mimeType, environment: full)
                        return Outcome(
                            mimeType: mimeType, identifier: type.identifier, contentType: content,
                            docbrowser: try await Self.docbrowserChoice(sandbox, type.identifier, environment: full),
                            gioContentType: content == mimeType ? gioListed : try await Self.gioDefault(content, environment: full),
                            gioListed: gioListed
                        )
                    }
                }
                for try await outcome in group { outcomes.append(outcome) }
            }
        }
        for outcome in outcomes.sorted(by: { $0.mimeType < $1.mimeType }) {
            #expect(outcome.docbrowser == outcome.gioContentType, "\(outcome)")
        }
        let agreed = outcomes.filter { $0.docbrowser == $0.gioContentType }.count
        let merged = outcomes.filter { $0.docbrowser != $0.gioListed }
        print("note: docbrowser agrees with gio on \(agreed) of \(listed.count) shared-mime-info types, asked for the content type GIO gives a file of the type; asked for the listed MIME type itself, on \(listed.count - merged.count); the rest are merged into another type: \(merged.map { "\($0.mimeType) (\($0.identifier), \($0.docbrowser ?? "none"))" }.joined(separator: ", "))")
    }
}
