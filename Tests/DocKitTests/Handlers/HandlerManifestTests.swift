import Foundation
import Testing
@testable import DocKit

@Suite("HandlerManifest")
struct HandlerManifestTests {
    typealias P = PropertyListFixtures

    static var full: [String: Any] { [
        "CFBundleIdentifier": "org.example.sketch",
        "CFBundleName": "Sketch",
        "CFBundleExecutable": "sketch.sh",
        "NSUnknownKeyOfSomeApp": ["ignored": true],
        "CFBundleDocumentTypes": [
            ["CFBundleTypeName": "Drawing", "LSItemContentTypes": ["org.example.drawing"], "CFBundleTypeRole": "Editor", "LSTypeIsPackage": true] as [String: Any],
            ["CFBundleTypeName": "PNG", "LSItemContentTypes": ["public.png"], "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Alternate"] as [String: Any],
            ["CFBundleTypeName": "Old", "CFBundleTypeExtensions": ["OLDX"], "CFBundleTypeMIMETypes": ["application/x-old"], "CFBundleTypeRole": "Shell", "LSHandlerRank": "None"] as [String: Any],
        ],
        "UTExportedTypeDeclarations": [
            ["UTTypeIdentifier": "org.example.drawing", "UTTypeConformsTo": ["com.apple.package"], "UTTypeTagSpecification": ["public.filename-extension": ["drawing"]]] as [String: Any],
        ],
        "DBServices": [
            ["DBServiceKind": "preview", "DBServiceTypes": ["public.image"], "DBServiceArguments": ["--preview"], "DBServiceTimeLimit": 2.5] as [String: Any],
            ["DBServiceKind": "export", "DBServiceTypes": ["public.zip-archive"], "DBServiceExecutable": "/bin/true"] as [String: Any],
        ],
    ] }

