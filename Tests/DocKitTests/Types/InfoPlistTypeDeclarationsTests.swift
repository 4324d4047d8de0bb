import Foundation
import Testing
@testable import DocKit

@Suite("InfoPlistTypeDeclarations")
struct InfoPlistTypeDeclarationsTests {
    typealias P = PropertyListFixtures

    static var exportedAndImported: [String: Any] { [
        "CFBundleIdentifier": "com.example.viewer",
        "UTExportedTypeDeclarations": [
            [
                "UTTypeIdentifier": "com.example.viewer.doc",
                "UTTypeDescription": "Viewer document",
                "UTTypeConformsTo": ["public.data", "public.content"],
                "UTTypeIconName": "viewer-doc",
                "UTTypeTagSpecification": [
                    "public.filename-extension": ["vdoc", "VDX"],
                    "public.mime-type": ["application/x-viewer-doc"],
                ],
            ] as [String: Any],
        ],
        "UTImportedTypeDeclarations": [
            [
                "UTTypeIdentifier": "org.example.other",
                "UTTypeConformsTo": "public.plain-text",
                "UTTypeTagSpecification": ["public.filename-extension": "oth"],
            ] as [String: Any],
        ],
    ] }

    @Test("exported and imported declarations load from each form", arguments: PropertyListFixtures.Form.allCases)
    func loadsEachForm(_ form: PropertyListFixtures.Form) throws {
        let tmp = try TemporaryDirectory("form")
        let file = try tmp.write(try P.data(Self.exportedAndImported, as: form), to: "Info.\(form.fileExtension)")
        let declarations = try InfoPlistTypeDeclarations.load(from: file, exportedAs: .exported)
        #expect(declarations.count == 2)

        let doc = try #require(declarations.first { $0.identifier == "com.example.viewer.doc" })
        #expect(doc.source == .exported)
        #expect(doc.description == "Viewer document")
        #expect(doc.conformsTo == ["public.data", "public.content"])
        #expect(doc.iconName == "viewer-doc")
        #expect(doc.tags(.filenameExtension) == ["vdoc", "vdx"])
        #expect(doc.tags(.mimeType) == ["application/x-viewer-doc"])
        #expect(doc.declaredIn == file.path)
        #expect(!doc.isDeclaredPackage)

        let other = try #require(declarations.first { $0.identifier == "org.example.other" })
        #expect(other.source == .imported)
        #expect(other.conformsTo == ["public.plain-text"])
        #expect(other.tags(.filenameExtension) == ["oth"])
    }

    @Test("exportedAs: .system makes exported declarations system ones; imported stay imported")
    func exportedAsSystem() throws {
        let tmp = try TemporaryDirectory("system")
        let file = try tmp.write(try P.data(Self.exportedAndImported, as: .xml), to: "types.plist")
        let declarations = try InfoPlistTypeDeclarations.load(from: file, exportedAs: .system)
        #expect(declarations.first { $0.identifier == "com.example.viewer.doc" }?.source == .system)
        #expect(declarations.first { $0.identifier == "org.example.other" }?.source == .imported)
    }

    @Test("UTTypeConformsTo given as a single string is one conformance")
    func singleStringConformance() throws {
        let tmp = try TemporaryDirectory("single")
        let root: [String: Any] = ["UTExportedTypeDeclarations": [["UTTypeIdentifier": "com.example.single", "UTTypeConformsTo": "public.data"]]]
        let file = try tmp.write(try P.data(root, as: .xml), to: "Info.plist")
        let declarations = try InfoPlistTypeDeclarations.load(from: file)
        #expect(declarations.map(\.conformsTo) == [["public.data"]])
    }

    @Test("a file with no declarations declares nothing")
    func noDeclarations() throws {
        let tmp = try TemporaryDirectory("empty")
        let file = try tmp.write(try P.data(["CFBundleIdentifier": "com.example.nothing"], as: .binary), to: "Info.plist")
        #expect(try InfoPlistTypeDeclarations.load(from: file).isEmpty)
    }

    // MARK: A real app's Info.plist

