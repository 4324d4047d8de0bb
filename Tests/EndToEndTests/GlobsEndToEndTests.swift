import Foundation
import Subprocess
import Testing

/// shared-mime-info's file-name rules (`globs2`) in the forms a type's
/// extensions do not carry, with the machine's real `/usr/share/mime` and
/// with a private database `update-mime-database` compiles; each file's
/// type is compared with the content type `gio info` gives it in the same
/// environment.
@Suite("shared-mime-info globs, as GIO reads them")
struct GlobsEndToEndTests {
    static let hasTools = ["/usr/bin/gio", "/usr/bin/update-mime-database", "/usr/share/mime/globs2"].allSatisfy { FileManager.default.fileExists(atPath: $0) }

    /// What docbrowser and GIO say of one file.
    struct Answer: Equatable, CustomStringConvertible {
        var identifier: String?
        var mimeTypes: [String]
        var guessed: Bool?
        var gio: String?

        var description: String { "docbrowser \(identifier ?? "nil") \(mimeTypes) guessed \(guessed.map(String.init) ?? "nil"), gio \(gio ?? "nil")" }
    }

    static func answer(_ sandbox: Sandbox, _ file: URL, environment: [Environment.Key: String?] = [:]) async throws -> Answer {
        let lookup = try await sandbox.run(["types", "lookup", file.path, "--json"], environment: environment)
        let json = try lookup.json()
        let declaration = json["declaration"] as? [String: Any]
        var full: [Environment.Key: String?] = [
            "HOME": sandbox.userHome.path,
            "XDG_DATA_HOME": sandbox.userHome.appending(path: ".local/share").path,
            "XDG_DATA_DIRS": sandbox.systemData.path,
        ]
        full.merge(environment) { _, new in new }
        let gio = try await Subprocess.run(
            .name("gio"), arguments: ["info", "-a", "standard::content-type", file.path],
            environment: .inherit.updating(full), output: .string(limit: 1 << 16), error: .discarded
        )
        let contentType = gio.standardOutput.split(separator: "\n").first { $0.contains("standard::content-type: ") }
            .map { String($0.split(separator: " ").last ?? "") }
        return Answer(identifier: declaration?["identifier"] as? String, mimeTypes: declaration?["mimeTypes"] as? [String] ?? [], guessed: json["typeWasGuessed"] as? Bool, gio: contentType)
    }

    /// Writes each file of `expected` (name, identifier, MIME type, whether
    /// content decided) with `content`, and expects docbrowser's type, and
    /// GIO's content type, to be those.
    static func expectTypes(_ sandbox: Sandbox, _ expected: [(String, String, String, Bool)], content: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for (name, identifier, mimeType, guessed) in expected {
            let answer = try await answer(sandbox, try sandbox.write(content, to: "files/\(name)"))
            #expect(answer.gio == mimeType, "\(name): \(answer)", sourceLocation: sourceLocation)
            #expect(answer.identifier == identifier && answer.guessed == guessed, "\(name): \(answer)", sourceLocation: sourceLocation)
            #expect(answer.mimeTypes.contains(mimeType), "\(name): \(answer)", sourceLocation: sourceLocation)
        }
    }

    @Test("a whole name (Makefile, meson.build, pom.xml) names its type before any extension, folded unless case-sensitive", .enabled(if: hasTools))
    func literalNames() async throws {
        let sandbox = try Sandbox()
        let expected: [(String, String, String, Bool)] = [
            ("Makefile", "public.make-source", "text/x-makefile", false),
            ("GNUmakefile", "public.make-source", "text/x-makefile", false),
            ("meson.build", "org.freedesktop.mime.text.x-meson", "text/x-meson", false),
            ("pom.xml", "org.freedesktop.mime.text.x-maven-xml", "text/x-maven+xml", false),
            ("CMakeLists.txt", "org.freedesktop.mime.text.x-cmake", "text/x-cmake", false),
            ("core", "org.freedesktop.mime.application.x-core", "application/x-core", false),
            // `core` is case-sensitive: `Core` is only text, by its content.
            ("Core", "public.plain-text", "text/plain", true),
        ]
        try await Self.expectTypes(sandbox, expected, content: "some words\n")
    }

    @Test("a name whose extension says nothing is matched against the globs with wildcards (*.[1-9], *~, [0-9][0-9][0-9].vdr)", .enabled(if: hasTools))
    func wildcardPatterns() async throws {
        let sandbox = try Sandbox()
        try await Self.expectTypes(sandbox, [
            ("ls.1", "org.freedesktop.mime.application.x-troff-man", "application/x-troff-man", false),
            ("notes.txt~", "org.freedesktop.mime.application.x-trash", "application/x-trash", false),
            ("draft%", "org.freedesktop.mime.application.x-trash", "application/x-trash", false),
            ("123.vdr", "public.mpeg", "video/mpeg", false),
            ("SConscript.win", "org.freedesktop.mime.text.x-scons", "text/x-scons", false),
            ("x.anim3", "org.freedesktop.mime.video.x-anim", "video/x-anim", false),
        ], content: "some words\n")
        // A declared extension still decides: the pattern is not asked.
        let declared = try await Self.answer(sandbox, try sandbox.write("some words\n", to: "files/notes.txt"))
        #expect(declared.identifier == "public.plain-text" && declared.gio == "text/plain", "\(declared)")
    }