    static func makeExecutable(_ url: URL) throws {
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    @Test("every key is read from XML, binary and JSON manifests", arguments: PropertyListFixtures.Form.allCases)
    func readsEveryKey(_ form: PropertyListFixtures.Form) throws {
        let tmp = try TemporaryDirectory("manifest")
        let file = try tmp.write(try P.data(Self.full, as: form), to: "sketch.\(form.fileExtension)")
        try Self.makeExecutable(tmp.url("sketch.sh"))
        let manifest = try HandlerManifest.load(from: file, environment: [:])
        #expect(manifest.identifier == "org.example.sketch")
        #expect(manifest.name == "Sketch")
        #expect(manifest.form == .manifest)
        #expect(manifest.executable?.lastPathComponent == "sketch.sh")
        #expect(manifest.exportedTypes == ["org.example.drawing"])
        #expect(manifest.documentTypes.count == 3)
        let drawing = manifest.documentTypes[0]
        #expect(drawing.role == .editor)
        // No LSHandlerRank, though the manifest exports the type: Default,
        // as on a Mac.
        #expect(drawing.rank == .default && !drawing.rankIsDeclared)
        #expect(drawing.isPackage)
        #expect(manifest.documentTypes[1].rank == .alternate && manifest.documentTypes[1].role == .viewer)
        let old = manifest.documentTypes[2]
        #expect(old.filenameExtensions == ["oldx"] && old.mimeTypes == ["application/x-old"])
        #expect(old.rank == .none && old.role == .shell)
        #expect(manifest.services.count == 2)
        let preview = manifest.services[0]
        #expect(preview.kind == .preview && preview.types == ["public.image"] && preview.arguments == ["--preview"])
        #expect(preview.timeLimit == .milliseconds(2500))
        #expect(preview.executable == manifest.executable, "defaults to CFBundleExecutable")
        #expect(manifest.services[1].executable?.path == "/bin/true")
    }

    @Test("a bundle's executable is found beside its Info.plist")
    func bundle() throws {
        let tmp = try TemporaryDirectory("bundle")
        try tmp.write(try P.data(Self.full, as: .binary), to: "Sketch.handler/Info.plist")
        try Self.makeExecutable(tmp.url("Sketch.handler/sketch.sh"))
        for url in [tmp.url("Sketch.handler"), tmp.url("Sketch.handler/Info.plist")] {
            let manifest = try HandlerManifest.load(from: url, environment: [:])
            #expect(manifest.form == .bundle)
            #expect(manifest.bundleURL?.lastPathComponent == "Sketch.handler")
            #expect(manifest.executable?.path == tmp.url("Sketch.handler/sketch.sh").standardizedFileURL.path)
        }
    }

    @Test("a real macOS app's Info.plist loads unedited, types only")
    func realAppInfoPlist() throws {
        let tmp = try TemporaryDirectory("app")
        let file = try tmp.write(Self.appInfoPlist, to: "Info.plist")
        let manifest = try HandlerManifest.load(from: file, environment: [:])
        #expect(manifest.identifier == "com.example.sketchbook")
        #expect(manifest.declaredExecutable == "Sketchbook")
        #expect(manifest.executable == nil && !manifest.canOpen)
        #expect(manifest.documentTypes.map(\.rank) == [.owner, .alternate])
    }

    @Test("what cannot be understood is left out with a warning naming the file, the key path and the reason; the rest still counts", arguments: [
        (#"{"CFBundleIdentifier": "o.e", "CFBundleDocumentTypes": ["x"]}"#, "CFBundleDocumentTypes[0]", "expected a dictionary"),
        (#"{"CFBundleIdentifier": "o.e", "CFBundleDocumentTypes": [{"CFBundleTypeRole": "Boss"}]}"#, "CFBundleDocumentTypes[0].CFBundleTypeRole", "not a role"),
        (#"{"CFBundleIdentifier": "o.e", "CFBundleDocumentTypes": [{"LSHandlerRank": "Best"}]}"#, "CFBundleDocumentTypes[0].LSHandlerRank", "not a rank"),
        (#"{"CFBundleIdentifier": "o.e", "CFBundleDocumentTypes": [{"LSItemContentTypes": ["ok.type", 3]}]}"#, "CFBundleDocumentTypes[0].LSItemContentTypes[1]", "expected a string"),
        (#"{"CFBundleIdentifier": "o.e", "CFBundleDocumentTypes": [{"LSItemContentTypes": ["ok.type", ""]}]}"#, "CFBundleDocumentTypes[0].LSItemContentTypes[1]", "an empty string is not a valid type identifier"),
        (#"{"CFBundleIdentifier": "o.e", "CFBundleDocumentTypes": [{"LSTypeIsPackage": "maybe"}]}"#, "CFBundleDocumentTypes[0].LSTypeIsPackage", "expected a boolean"),
        (#"{"CFBundleIdentifier": "o.e", "UTExportedTypeDeclarations": [{"UTTypeConformsTo": "public.data"}]}"#, "UTExportedTypeDeclarations[0].UTTypeIdentifier", "missing"),
        (#"{"CFBundleIdentifier": "o.e", "DBServices": [{"DBServiceKind": "print", "DBServiceTypes": ["public.data"]}]}"#, "DBServices[0].DBServiceKind", "not a service kind"),
        (#"{"CFBundleIdentifier": "o.e", "DBServices": [{"DBServiceKind": "export"}]}"#, "DBServices[0].DBServiceTypes", "missing"),
        (#"{"CFBundleIdentifier": "o.e", "DBServices": [{"DBServiceKind": "export", "DBServiceTypes": ["public.zip-archive"], "DBServiceTimeLimit": "10"}]}"#, "DBServices[0].DBServiceTimeLimit", "expected a number"),
        (#"{"CFBundleIdentifier": "o.e", "DBServices": [{"DBServiceKind": "export", "DBServiceTypes": ["public.zip-archive"], "DBServiceTimeLimit": true}]}"#, "DBServices[0].DBServiceTimeLimit", "expected a number"),
        (#"{"CFBundleIdentifier": "o.e", "DBServices": [{"DBServiceKind": "export", "DBServiceTypes": ["public.zip-archive"], "DBServiceArguments": "-x"}]}"#, "DBServices[0].DBServiceArguments", "expected an array"),
    ])
    func warnings(_ json: String, keyPath: String, reason: String) throws {
        let tmp = try TemporaryDirectory("bad")
        let file = try tmp.write(json, to: "bad.json")
        let manifest = try HandlerManifest.load(from: file, environment: [:])
        #expect(manifest.identifier == "o.e")
        #expect(manifest.warnings.count == 1, "\(manifest.warnings)")
        let warning = try #require(manifest.warnings.first)
        #expect(warning.malformedFile.path == file.path)
        #expect(warning.malformedFile.keyPath == keyPath)
        #expect(warning.malformedFile.reason.contains(reason), "\(warning)")
        #expect(warning.description.hasPrefix("\(file.path): \(keyPath): "))
    }

    @Test("an unknown role and rank keep the claim, which never opens; an invalid type identifier is dropped from it")
    func keptClaims() throws {
        let tmp = try TemporaryDirectory("claims")
        let file = try tmp.write(#"{"CFBundleIdentifier": "o.e", "CFBundleDocumentTypes": [{"CFBundleTypeRole": "Boss", "LSHandlerRank": "Best", "LSItemContentTypes": ["", "public.png", "bad id"]}]}"#, to: "m.json")
        let manifest = try HandlerManifest.load(from: file, environment: [:])
        let claim = try #require(manifest.documentTypes.first)
        #expect(claim.contentTypes == ["public.png"])
        #expect(claim.role == .none && !claim.role.opensDocuments)
        #expect(claim.rank == .default && !claim.rankIsDeclared)
        #expect(manifest.warnings.map(\.malformedFile.keyPath) == [
            "CFBundleDocumentTypes[0].LSItemContentTypes[0]", "CFBundleDocumentTypes[0].LSItemContentTypes[2]",
            "CFBundleDocumentTypes[0].CFBundleTypeRole", "CFBundleDocumentTypes[0].LSHandlerRank",
        ])
    }

    @Test("Quick Look and Spotlight plug-in roles claim their types but never open them", arguments: [("QLGenerator", HandlerRole.quickLookGenerator), ("MDImporter", .spotlightImporter)])
    func pluginRoles(_ text: String, _ role: HandlerRole) throws {
        let tmp = try TemporaryDirectory("roles")
        let file = try tmp.write(#"{"CFBundleIdentifier": "o.e", "CFBundleDocumentTypes": [{"CFBundleTypeRole": "\#(text)", "LSItemContentTypes": ["public.png"]}]}"#, to: "m.json")
        let manifest = try HandlerManifest.load(from: file, environment: [:])
        #expect(manifest.warnings.isEmpty)
        #expect(manifest.documentTypes.first?.role == role)
        #expect(!role.opensDocuments)
    }

    @Test("a missing or placeholder CFBundleIdentifier gives one derived from the bundle or file name, with a warning", arguments: [
        ("Sketch-Info.plist", #"{"CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)"}"#, "local.Sketch"),
        ("Sketch-Info.plist", #"{"CFBundleIdentifier": "${MACOSX_BUNDLE_GUI_IDENTIFIER}"}"#, "local.Sketch"),
        ("Firefox.plist", #"{"CFBundleIdentifier": "%MOZ_MACBUNDLE_ID%"}"#, "local.Firefox"),
        ("TextMate-Info.plist", #"{"CFBundleIdentifier": "com.macromates.${TARGET_NAME}"}"#, "com.macromates.TextMate"),
        ("Kiwix_Info.plist", #"{"CFBundleName": "Kiwix"}"#, "local.Kiwix"),
        ("My App.plist", #"{"CFBundleIdentifier": "a/b"}"#, "local.My-App"),
        ("Wörter.app/Contents/Info.plist", #"{}"#, "local.W-rter"),
    ])
    func derivedIdentifier(_ name: String, _ json: String, _ expected: String) throws {
        let tmp = try TemporaryDirectory("derived")
        try FileManager.default.createDirectory(at: tmp.url(name).deletingLastPathComponent(), withIntermediateDirectories: true)
        let file = try tmp.write(json, to: name)
        let manifest = try HandlerManifest.load(from: file, environment: [:])
        #expect(manifest.identifier == expected)
        #expect(manifest.identifierIsDerived)
        #expect(manifest.warnings.map(\.malformedFile.keyPath) == ["CFBundleIdentifier"])
        #expect(manifest.warnings.first?.malformedFile.reason.contains("'\(expected)'") == true)
        #expect(try HandlerManifest.load(from: file, environment: [:]).identifier == expected, "the same file gives the same identifier")
        #expect(try HandlerManifest.load(from: file, environment: [:], identifier: "org.example.chosen").identifier == "org.example.chosen")
    }

    @Test("a build-setting name or executable is no name and no program")
    func placeholderNameAndExecutable() throws {
        let tmp = try TemporaryDirectory("placeholders")
        let file = try tmp.write(#"{"CFBundleIdentifier": "org.example.app", "CFBundleName": "$(PRODUCT_NAME)", "CFBundleDisplayName": "Example", "CFBundleExecutable": "${EXECUTABLE_NAME}"}"#, to: "m.json")
        let manifest = try HandlerManifest.load(from: file, environment: [:])
        #expect(manifest.name == "Example")
        #expect(manifest.declaredExecutable == nil)
        #expect(!manifest.identifierIsDerived && manifest.warnings.isEmpty)
    }

    @Test("only an unreadable file or a root that is not a dictionary is refused")
    func refused() throws {
        let tmp = try TemporaryDirectory("refused")
        let array = try tmp.write("[1]", to: "array.json")
        #expect(throws: DocKitError.self) { try HandlerManifest.load(from: array, environment: [:]) }
        let file = try tmp.write("{}", to: "m.json")
        #expect(throws: DocKitError.self) { try HandlerManifest.load(from: file, environment: [:], identifier: "not/valid") }
    }

    @Test("DBServiceTimeLimit accepts integers and reals from every form", arguments: PropertyListFixtures.Form.allCases)
    func timeLimits(_ form: PropertyListFixtures.Form) throws {
        let tmp = try TemporaryDirectory("limit")
        let root: [String: Any] = ["CFBundleIdentifier": "o.e", "DBServices": [
            ["DBServiceKind": "import", "DBServiceTypes": ["public.zip-archive"], "DBServiceTimeLimit": 30] as [String: Any],
        ]]
        let file = try tmp.write(try P.data(root, as: form), to: "m.\(form.fileExtension)")
        #expect(try HandlerManifest.load(from: file, environment: [:]).services.first?.timeLimit == .seconds(30))
    }

    static let appInfoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>BuildMachineOSBuild</key><string>23A344</string>
    \t<key>CFBundleDocumentTypes</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>CFBundleTypeIconFile</key><string>Drawing.icns</string>
    \t\t\t<key>CFBundleTypeName</key><string>Sketchbook Drawing</string>
    \t\t\t<key>CFBundleTypeRole</key><string>Editor</string>
    \t\t\t<key>LSHandlerRank</key><string>Owner</string>
    \t\t\t<key>LSItemContentTypes</key><array><string>com.example.sketchbook.drawing</string></array>
    \t\t\t<key>LSTypeIsPackage</key><true/>
    \t\t\t<key>NSDocumentClass</key><string>$(PRODUCT_MODULE_NAME).Document</string>
    \t\t</dict>
    \t\t<dict>
    \t\t\t<key>CFBundleTypeName</key><string>PNG image</string>
    \t\t\t<key>CFBundleTypeRole</key><string>Viewer</string>
    \t\t\t<key>LSHandlerRank</key><string>Alternate</string>
    \t\t\t<key>LSItemContentTypes</key><array><string>public.png</string></array>
    \t\t</dict>
    \t</array>
    \t<key>CFBundleExecutable</key><string>Sketchbook</string>
    \t<key>CFBundleIdentifier</key><string>com.example.sketchbook</string>
    \t<key>CFBundleName</key><string>Sketchbook</string>
    \t<key>CFBundlePackageType</key><string>APPL</string>
    \t<key>CFBundleSupportedPlatforms</key><array><string>MacOSX</string></array>
    \t<key>LSMinimumSystemVersion</key><string>13.0</string>
    \t<key>UTExportedTypeDeclarations</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>UTTypeConformsTo</key><array><string>com.apple.package</string></array>
    \t\t\t<key>UTTypeIdentifier</key><string>com.example.sketchbook.drawing</string>
    \t\t\t<key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>sketchbook</string></array><key>com.apple.ostype</key><string>SKBK</string></dict>
    \t\t</dict>
    \t</array>
    </dict>
    </plist>
    """
}