    /// Written in the style of what Xcode puts in a shipped Mac app, with
    /// the keys docbrowser does not care about left in.
    static let realisticInfoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    	<key>BuildMachineOSBuild</key>
    	<string>23E224</string>
    	<key>CFBundleDevelopmentRegion</key>
    	<string>en</string>
    	<key>CFBundleDisplayName</key>
    	<string>Inkwell</string>
    	<key>CFBundleDocumentTypes</key>
    	<array>
    		<dict>
    			<key>CFBundleTypeIconFiles</key>
    			<array>
    				<string>InkDocument</string>
    			</array>
    			<key>CFBundleTypeName</key>
    			<string>Inkwell Document</string>
    			<key>CFBundleTypeRole</key>
    			<string>Editor</string>
    			<key>LSHandlerRank</key>
    			<string>Owner</string>
    			<key>LSItemContentTypes</key>
    			<array>
    				<string>com.example.inkwell.document</string>
    			</array>
    			<key>LSTypeIsPackage</key>
    			<true/>
    			<key>NSDocumentClass</key>
    			<string>Inkwell.InkDocument</string>
    		</dict>
    		<dict>
    			<key>CFBundleTypeName</key>
    			<string>Markdown</string>
    			<key>CFBundleTypeRole</key>
    			<string>Editor</string>
    			<key>LSHandlerRank</key>
    			<string>Alternate</string>
    			<key>LSItemContentTypes</key>
    			<array>
    				<string>net.daringfireball.markdown</string>
    				<string>public.plain-text</string>
    			</array>
    			<key>NSDocumentClass</key>
    			<string>Inkwell.TextDocument</string>
    		</dict>
    	</array>
    	<key>CFBundleExecutable</key>
    	<string>Inkwell</string>
    	<key>CFBundleIconFile</key>
    	<string>AppIcon</string>
    	<key>CFBundleIconName</key>
    	<string>AppIcon</string>
    	<key>CFBundleIdentifier</key>
    	<string>com.example.inkwell</string>
    	<key>CFBundleInfoDictionaryVersion</key>
    	<string>6.0</string>
    	<key>CFBundleName</key>
    	<string>Inkwell</string>
    	<key>CFBundlePackageType</key>
    	<string>APPL</string>
    	<key>CFBundleShortVersionString</key>
    	<string>2.4.1</string>
    	<key>CFBundleSignature</key>
    	<string>????</string>
    	<key>CFBundleSupportedPlatforms</key>
    	<array>
    		<string>MacOSX</string>
    	</array>
    	<key>CFBundleVersion</key>
    	<string>241</string>
    	<key>DTCompiler</key>
    	<string>com.apple.compilers.llvm.clang.1_0</string>
    	<key>DTPlatformName</key>
    	<string>macosx</string>
    	<key>DTSDKName</key>
    	<string>macosx14.4</string>
    	<key>DTXcode</key>
    	<string>1530</string>
    	<key>LSApplicationCategoryType</key>
    	<string>public.app-category.productivity</string>
    	<key>LSMinimumSystemVersion</key>
    	<string>12.0</string>
    	<key>NSHumanReadableCopyright</key>
    	<string>Copyright © 2024 Example Ltd. All rights reserved.</string>
    	<key>NSMainStoryboardFile</key>
    	<string>Main</string>
    	<key>NSPrincipalClass</key>
    	<string>NSApplication</string>
    	<key>NSUbiquitousContainers</key>
    	<dict>
    		<key>iCloud.com.example.inkwell</key>
    		<dict>
    			<key>NSUbiquitousContainerIsDocumentScopePublic</key>
    			<true/>
    			<key>NSUbiquitousContainerName</key>
    			<string>Inkwell</string>
    			<key>NSUbiquitousContainerSupportedFolderLevels</key>
    			<string>Any</string>
    		</dict>
    	</dict>
    	<key>UTExportedTypeDeclarations</key>
    	<array>
    		<dict>
    			<key>UTTypeConformsTo</key>
    			<array>
    				<string>com.apple.package</string>
    				<string>public.composite-content</string>
    			</array>
    			<key>UTTypeDescription</key>
    			<string>Inkwell Document</string>
    			<key>UTTypeIconFiles</key>
    			<array>
    				<string>InkDocument.icns</string>
    			</array>
    			<key>UTTypeIdentifier</key>
    			<string>com.example.inkwell.document</string>
    			<key>UTTypeReferenceURL</key>
    			<string>https://inkwell.example.com/file-format</string>
    			<key>UTTypeTagSpecification</key>
    			<dict>
    				<key>com.apple.ostype</key>
    				<string>INKD</string>
    				<key>public.filename-extension</key>
    				<array>
    					<string>inkwell</string>
    				</array>
    				<key>public.mime-type</key>
    				<string>application/x-inkwell</string>
    			</dict>
    		</dict>
    		<dict>
    			<key>UTTypeConformsTo</key>
    			<string>public.json</string>
    			<key>UTTypeDescription</key>
    			<string>Inkwell Theme</string>
    			<key>UTTypeIdentifier</key>
    			<string>com.example.inkwell.theme</string>
    			<key>UTTypeTagSpecification</key>
    			<dict>
    				<key>public.filename-extension</key>
    				<array>
    					<string>inktheme</string>
    				</array>
    			</dict>
    		</dict>
    	</array>
    	<key>UTImportedTypeDeclarations</key>
    	<array>
    		<dict>
    			<key>UTTypeConformsTo</key>
    			<array>
    				<string>public.plain-text</string>
    			</array>
    			<key>UTTypeDescription</key>
    			<string>Markdown Text</string>
    			<key>UTTypeIdentifier</key>
    			<string>net.daringfireball.markdown</string>
    			<key>UTTypeReferenceURL</key>
    			<string>https://daringfireball.net/projects/markdown/</string>
    			<key>UTTypeTagSpecification</key>
    			<dict>
    				<key>public.filename-extension</key>
    				<array>
    					<string>md</string>
    					<string>markdown</string>
    				</array>
    				<key>public.mime-type</key>
    				<array>
    					<string>text/markdown</string>
    				</array>
    			</dict>
    		</dict>
    	</array>
    </dict>
    </plist>
    """

    enum RealisticForm: String, CaseIterable, Sendable { case xml, binary }

    @Test("a real app's Info.plist loads as is", arguments: RealisticForm.allCases)
    func realisticAppInfoPlist(_ form: RealisticForm) throws {
        let tmp = try TemporaryDirectory("app")
        let data = form == .xml ? Data(Self.realisticInfoPlist.utf8) : try P.binary(fromXML: Self.realisticInfoPlist)
        let file = try tmp.write(data, to: "Inkwell.app/Contents/Info.plist")
        let declarations = try InfoPlistTypeDeclarations.load(from: file, exportedAs: .exported)

        let documents = declarations.filter { $0.identifier == "com.example.inkwell.document" }
        let document = try #require(documents.first { $0.source == .exported })
        #expect(document.description == "Inkwell Document")
        #expect(document.conformsTo == ["com.apple.package", "public.composite-content"])
        // com.apple.ostype is not a tag class docbrowser knows: ignored.
        #expect(document.tags.count == 2)
        #expect(document.tags(.filenameExtension) == ["inkwell"])
        #expect(document.tags(.mimeType) == ["application/x-inkwell"])
        #expect(!document.tags.contains { $0.value.lowercased() == "inkd" })

        let theme = try #require(declarations.first { $0.identifier == "com.example.inkwell.theme" })
        #expect(theme.conformsTo == ["public.json"])
        #expect(theme.source == .exported)

        let markdown = try #require(declarations.first { $0.identifier == "net.daringfireball.markdown" })
        #expect(markdown.source == .imported)
        #expect(markdown.tags(.filenameExtension) == ["md", "markdown"])

        // Only the entries above: the document types naming public.plain-text
        // etc. without LSTypeIsPackage declare nothing.
        #expect(Set(declarations.map(\.identifier)) == ["com.example.inkwell.document", "com.example.inkwell.theme", "net.daringfireball.markdown"])

        let registry = TypeDeclarationMerger.merge(TypeFixtures.base() + [
            TypeFixtures.declaration("public.json", conformsTo: ["public.text"], extensions: ["json"]),
        ] + declarations)
        #expect(registry.type(forFileName: "Novel.inkwell", isDirectory: true).identifier == "com.example.inkwell.document")
        #expect(registry.isPackage("com.example.inkwell.document"))
        #expect(registry.type(withIdentifier: "com.example.inkwell.document")?.description == "Inkwell Document")
        #expect(registry.preferredType(withTag: "application/x-inkwell", tagClass: .mimeType).identifier == "com.example.inkwell.document")
        #expect(registry.type(forFileName: "Dark.inktheme", isDirectory: false).identifier == "com.example.inkwell.theme")
        #expect(registry.conforms("com.example.inkwell.theme", to: "public.text"))
        #expect(registry.type(forFileName: "README.md", isDirectory: false).identifier == "net.daringfireball.markdown")
    }

    @Test("the XML and binary forms of one Info.plist declare the same types")
    func xmlAndBinaryAgree() throws {
        let tmp = try TemporaryDirectory("agree")
        let xml = try tmp.write(Self.realisticInfoPlist, to: "xml/Info.plist")
        let binary = try tmp.write(try P.binary(fromXML: Self.realisticInfoPlist), to: "binary/Info.plist")
        func normalized(_ url: URL) throws -> [TypeDeclaration] {
            try InfoPlistTypeDeclarations.load(from: url).map { declaration in
                var declaration = declaration
                declaration.declaredIn = nil
                return declaration
            }
        }
        let fromXML = try normalized(xml)
        #expect(!fromXML.isEmpty)
        #expect(fromXML == (try normalized(binary)))
    }

    // MARK: CFBundleDocumentTypes

    @Test("legacy document types without LSItemContentTypes declare dyn. types with their tags")
    func legacyDocumentTypes() throws {
        let tmp = try TemporaryDirectory("legacy")
        let root: [String: Any] = [
            "CFBundleIdentifier": "com.example.oldapp",
            "CFBundleDocumentTypes": [
                [
                    "CFBundleTypeName": "Legacy Document",
                    "CFBundleTypeRole": "Editor",
                    "CFBundleTypeExtensions": ["legx", "LEGY", "*"],
                    "CFBundleTypeMIMETypes": ["application/x-legacy"],
                ] as [String: Any],
                [
                    "CFBundleTypeName": "Legacy Bundle",
                    "CFBundleTypeExtensions": ["legbundle"],
                    "LSTypeIsPackage": true,
                ] as [String: Any],
                [
                    "CFBundleTypeName": "MIME only",
                    "CFBundleTypeMIMETypes": "application/x-only-mime",
                ] as [String: Any],
                [
                    "CFBundleTypeName": "Anything",
                    "CFBundleTypeExtensions": ["*"],
                    "CFBundleTypeRole": "Viewer",
                ] as [String: Any],
            ],
        ]
        let file = try tmp.write(try P.data(root, as: .xml), to: "Info.plist")
        let declarations = try InfoPlistTypeDeclarations.load(from: file, exportedAs: .exported)
        // One type per tag, as on a Mac: legx, legy, application/x-legacy,
        // legbundle, application/x-only-mime.
        #expect(declarations.count == 5)

        let legacyID = DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: "legx")
        let legacy = try #require(declarations.first { $0.identifier == legacyID })
        #expect(legacy.description == "Legacy Document")
        #expect(legacy.conformsTo == [UTType.data])
        #expect(legacy.tags(.filenameExtension) == ["legx"])
        #expect(!legacy.isDeclaredPackage)
        let secondID = DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: "legy")
        let second = try #require(declarations.first { $0.identifier == secondID })
        #expect(second.description == "Legacy Document")
        #expect(second.tags(.filenameExtension) == ["legy"])
        let mimeID = DynamicTypeIdentifier.make(tagClass: .mimeType, tag: "application/x-legacy")
        #expect(declarations.contains { $0.identifier == mimeID && $0.tags(.mimeType) == ["application/x-legacy"] })

        let bundleID = DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: "legbundle", conformingTo: UTType.package)
        let bundle = try #require(declarations.first { $0.identifier == bundleID })
        #expect(bundle.isDeclaredPackage)
        #expect(bundle.conformsTo == [UTType.package])

        let mimeOnlyID = DynamicTypeIdentifier.make(tagClass: .mimeType, tag: "application/x-only-mime")
        #expect(declarations.contains { $0.identifier == mimeOnlyID && $0.tags(.mimeType) == ["application/x-only-mime"] })

        let registry = TypeFixtures.registry(declarations)
        #expect(registry.type(forFileName: "old.legx", isDirectory: false).identifier == legacyID)
        #expect(registry.type(forFileName: "old.LEGY", isDirectory: false).identifier == secondID)
        #expect(registry.preferredType(withTag: "application/x-legacy", tagClass: .mimeType).identifier == mimeID)
        #expect(registry.type(forFileName: "Thing.legbundle", isDirectory: true).identifier == bundleID)
        #expect(registry.isPackage(bundleID))
        // The catch-all "*" is not an extension.
        #expect(registry.types(withTag: "*", tagClass: .filenameExtension).isEmpty)
    }

    @Test("LSTypeIsPackage on an entry with LSItemContentTypes makes those types packages")
    func lsTypeIsPackageMarksDeclaredTypes() throws {
        let tmp = try TemporaryDirectory("mark")
        let root: [String: Any] = [
            "CFBundleDocumentTypes": [
                [
                    "CFBundleTypeName": "Scrapbook",
                    "LSItemContentTypes": ["com.example.scrapbook"],
                    "LSTypeIsPackage": "YES",
                ] as [String: Any],
            ],
            "UTExportedTypeDeclarations": [
                [
                    "UTTypeIdentifier": "com.example.scrapbook",
                    "UTTypeDescription": "Scrapbook",
                    "UTTypeConformsTo": ["public.directory", "public.composite-content"],
                    "UTTypeTagSpecification": ["public.filename-extension": ["scrap"]],
                ] as [String: Any],
            ],
        ]
        let file = try tmp.write(try P.data(root, as: .json), to: "manifest.json")
        let declarations = try InfoPlistTypeDeclarations.load(from: file, exportedAs: .exported)
        #expect(declarations.contains { $0.identifier == "com.example.scrapbook" && $0.isDeclaredPackage })

        let registry = TypeFixtures.registry(declarations)
        let type = try #require(registry.type(withIdentifier: "com.example.scrapbook"))
        #expect(type.isDeclaredPackage)
        #expect(type.description == "Scrapbook")
        #expect(type.source == .exported)
        #expect(type.conformsTo == ["public.directory", "public.composite-content"])
        #expect(type.filenameExtensions == ["scrap"])
        #expect(registry.isPackage("com.example.scrapbook"))
        #expect(registry.type(forFileName: "Trip.scrap", isDirectory: true).identifier == "com.example.scrapbook")
    }

    @Test("LSTypeIsPackage false or absent marks nothing")
    func lsTypeIsPackageFalse() throws {
        let tmp = try TemporaryDirectory("nomark")
        let root: [String: Any] = [
            "CFBundleDocumentTypes": [
                ["LSItemContentTypes": ["com.example.flat"], "LSTypeIsPackage": false] as [String: Any],
                ["LSItemContentTypes": ["com.example.flat"]] as [String: Any],
            ],
        ]
        let file = try tmp.write(try P.data(root, as: .binary), to: "Info.plist")
        #expect(try InfoPlistTypeDeclarations.load(from: file).isEmpty)
    }

    // MARK: Malformed files

    static func malformed(_ contents: Data, name: String = "Info.plist") throws -> (error: DocKitError, path: String) {
        let tmp = try TemporaryDirectory("malformed")
        let file = try tmp.write(contents, to: name)
        let error = try #require(throws: DocKitError.self) {
            try InfoPlistTypeDeclarations.load(from: file)
        }
        return (error, file.path)
    }

    static func malformed(_ root: Any, as form: PropertyListFixtures.Form) throws -> (error: DocKitError, path: String) {
        try malformed(try P.data(root, as: form), name: "Info.\(form.fileExtension)")
    }

    @Test("a file that is not a property list")
    func notAPlist() throws {
        let (error, path) = try Self.malformed(Data("this is not a plist\n\u{1}\u{2}".utf8))
        #expect(error.malformedFile.path == path)
        #expect(error.malformedFile.keyPath.isEmpty)
        #expect(error.description.hasPrefix(path + ": "))
        #expect(error.description.contains("property list"))
        #expect(error.code == .malformed)
    }

    @Test("a file that is not JSON")
    func notJSON() throws {
        let (error, path) = try Self.malformed(Data(#"{ "UTExportedTypeDeclarations": [ "#.utf8), name: "manifest.json")
        #expect(error.description.hasPrefix(path + ": "))
        #expect(error.description.contains("JSON"))
    }

    @Test("an empty file")
    func emptyFile() throws {
        let (error, path) = try Self.malformed(Data())
        #expect(error.description.hasPrefix(path + ": "))
    }

    @Test("a file that does not exist")
    func missingFile() throws {
        let tmp = try TemporaryDirectory("missing")
        let file = tmp.url("nope/Info.plist")
        let error = try #require(throws: DocKitError.self) { try InfoPlistTypeDeclarations.load(from: file) }
        #expect(error.description.hasPrefix(file.path + ": "))
        #expect(error.description.contains("cannot be read"))
    }

    @Test("a root that is an array", arguments: PropertyListFixtures.Form.allCases)
    func rootIsArray(_ form: PropertyListFixtures.Form) throws {
        let (error, path) = try Self.malformed(["UTExportedTypeDeclarations"], as: form)
        #expect(error.description.hasPrefix(path + ": "))
        #expect(error.description.contains("root is not a dictionary"))
    }

    /// A declaration that cannot be understood is left out with a warning
    /// naming its key path; the file's other declarations still count.
    static func skipped(_ root: Any, as form: PropertyListFixtures.Form) throws -> (declarations: [TypeDeclaration], warnings: [DocKitError], path: String) {
        let tmp = try TemporaryDirectory("skipped")
        let file = try tmp.write(try P.data(root, as: form), to: "Info.\(form.fileExtension)")
        var warnings: [DocKitError] = []
        let declarations = try InfoPlistTypeDeclarations.load(from: file, warnings: &warnings)
        return (declarations, warnings, file.path)
    }

    @Test("a declaration without UTTypeIdentifier is left out, naming its key path")
    func missingIdentifier() throws {
        let root: [String: Any] = ["UTExportedTypeDeclarations": [
            ["UTTypeIdentifier": "com.example.fine"],
            ["UTTypeDescription": "No identifier"],
        ]]
        for form in PropertyListFixtures.Form.allCases {
            let (declarations, warnings, path) = try Self.skipped(root, as: form)
            #expect(declarations.map(\.identifier) == ["com.example.fine"])
            #expect(warnings.map(\.malformedFile.keyPath) == ["UTExportedTypeDeclarations[1].UTTypeIdentifier"])
            #expect(warnings.first?.description.hasPrefix("\(path): UTExportedTypeDeclarations[1].UTTypeIdentifier: ") == true)
        }
    }

    @Test("an imported declaration with an empty identifier is left out, naming its key path")
    func emptyImportedIdentifier() throws {
        let (declarations, warnings, _) = try Self.skipped(["UTImportedTypeDeclarations": [["UTTypeIdentifier": ""]]], as: .xml)
        #expect(declarations.isEmpty)
        #expect(warnings.map(\.malformedFile.keyPath) == ["UTImportedTypeDeclarations[0].UTTypeIdentifier"])
    }

    @Test("a number inside UTTypeConformsTo is left out, naming its index")
    func numberInConformsTo() throws {
        let root: [String: Any] = ["UTExportedTypeDeclarations": [
            ["UTTypeIdentifier": "com.example.odd", "UTTypeConformsTo": ["public.data", 42]] as [String: Any],
        ]]
        let (declarations, warnings, path) = try Self.skipped(root, as: .xml)
        #expect(declarations.first?.conformsTo == ["public.data"])
        #expect(warnings.map(\.malformedFile.keyPath) == ["UTExportedTypeDeclarations[0].UTTypeConformsTo[1]"])
        #expect(warnings.first?.description.hasPrefix("\(path): UTExportedTypeDeclarations[0].UTTypeConformsTo[1]: expected a string") == true)
    }

    @Test("an identifier with spaces is left out, and an invisible character is spelled out")
    func identifierWithSpaces() throws {
        let root: [String: Any] = ["UTExportedTypeDeclarations": [
            ["UTTypeIdentifier": "com.example.fine"],
            ["UTTypeIdentifier": "com.example.my type"],
            ["UTTypeIdentifier": "com.example.zero\u{200B}width"],
        ]]
        let (declarations, warnings, path) = try Self.skipped(root, as: .json)
        #expect(declarations.map(\.identifier) == ["com.example.fine"])
        #expect(warnings.map(\.malformedFile.keyPath) == ["UTExportedTypeDeclarations[1].UTTypeIdentifier", "UTExportedTypeDeclarations[2].UTTypeIdentifier"])
        #expect(warnings.first?.description.hasPrefix(path + ": UTExportedTypeDeclarations[1].UTTypeIdentifier: 'com.example.my type'") == true)
        #expect(warnings.last?.malformedFile.reason.hasPrefix(#"'com.example.zero\u{200B}width' is not a valid type identifier"#) == true)
    }

    @Test("declarations that are not a list of dictionaries are left out")
    func declarationsNotDictionaries() throws {
        let notArray = try Self.skipped(["UTExportedTypeDeclarations": "com.example.x"], as: .xml)
        #expect(notArray.declarations.isEmpty)
        #expect(notArray.warnings.map(\.malformedFile.keyPath) == ["UTExportedTypeDeclarations"])
        let notDictionary = try Self.skipped(["UTExportedTypeDeclarations": [["UTTypeIdentifier": "com.example.x"], "oops"]] as [String: Any], as: .xml)
        #expect(notDictionary.declarations.map(\.identifier) == ["com.example.x"])
        #expect(notDictionary.warnings.map(\.malformedFile.keyPath) == ["UTExportedTypeDeclarations[1]"])
    }

    @Test("a tag specification that is not a dictionary is left out, the type kept")
    func tagSpecificationNotDictionary() throws {
        let root: [String: Any] = ["UTExportedTypeDeclarations": [
            ["UTTypeIdentifier": "com.example.x", "UTTypeTagSpecification": ["pdf"]] as [String: Any],
        ]]
        let (declarations, warnings, _) = try Self.skipped(root, as: .xml)
        #expect(declarations.map(\.identifier) == ["com.example.x"])
        #expect(declarations.first?.tags.isEmpty == true)
        #expect(warnings.map(\.malformedFile.keyPath) == ["UTExportedTypeDeclarations[0].UTTypeTagSpecification"])
    }

    @Test("identifier validity", arguments: [
        ("com.example.ok", true),
        ("com.example.with-dash_and_underscore.2", true),
        ("org.vim.pch++-file", true),
        ("jp.example.文書", true),
        ("com.example.my type", false),
        ("com.example/slash", false),
        (".leading.dot", false),
        ("trailing.dot.", false),
        ("", false),
        ("org.hostile\u{9B}31m\u{202E}evil", false),
        ("org.example.zero\u{200B}width", false),
        ("org.example." + String(repeating: "x", count: 200), false),
    ])
    func identifierValidity(_ identifier: String, _ valid: Bool) {
        #expect(InfoPlistTypeDeclarations.isValidIdentifier(identifier) == valid)
    }

    @Test("bundle identifiers, which name files, are ASCII", arguments: [
        ("com.example.with-dash_and_underscore.2", true),
        ("org.vim.pch++-file", false),
        ("jp.example.文書", false),
        ("org.hostile\u{9B}31m\u{202E}evil", false),
        ("com.example/slash", false),
        ("..", false),
    ])
    func bundleIdentifierValidity(_ identifier: String, _ valid: Bool) {
        #expect(HandlerManifest.isValidIdentifier(identifier) == valid)
    }
}