    @Test("a case-sensitive glob counts as written, before the extension: x.C is C++, x.c is C", .enabled(if: hasTools))
    func caseSensitiveGlobs() async throws {
        let sandbox = try Sandbox()
        try await Self.expectTypes(sandbox, [
            ("hello.C", "public.c-plus-plus-source", "text/x-c++src", false),
            ("hello.c", "public.c-source", "text/x-csrc", false),
            ("hello.gs", "org.freedesktop.mime.text.x-genie", "text/x-genie", false),
            // Only the case-sensitive *.gs names .gs: HELLO.GS is typed by its content.
            ("HELLO.GS", "public.plain-text", "text/plain", true),
        ], content: "int main;\n")
        let binary = sandbox.root.appending(path: "files/DATA.GS")
        try Data([0x01, 0x02, 0x03]).write(to: binary)
        let unknown = try await Self.answer(sandbox, binary)
        #expect(unknown.identifier == "public.data" && unknown.gio == "application/octet-stream", "\(unknown)")
        try await Self.privateDatabase(sandbox, """
                <glob pattern="*.DocB" case-sensitive="true"/>
            """)
        let written = try await Self.answer(sandbox, try sandbox.write("x", to: "files/x.DocB"))
        #expect(written == Answer(identifier: "org.freedesktop.mime.application.x-docbrowser-test", mimeTypes: ["application/x-docbrowser-test"], guessed: false, gio: "application/x-docbrowser-test"))
        let folded = try await Self.answer(sandbox, try sandbox.write("x", to: "files/x.docb"))
        #expect(folded.identifier == "public.plain-text" && folded.guessed == true && folded.gio == "text/plain", "\(folded)")
    }

