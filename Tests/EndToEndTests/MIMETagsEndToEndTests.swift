import Foundation
import Testing

/// `--mime` and a file's type must agree: every extension shared-mime-info
/// names resolves to a type that carries a MIME type, so that desktop apps
/// claiming that MIME type are offered the file.
@Suite("every type an extension resolves to carries its MIME types")
struct MIMETagsEndToEndTests {
    /// Extensions whose docbrowser type is another kind of file than
    /// shared-mime-info's, so no MIME type of its fits: a CD master is no
    /// CorelDRAW drawing, an NDIF disk image no raw one, MPEG-2 audio no
    /// MPEG video, an installer package no bare xar, a SceneKit scene no
    /// Godot one, a Mac disk image no SMIL or SAMI file.
    static let otherKinds: Set<String> = ["cdr", "img", "mp2", "pkg", "scn", "smi"]

    /// Every `*.ext` glob of the machine's shared-mime-info, without its
    /// case-sensitive ones, lowercased.
    static func globbedExtensions() throws -> [String] {
        let globs = try String(contentsOfFile: "/usr/share/mime/globs2", encoding: .utf8)
        var extensions: Set<String> = []
        for line in globs.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[2].hasPrefix("*.") else { continue }
            let ext = fields[2].dropFirst(2)
            guard !ext.contains(where: { "*?[".contains($0) }), !(fields.count > 3 && fields[3].contains("cs")) else { continue }
            extensions.insert(ext.lowercased())
        }
        return extensions.sorted()
    }

    @Test("each of shared-mime-info's extensions, but those of another kind, has a MIME type", .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/mime/globs2"), "shared-mime-info is not installed"))
    func everyExtension() async throws {
        let sandbox = try Sandbox()
        let extensions = try Self.globbedExtensions()
        #expect(extensions.count > 500, "globs2 names \(extensions.count) extensions")
        // Empty files: the name alone decides.
        let files = extensions.map { sandbox.root.appending(path: "files.d/f.\($0)").path }
        _ = try sandbox.write(files.joined(separator: "\n") + "\n", to: "files")
        for ext in extensions { _ = try sandbox.write("", to: "files.d/f.\(ext)") }
        let result = try await sandbox.run("types", "lookup", "--files-from", sandbox.root.appending(path: "files").path, "--json")
        #expect(result.status == 0, "\(result.standardError)")
        let answers = try result.jsonArray()
        #expect(answers.count == extensions.count)
        var without: [String: String] = [:]
        for (ext, answer) in zip(extensions, answers) {
            let declaration = answer["declaration"] as? [String: Any]
            if (declaration?["mimeTypes"] as? [String] ?? []).isEmpty {
                without[ext] = declaration?["identifier"] as? String ?? "?"
            }
        }
        #expect(Set(without.keys) == Self.otherKinds, "\(without.sorted { $0.key < $1.key })")
    }

    @Test("Apple's types take shared-mime-info's MIME types for their extensions", arguments: [
        ("class", "com.sun.java-class", "application/x-java"), ("eps", "com.adobe.encapsulated-postscript", "image/x-eps"),
        ("tgz", "org.gnu.gnu-zip-tar-archive", "application/x-compressed-tar"), ("iso", "public.iso-image", "application/x-cd-image"),
        ("dmg", "com.apple.disk-image-udif", "application/x-apple-diskimage"), ("ts", "public.mpeg-2-transport-stream", "video/mp2t"),
    ])
    func appleTypes(ext: String, type: String, mime: String) async throws {
        let sandbox = try Sandbox()
        let byExtension = try await sandbox.run("types", "lookup", "--ext", ext, "--json")
        let declaration = try #require(try byExtension.json()["declaration"] as? [String: Any])
        #expect(declaration["identifier"] as? String == type)
        #expect((declaration["mimeTypes"] as? [String])?.contains(mime) == true, "\(declaration)")
        let byMIME = try await sandbox.run("types", "lookup", "--mime", mime, "--json")
        #expect((try byMIME.json()["declaration"] as? [String: Any])?["identifier"] as? String == type, "\(byMIME)")
    }
}
