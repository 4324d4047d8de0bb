import Foundation
import Testing

/// Real apps' Info.plists as they are in their source trees: build settings
/// for identifiers, plug-in roles, empty strings, legacy extension lists and
/// types that clash with docbrowser's own. The fixture is made up, after
/// what the 26 plists in ../shared/corpus/real-plists hold.
@Suite("real apps' Info.plists register as they are")
struct RealInfoPlistsEndToEndTests {
    static let queryBench = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    \t<key>CFBundleName</key><string>$(PRODUCT_NAME)</string>
    \t<key>CFBundleExecutable</key><string>$(EXECUTABLE_NAME)</string>
    \t<key>CFBundleDocumentTypes</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>CFBundleTypeName</key><string>Query</string>
    \t\t\t<key>CFBundleTypeRole</key><string>Editor</string>
    \t\t\t<key>LSItemContentTypes</key><array><string>com.example.querybench.sql</string></array>
    \t\t</dict>
    \t\t<dict>
    \t\t\t<key>CFBundleTypeName</key><string>Lossless audio</string>
    \t\t\t<key>CFBundleTypeRole</key><string>Viewer</string>
    \t\t\t<key>CFBundleTypeExtensions</key><array><string>ape</string><string>apl</string><string>mac</string></array>
    \t\t</dict>
    \t\t<dict>
    \t\t\t<key>CFBundleTypeRole</key><string>Viewer</string>
    \t\t\t<key>LSItemContentTypes</key><array><string></string><string>com.example.querybench.undeclared</string></array>
    \t\t</dict>
    \t\t<dict>
    \t\t\t<key>CFBundleTypeRole</key><string>QLGenerator</string>
    \t\t\t<key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
    \t\t</dict>
    \t</array>
    \t<key>UTExportedTypeDeclarations</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>UTTypeIdentifier</key><string>com.example.querybench.sql</string>
    \t\t\t<key>UTTypeConformsTo</key><array><string>public.plain-text</string></array>
    \t\t\t<key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>sql</string></array></dict>
    \t\t</dict>
    \t</array>
    \t<key>UTImportedTypeDeclarations</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>UTTypeIdentifier</key><string>com.example.monkeys-audio</string>
    \t\t\t<key>UTTypeConformsTo</key><array><string>public.audio</string></array>
    \t\t\t<key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>ape</string></array></dict>
    \t\t</dict>
    \t</array>
    </dict>
    </plist>
    """

    static func lookup(_ sandbox: Sandbox, ext: String) async throws -> String? {
        let result = try await sandbox.run("types", "lookup", "--ext", ext, "--json")
        return (try result.json()["declaration"] as? [String: Any])?["identifier"] as? String
    }

    static func candidates(_ sandbox: Sandbox, _ type: String) async throws -> [[String: Any]] {
        let result = try await sandbox.run("handlers", type, "--json")
        #expect(result.status == 0, "\(result)")
        return try result.json()["candidates"] as? [[String: Any]] ?? []
    }

    @Test("a placeholder identifier, an empty type and a plug-in role register with warnings; the app's types win where Apple's do not")
    func registersAsItIs() async throws {
        let sandbox = try Sandbox()
        let plist = try sandbox.write(Self.queryBench, to: "QueryBench-Info.plist")
        let result = try await sandbox.run("handlers", "register", plist.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("Registered local.QueryBench at"), "\(result)")
        #expect(result.standardError.contains("warning: \(plist.path): CFBundleIdentifier: '$(PRODUCT_BUNDLE_IDENTIFIER)' is a build setting, not an identifier; the handler is known as 'local.QueryBench'"), "\(result)")
        #expect(result.standardError.contains("warning: \(plist.path): CFBundleDocumentTypes[2].LSItemContentTypes[0]: an empty string is not a valid type identifier"), "\(result)")
        #expect(result.standardError.contains("--id"), "the CLI says how to choose another identifier")

        // The app exports .sql; docbrowser's own org.iso.sql yields to it.
        #expect(try await Self.lookup(sandbox, ext: "sql") == "com.example.querybench.sql")
        // The declared type beats the dynamic one its legacy entry implies,
        // and each legacy extension has a dynamic type of its own.
        #expect(try await Self.lookup(sandbox, ext: "ape") == "com.example.monkeys-audio")
        let apl = try #require(try await Self.lookup(sandbox, ext: "apl"))
        let mac = try #require(try await Self.lookup(sandbox, ext: "mac"))
        #expect(apl.hasPrefix("dyn.") && mac.hasPrefix("dyn."))
        #expect(Set([apl, mac, "com.example.monkeys-audio"]).count == 3, "\(apl), \(mac)")

        // No LSHandlerRank: Default, though the app exports the type.
        let sql = try await Self.candidates(sandbox, "com.example.querybench.sql")
        #expect(sql.first?["identifier"] as? String == "local.QueryBench")
        #expect(sql.first?["rank"] as? String == "Default")
        // A type the app claims and nobody declares is still a type to ask about.
        let undeclared = try await Self.candidates(sandbox, "com.example.querybench.undeclared")
        #expect(undeclared.map { $0["identifier"] as? String } == ["local.QueryBench"])
        // A Quick Look generator's claim is listed, never opening.
        let text = try await Self.candidates(sandbox, "public.plain-text")
        let generator = try #require(text.first { $0["identifier"] as? String == "local.QueryBench" })
        #expect(generator["role"] as? String == "QLGenerator")
        #expect(generator["opens"] as? Bool == false)
    }

    @Test("--id registers under a chosen identifier, written into the stored copy; --strict refuses what would be warned about")
    func chosenIdentifierAndStrict() async throws {
        let sandbox = try Sandbox()
        let plist = try sandbox.write(Self.queryBench, to: "QueryBench-Info.plist")
        let strict = try await sandbox.run("handlers", "register", "--strict", plist.path)
        #expect(strict.status == 6, "\(strict)")
        #expect(strict.standardError.contains("\(plist.path): CFBundleIdentifier:"), "\(strict)")
        #expect(strict.standardError.contains("more)"), "\(strict)")

        let chosen = try await sandbox.run("handlers", "register", "--id", "org.example.querybench", plist.path)
        #expect(chosen.status == 0, "\(chosen)")
        #expect(chosen.standardOutput.contains("Registered org.example.querybench at"), "\(chosen)")
        let stored = sandbox.home.appending(path: "Handlers/org.example.querybench.plist")
        let root = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: stored), format: nil) as? [String: Any])
        #expect(root["CFBundleIdentifier"] as? String == "org.example.querybench")
        let listed = try await sandbox.run("handlers", "--json")
        let identifiers = try listed.jsonArray().compactMap { $0["identifier"] as? String }
        #expect(identifiers.contains("org.example.querybench") && !identifiers.contains("local.QueryBench"), "\(identifiers)")

        let invalid = try await sandbox.run("handlers", "register", "--id", "not an id", plist.path)
        #expect(invalid.status == 6, "\(invalid)")
    }

    /// `$(PRODUCT_BUNDLE_IDENTIFIER)`, `${TARGET_NAME}` and the like, which
    /// Xcode or CMake substitute when building.
    static func hasBuildSettingIdentifier(_ plist: URL) throws -> Bool {
        let root = try PropertyListSerialization.propertyList(from: Data(contentsOf: plist), format: nil) as? [String: Any]
        let identifier = root?["CFBundleIdentifier"] as? String ?? ""
        return identifier.contains("$(") || identifier.contains("${")
    }

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "../../../shared/corpus/real-plists").standardizedFileURL

    /// The 26 real Info.plists kept beside the project by the team; a fresh
    /// clone has no ../shared, and this is skipped, saying why.
    @Test("all 26 real apps' Info.plists in the shared corpus register as they are",
          .enabled(if: FileManager.default.fileExists(atPath: corpus.path), "../shared/corpus/real-plists is absent: a fresh clone has no ../shared"))
    func sharedCorpus() async throws {
        let corpus = Self.corpus
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        let plists = names.filter { $0.hasSuffix(".plist") }.sorted()
        #expect(plists.count == 26)
        let sandbox = try Sandbox()
        var buildSettingIdentifiers = 0
        for name in plists {
            let result = try await sandbox.run("handlers", "register", corpus.appending(path: name).path)
            #expect(result.status == 0, "\(name): \(result)")
            #expect(!result.standardError.contains("Fatal error"), "\(name)")
            let warnings = result.standardError.split(separator: "\n").filter { $0.hasPrefix("docbrowser: warning: ") }
            let identifierWarnings = warnings.filter { $0.contains(": CFBundleIdentifier: ") }
            if try Self.hasBuildSettingIdentifier(corpus.appending(path: name)) {
                buildSettingIdentifiers += 1
                #expect(identifierWarnings.count == 1, "\(name): \(result)")
            } else {
            }
            // Two real apps' plists that need nothing docbrowser warns about
            // (it only notes that their executables are not here).
            if ["Transmission-Info.plist", "iTerm2-Info.plist"].contains(name) {
                #expect(warnings.isEmpty, "\(name): \(result)")
            }
        }
        #expect(buildSettingIdentifiers > 0, "the corpus has plists with $(PRODUCT_BUNDLE_IDENTIFIER)")
        let listed = try await sandbox.run("handlers", "--json")
        #expect(listed.status == 0 && listed.standardError.isEmpty, "\(listed)")
        // docbrowser's own archiver and Syncthing adapter are always installed beside them.
        let bundled: Set<String> = ["org.docbrowser.archiver", "org.docbrowser.syncthing"]
        #expect(try listed.jsonArray().filter { !bundled.contains($0["identifier"] as? String ?? "") }.count == plists.count)
        // Registered together, they still leave Apple's choices alone.
        #expect(try await Self.lookup(sandbox, ext: "ts") == "public.mpeg-2-transport-stream")
        #expect(try await Self.lookup(sandbox, ext: "html") == "public.html")
    }
}