    @Test("several types share an extension: the content decides among them, as GIO decides (.ts, .dot, .sub, .asc, .smi, .pot, .key, .iso)", .enabled(if: hasTools))
    func tieBrokenByContent() async throws {
        let sandbox = try Sandbox()
        let transportPacket = [UInt8]([0x47, 0x40, 0x00, 0x10]) + [UInt8](repeating: 0, count: 184)
        let oleHeader = [UInt8]([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) + [UInt8](repeating: 0, count: 600)
        let samples: [(String, [UInt8], String, String, Bool)] = [
            ("linguist.ts", Array("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE TS>\n<TS version=\"2.1\" language=\"de\">\n</TS>\n".utf8),
             "org.freedesktop.mime.text.vnd.trolltech.linguist", "text/vnd.trolltech.linguist", true),
            ("graph.dot", Array("digraph G { a -> b; }\n".utf8), "org.freedesktop.mime.text.vnd.graphviz", "text/vnd.graphviz", true),
            ("viewer.sub", Array("[INFORMATION]\n[TITLE]x\n".utf8), "org.freedesktop.mime.text.x-subviewer", "text/x-subviewer", true),
            ("mp.sub", Array("FORMAT=TIME\nTITLE=x\n".utf8), "org.freedesktop.mime.text.x-mpsub", "text/x-mpsub", true),
            ("sig.asc", Array("-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n".utf8),
             "org.freedesktop.mime.application.pgp-signature", "application/pgp-signature", true),
            ("key.asc", Array("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nabc\n".utf8), "org.freedesktop.mime.application.pgp-keys", "application/pgp-keys", true),
            ("smil.smi", Array("<smil>\n<body></body>\n</smil>\n".utf8), "org.freedesktop.mime.application.smil-xml", "application/smil+xml", true),
            ("captions.smi", Array("<SAMI>\n<BODY></BODY>\n</SAMI>\n".utf8), "org.freedesktop.mime.application.x-sami", "application/x-sami", true),
            ("messages.pot", Array("msgid \"\"\nmsgstr \"\"\n".utf8), "org.freedesktop.mime.text.x-gettext-translation-template", "text/x-gettext-translation-template", true),
            ("public.key", Array("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nabc\n".utf8), "org.freedesktop.mime.application.pgp-keys", "application/pgp-keys", true),
            ("game.iso", [UInt8](repeating: 0, count: 24) + [0x5D, 0x1C, 0x9E, 0xA3] + [UInt8](repeating: 0, count: 996), "org.freedesktop.mime.application.x-wii-rom", "application/x-wii-rom", true),
            // The content names the type the extension gave: it stands.
            ("micro.sub", Array("{1}{100}Hello\n{101}{200}World\n".utf8), "org.freedesktop.mime.text.x-microdvd", "text/x-microdvd", false),
            ("note.asc", Array("just text\n".utf8), "public.plain-text", "text/plain", false),
        ]
        for (name, bytes, identifier, mimeType, guessed) in samples {
            let file = sandbox.root.appending(path: "files/\(name)")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
            let answer = try await Self.answer(sandbox, file)
            #expect(answer.gio == mimeType, "\(name): \(answer)")
            #expect(answer.identifier == identifier && answer.guessed == guessed, "\(name): \(answer)")
            #expect(answer.mimeTypes.first == mimeType, "\(name): \(answer)")
        }
        // Apple's types for a transport stream, a Word template and an ISO
        // image stand when the content is theirs (an ancestor in common with
        // the type the content names); they carry no MIME type of GIO's.
        var disc = [UInt8](repeating: 0, count: 40000)
        disc.replaceSubrange(32769..<32774, with: Array("CD001".utf8))
        for (name, bytes, identifier, gio) in [("video.ts", Array(repeating: transportPacket, count: 8).flatMap { $0 }, "public.mpeg-2-transport-stream", "video/mp2t"),
                                               ("word.dot", oleHeader, "com.microsoft.word.dot", "application/msword-template"),
                                               ("disc.iso", disc, "public.iso-image", "application/x-cd-image")] {
            let file = sandbox.root.appending(path: "files/\(name)")
            try Data(bytes).write(to: file)
            let answer = try await Self.answer(sandbox, file)
            #expect(answer.identifier == identifier && answer.guessed == false && answer.gio == gio, "\(name): \(answer)")
        }
    }

    /// A private database: a package in the user's data folder, compiled
    /// by `update-mime-database` as a user's installed app would have it.
    static func privateDatabase(_ sandbox: Sandbox, _ globs: String) async throws {
        _ = try sandbox.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-docbrowser-test">
                <comment>docbrowser test type</comment>
            \(globs)
              </mime-type>
            </mime-info>
            """, to: "user/.local/share/mime/packages/docbrowser-test.xml")
        try await sandbox.shell("update-mime-database '\(sandbox.userHome.appending(path: ".local/share/mime").path)'")
    }

    @Test("a private database's whole-name glob, folded and case-sensitive, as update-mime-database compiles it", .enabled(if: hasTools))
    func privateLiteralNames() async throws {
        let sandbox = try Sandbox()
        try await Self.privateDatabase(sandbox, """
                <glob pattern="Buildfile.docb"/>
                <glob pattern="EXACT.docb" case-sensitive="true"/>
            """)
        let identifier = "org.freedesktop.mime.application.x-docbrowser-test"
        for name in ["Buildfile.docb", "buildfile.DOCB", "EXACT.docb"] {
            let answer = try await Self.answer(sandbox, try sandbox.write("x", to: "files/\(name)"))
            #expect(answer == Answer(identifier: identifier, mimeTypes: ["application/x-docbrowser-test"], guessed: false, gio: "application/x-docbrowser-test"), "\(name)")
        }
        let folded = try await Self.answer(sandbox, try sandbox.write("x", to: "files/exact.docb"))
        #expect(folded.identifier != identifier && folded.gio != "application/x-docbrowser-test", "\(folded)")
    }

    @Test("a private database's pattern with wildcards, as update-mime-database compiles it", .enabled(if: hasTools))
    func privatePatterns() async throws {
        let sandbox = try Sandbox()
        try await Self.privateDatabase(sandbox, """
                <glob pattern="*.dbt[0-9][0-9]"/>
                <glob pattern="Draft-?.*"/>
            """)
        let identifier = "org.freedesktop.mime.application.x-docbrowser-test"
        for name in ["report.dbt42", "REPORT.DBT07", "draft-a.q", "DRAFT-B.docbq"] {
            let answer = try await Self.answer(sandbox, try sandbox.write("x", to: "files/\(name)"))
            #expect(answer == Answer(identifier: identifier, mimeTypes: ["application/x-docbrowser-test"], guessed: false, gio: "application/x-docbrowser-test"), "\(name)")
        }
        for name in ["report.dbt4", "draft-ab.q"] {
            let answer = try await Self.answer(sandbox, try sandbox.write("x", to: "files/\(name)"))
            #expect(answer.identifier == "public.plain-text" && answer.guessed == true && answer.gio == "text/plain", "\(name): \(answer)")
        }
    }

    @Test("a private database's two types of one extension and equal weight: the magic of each decides", .enabled(if: hasTools))
    func privateTie() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-docbrowser-alpha">
                <comment>alpha</comment>
                <magic><match type="string" offset="0" value="ALPHA"/></magic>
                <glob pattern="*.dbtie"/>
              </mime-type>
              <mime-type type="application/x-docbrowser-beta">
                <comment>beta</comment>
                <magic><match type="string" offset="0" value="BETA"/></magic>
                <glob pattern="*.dbtie"/>
              </mime-type>
            </mime-info>
            """, to: "user/.local/share/mime/packages/docbrowser-tie.xml")
        try await sandbox.shell("update-mime-database '\(sandbox.userHome.appending(path: ".local/share/mime").path)'")
        for (content, kind) in [("ALPHA and more", "alpha"), ("BETA and more", "beta")] {
            let answer = try await Self.answer(sandbox, try sandbox.write(content, to: "files/\(kind)-content.dbtie"))
            #expect(answer.identifier == "org.freedesktop.mime.application.x-docbrowser-\(kind)", "\(kind): \(answer)")
            #expect(answer.gio == "application/x-docbrowser-\(kind)", "\(kind): \(answer)")
        }
    }
}
