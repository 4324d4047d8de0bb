import Foundation
import Testing
@testable import DocKit

@Suite("TypeRegistryStore")
struct TypeRegistryStoreTests {
    typealias F = TypeFixtures

    /// An Info.plist-style file exporting `declarations`, as the system
    /// directory holds them.
    static func plist(_ declarations: [TypeDeclaration]) throws -> Data {
        let entries: [[String: Any]] = declarations.map { declaration in
            var entry: [String: Any] = ["UTTypeIdentifier": declaration.identifier, "UTTypeConformsTo": declaration.conformsTo]
            if let description = declaration.description { entry["UTTypeDescription"] = description }
            var tags: [String: Any] = [:]
            for tagClass in TypeTagClass.allCases where !declaration.tags(tagClass).isEmpty {
                tags[tagClass.rawValue] = declaration.tags(tagClass)
            }
            if !tags.isEmpty { entry["UTTypeTagSpecification"] = tags }
            return entry
        }
        return try PropertyListFixtures.data(["UTExportedTypeDeclarations": entries], as: .xml)
    }

    /// A temporary directory holding `types/base.plist` (the core graph)
    /// and `types/extra.plist` (one type, `com.example.extra`, tagged `xtra`).
    static func fixture() throws -> (tmp: TemporaryDirectory, types: URL, database: URL) {
        let tmp = try TemporaryDirectory("store")
        let types = try tmp.directory("types")
        try tmp.write(try Self.plist(F.base()), to: "types/base.plist")
        try tmp.write(try Self.plist([F.declaration("com.example.extra", conformsTo: ["public.data"], extensions: ["xtra"], description: "Extra")]), to: "types/extra.plist")
        return (tmp, types, tmp.url("db/types.sqlite"))
    }

    static func store(_ database: URL, _ types: URL) throws -> TypeRegistryStore {
        try TypeRegistryStore(databaseURL: database, sources: TypeSources(systemDirectories: [types]))
    }

    static func touch(_ url: URL, secondsAhead: TimeInterval = 3600) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: secondsAhead)], ofItemAtPath: url.path)
    }

    // MARK: Build once, then read back

    @Test("the first snapshot builds the registry; a second store reads the same registry back")
    func firstUseThenReload() throws {
        let tmp = try TemporaryDirectory("reload")
        let database = tmp.url("types.sqlite")
        let sources = TypeSources(systemDirectories: [SystemTypes.directory])

        let first = try TypeRegistryStore(databaseURL: database, sources: sources).snapshot()
        let rebuild = try #require(first.rebuild)
        #expect(rebuild.reason == "first use")
        #expect(rebuild.typeCount == first.registry.count)
        #expect(rebuild.typeCount >= 150)
        #expect(rebuild.sourceFileCount == SystemTypes.files.count)
        #expect(first.problems.isEmpty)
        #expect(FileManager.default.fileExists(atPath: database.path))

        let second = try TypeRegistryStore(databaseURL: database, sources: sources).snapshot()
        #expect(second.rebuild == nil)
        #expect(second.problems.isEmpty)
        let (built, loaded) = (first.registry, second.registry)
        #expect(loaded.count == built.count)
        #expect(loaded.allTypes == built.allTypes)
        #expect(Set(loaded.claims) == Set(built.claims))
        #expect(loaded.allTypes == SystemTypes.registry.allTypes)

        for name in ["a.tar.gz", "x.pdf", "IMG.JPG", "Letter.pages", "notes.zqzq", "Makefile"] {
            #expect(loaded.type(forFileName: name, isDirectory: false) == built.type(forFileName: name, isDirectory: false), "\(name)")
            #expect(loaded.type(forFileName: name, isDirectory: true) == built.type(forFileName: name, isDirectory: true), "\(name)/")
        }
        #expect(loaded.type(forFileName: "a.tar.gz", isDirectory: false).identifier == "org.gnu.gnu-zip-tar-archive")
        #expect(loaded.isPackage(loaded.type(forFileName: "Letter.pages", isDirectory: true).identifier))
        #expect(loaded.conformanceChain(of: "com.adobe.pdf") == built.conformanceChain(of: "com.adobe.pdf"))
        #expect(loaded.conforms("public.png", to: "public.image"))
        #expect(!loaded.conforms("public.png", to: "public.text"))
        #expect(loaded.preferredType(withTag: "application/pdf", tagClass: .mimeType).identifier == "com.adobe.pdf")
        #expect(loaded.types(withTag: "pages", tagClass: .filenameExtension).map(\.identifier) == built.types(withTag: "pages", tagClass: .filenameExtension).map(\.identifier))
    }

    @Test("the same store does not rebuild twice")
    func noRebuildWithoutChange() throws {
        let (tmp, types, database) = try Self.fixture()
        let store = try Self.store(database, types)
        #expect(try store.snapshot().rebuild?.reason == "first use")
        let again = try store.snapshot()
        #expect(again.rebuild == nil)
        #expect(again.registry.type(withIdentifier: "com.example.extra")?.description == "Extra")
        #expect(FileManager.default.fileExists(atPath: tmp.url("types/extra.plist").path))
    }

    @Test("a declared package survives the round trip")
    func packageSurvives() throws {
        let (tmp, types, database) = try Self.fixture()
        try tmp.write(try Self.plist([F.declaration("com.example.bundle", conformsTo: ["public.directory"], extensions: ["exb"], isDeclaredPackage: true)]), to: "types/bundle.plist")
        // The plist helper cannot say LSTypeIsPackage; a document type entry can.
        let mark: [String: Any] = ["CFBundleDocumentTypes": [["LSItemContentTypes": ["com.example.bundle"], "LSTypeIsPackage": true] as [String: Any]]]
        try tmp.write(try PropertyListFixtures.data(mark, as: .binary), to: "types/mark.plist")
        _ = try Self.store(database, types).snapshot()
        let loaded = try Self.store(database, types).snapshot()
        #expect(loaded.rebuild == nil)
        #expect(loaded.registry.type(withIdentifier: "com.example.bundle")?.isDeclaredPackage == true)
        #expect(loaded.registry.type(forFileName: "X.exb", isDirectory: true).identifier == "com.example.bundle")
        #expect(loaded.registry.isPackage("com.example.bundle"))
    }

    // MARK: Rebuilds

    @Test("touching a source file triggers a rebuild")
    func touchRebuilds() throws {
        let (tmp, types, database) = try Self.fixture()
        _ = try Self.store(database, types).snapshot()
        try Self.touch(tmp.url("types/extra.plist"))
        let after = try Self.store(database, types).snapshot()
        #expect(after.rebuild?.reason == "a source changed")
        #expect(after.registry.type(withIdentifier: "com.example.extra") != nil)
        #expect(try Self.store(database, types).snapshot().rebuild == nil)
    }

    @Test("modifying a source file triggers a rebuild that sees the change")
    func modifyRebuilds() throws {
        let (tmp, types, database) = try Self.fixture()
        let store = try Self.store(database, types)
        #expect(try store.snapshot().registry.type(forFileName: "a.xtra", isDirectory: false).identifier == "com.example.extra")
        try tmp.write(try Self.plist([F.declaration("com.example.extra", conformsTo: ["public.plain-text"], extensions: ["xtra2"], description: "Extra, revised")]), to: "types/extra.plist")
        let after = try store.snapshot()
        #expect(after.rebuild?.reason == "a source changed")
        #expect(after.registry.type(withIdentifier: "com.example.extra")?.description == "Extra, revised")
        #expect(after.registry.type(forFileName: "a.xtra2", isDirectory: false).identifier == "com.example.extra")
        #expect(after.registry.type(forFileName: "a.xtra", isDirectory: false).isDynamic)
        #expect(after.registry.conforms("com.example.extra", to: "public.text"))
    }

    @Test("adding a source file triggers a rebuild")
    func addRebuilds() throws {
        let (tmp, types, database) = try Self.fixture()
        let before = try Self.store(database, types).snapshot()
        #expect(before.rebuild?.sourceFileCount == 2)
        try tmp.write(try Self.plist([F.declaration("com.example.added", conformsTo: ["public.data"], extensions: ["addd"])]), to: "types/added.plist")
        let after = try Self.store(database, types).snapshot()
        #expect(after.rebuild?.reason == "a source changed")
        #expect(after.rebuild?.sourceFileCount == 3)
        #expect(after.registry.type(forFileName: "x.addd", isDirectory: false).identifier == "com.example.added")
    }

    @Test("adding a JSON source file triggers a rebuild")
    func addJSONRebuilds() throws {
        let (tmp, types, database) = try Self.fixture()
        _ = try Self.store(database, types).snapshot()
        let json: [String: Any] = ["UTExportedTypeDeclarations": [["UTTypeIdentifier": "com.example.json-declared", "UTTypeConformsTo": "public.data"]]]
        try tmp.write(try PropertyListFixtures.data(json, as: .json), to: "types/more.json")
        let after = try Self.store(database, types).snapshot()
        #expect(after.rebuild?.reason == "a source changed")
        #expect(after.registry.type(withIdentifier: "com.example.json-declared")?.source == .system)
    }

    @Test("removing a source file triggers a rebuild")
    func removeRebuilds() throws {
        let (tmp, types, database) = try Self.fixture()
        #expect(try Self.store(database, types).snapshot().registry.type(withIdentifier: "com.example.extra") != nil)
        try FileManager.default.removeItem(at: tmp.url("types/extra.plist"))
        let after = try Self.store(database, types).snapshot()
        #expect(after.rebuild?.reason == "a source changed")
        #expect(after.rebuild?.sourceFileCount == 1)
        #expect(after.registry.type(withIdentifier: "com.example.extra") == nil)
        #expect(after.registry.type(forFileName: "a.xtra", isDirectory: false).isDynamic)
    }

    @Test("files that are not sources do not count", arguments: ["README.txt", ".hidden.plist", "notes.plist~"])
    func nonSourcesIgnored(_ name: String) throws {
        let (tmp, types, database) = try Self.fixture()
        _ = try Self.store(database, types).snapshot()
        try tmp.write("not a plist", to: "types/\(name)")
        let after = try Self.store(database, types).snapshot()
        #expect(after.rebuild == nil)
        #expect(after.problems.isEmpty)
    }

    @Test("forceRebuild rebuilds even when nothing changed")
    func forceRebuild() throws {
        let (tmp, types, database) = try Self.fixture()
        let store = try Self.store(database, types)
        _ = try store.snapshot()
        let forced = try store.snapshot(forceRebuild: true)
        #expect(forced.rebuild?.reason == "requested")
        #expect(forced.rebuild?.typeCount == F.base().count + 1)
        #expect(forced.registry.type(withIdentifier: "com.example.extra") != nil)
        #expect(try store.snapshot().rebuild == nil)
        #expect(FileManager.default.fileExists(atPath: tmp.url("types/base.plist").path))
    }

    // MARK: The index

    @Test("later stores answer from the index, whose digest is the database's")
    func indexAnswers() throws {
        let (tmp, types, database) = try Self.fixture()
        let index = tmp.url("db/types.index")
        let built = try Self.store(database, types).snapshot()
        #expect(built.rebuild != nil)
        #expect(TypeRegistryIndex(path: index.path) != nil)
        let mapped = try Self.store(database, types).snapshot()
        #expect(mapped.rebuild == nil)
        #expect(mapped.registry.backing is TypeRegistryIndex)
        #expect(mapped.registry.type(withIdentifier: "com.example.extra")?.description == "Extra")

        try FileManager.default.removeItem(at: index)
        let stored = try Self.store(database, types).snapshot()
        #expect(stored.rebuild == nil)
        #expect(stored.registry.backing is TypeRegistryDictionaries)
        #expect(stored.registry.digest == mapped.registry.digest)
        #expect(stored.registry.allTypes == mapped.registry.allTypes)
        #expect(TypeRegistryIndex(path: index.path)?.digest == stored.registry.digest)
    }

    @Test("a damaged index is ignored and written again from the database", arguments: [0, 1, 100, 4_096])
    func damagedIndexRewritten(keeping length: Int) throws {
        let (tmp, types, database) = try Self.fixture()
        let index = tmp.url("db/types.index")
        _ = try Self.store(database, types).snapshot()
        let whole = try Data(contentsOf: index)
        try Data(whole.prefix(length)).write(to: index)
        let snapshot = try Self.store(database, types).snapshot()
        #expect(snapshot.rebuild == nil)
        #expect(snapshot.registry.type(forFileName: "a.xtra", isDirectory: false).identifier == "com.example.extra")
        #expect(try Data(contentsOf: index) == whole)
        #expect(try Self.store(database, types).snapshot().registry.backing is TypeRegistryIndex)
    }

    @Test("an index built under other merge rules is ignored")
    func otherRulesIgnored() throws {
        let (tmp, types, database) = try Self.fixture()
        let index = tmp.url("db/types.index")
        _ = try Self.store(database, types).snapshot()
        let sources = TypeSources(systemDirectories: [types]).files()
        let empty = TypeRegistryIndexWriter.index(of: TypeRegistry(types: [], claims: []), sources: sources, problems: [], rules: "v0: older rules")
        try Data(empty).write(to: index)
        let snapshot = try Self.store(database, types).snapshot()
        #expect(snapshot.rebuild == nil)
        #expect(snapshot.registry.type(withIdentifier: "com.example.extra") != nil)
        #expect(TypeRegistryIndex(path: index.path)?.count == snapshot.registry.count)
    }

    // MARK: Problems

    /// A store whose handler manifests are the files of `manifests`; a
    /// malformed system file is an error, not a problem (SystemTypesAtOpenTests).
    static func store(_ database: URL, _ types: URL, manifests: URL) throws -> TypeRegistryStore {
        let files = try FileManager.default.contentsOfDirectory(atPath: manifests.path).sorted().map { manifests.appending(path: $0) }
        return try TypeRegistryStore(databaseURL: database, sources: TypeSources(systemDirectories: [types], handlerManifests: files))
    }

    @Test("a malformed manifest is reported and the others still load; the problems persist")
    func malformedFileReported() throws {
        let (tmp, types, database) = try Self.fixture()
        let manifests = try tmp.directory("manifests")
        let notPlist = try tmp.write("this is not a property list\u{1}", to: "manifests/broken.plist")
        let notDictionary = try tmp.write(try PropertyListFixtures.data([["UTTypeIdentifier": "com.example.in-an-array"]], as: .json), to: "manifests/array.json")
        // A declaration without an identifier is left out of a file that
        // still counts: a warning at registration, not a problem here.
        _ = try tmp.write(try PropertyListFixtures.data(["UTExportedTypeDeclarations": [["UTTypeDescription": "anonymous"], ["UTTypeIdentifier": "com.example.beside-it"]]], as: .json), to: "manifests/bad.json")

        let first = try Self.store(database, types, manifests: manifests).snapshot()
        #expect(first.rebuild != nil)
        #expect(Set(first.problems.map(\.malformedFile.path)) == [notPlist.path, notDictionary.path])
        #expect(first.registry.type(withIdentifier: "com.example.beside-it") != nil)
        #expect(first.registry.type(withIdentifier: "com.example.extra") != nil)
        #expect(first.registry.type(forFileName: "a.png", isDirectory: false).identifier == "public.png")

        let second = try Self.store(database, types, manifests: manifests).snapshot()
        #expect(second.rebuild == nil)
        #expect(Set(second.problems) == Set(first.problems))
        #expect(Set(second.problems.map(\.description)) == Set(first.problems.map(\.description)))
        #expect(second.registry.type(withIdentifier: "com.example.extra") != nil)
    }

    @Test("fixing a malformed manifest clears its problem")
    func problemCleared() throws {
        let (tmp, types, database) = try Self.fixture()
        let manifests = try tmp.directory("manifests")
        let broken = try tmp.write("{ nope", to: "manifests/broken.json")
        #expect(try Self.store(database, types, manifests: manifests).snapshot().problems.map(\.malformedFile.path) == [broken.path])
        try tmp.write(try PropertyListFixtures.data(["UTExportedTypeDeclarations": [["UTTypeIdentifier": "com.example.fixed"]]], as: .json), to: "manifests/broken.json")
        let fixed = try Self.store(database, types, manifests: manifests).snapshot()
        #expect(fixed.rebuild != nil)
        #expect(fixed.problems.isEmpty)
        #expect(fixed.registry.type(withIdentifier: "com.example.fixed") != nil)
        #expect(try Self.store(database, types, manifests: manifests).snapshot().problems.isEmpty)
    }

    // MARK: Other sources

    @Test("handler manifests and shared-mime-info directories are sources too")
    func allSourceKinds() throws {
        let (tmp, types, database) = try Self.fixture()
        let manifest = try tmp.write(try PropertyListFixtures.data([
            "CFBundleIdentifier": "com.example.handler",
            "UTExportedTypeDeclarations": [["UTTypeIdentifier": "com.example.handled", "UTTypeConformsTo": "public.data", "UTTypeTagSpecification": ["public.filename-extension": "hndl"]] as [String: Any]],
        ], as: .binary), to: "Example.handler/Info.plist")
        let mime = try tmp.directory("mime/packages")
        try tmp.write("""
        <?xml version="1.0"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="application/x-smi-only"><comment>Only here</comment><glob pattern="*.smio"/></mime-type>
        </mime-info>
        """, to: "mime/packages/test.xml")
        let sources = TypeSources(systemDirectories: [types], handlerManifests: [manifest], sharedMimeInfoDirectories: [mime])
        #expect(sources.files().map(\.kind) == [.system, .system, .handlerManifest, .sharedMimeInfo])

        let snapshot = try TypeRegistryStore(databaseURL: database, sources: sources).snapshot()
        #expect(snapshot.rebuild?.sourceFileCount == 4)
        #expect(snapshot.registry.type(forFileName: "x.hndl", isDirectory: false).identifier == "com.example.handled")
        #expect(snapshot.registry.type(withIdentifier: "com.example.handled")?.source == .exported)
        #expect(snapshot.registry.type(forFileName: "x.smio", isDirectory: false).identifier == "org.freedesktop.mime.application.x-smi-only")

        let reloaded = try TypeRegistryStore(databaseURL: database, sources: sources).snapshot()
        #expect(reloaded.rebuild == nil)
        #expect(reloaded.registry.allTypes == snapshot.registry.allTypes)
    }

    @Test("shared-mime-info directories follow the XDG base directories")
    func sharedMimeInfoDirectories() {
        let explicit = TypeSources.sharedMimeInfoDirectories(environment: ["XDG_DATA_HOME": "/data/home", "XDG_DATA_DIRS": "/a:/b/share", "HOME": "/home/u"])
        #expect(explicit.map(\.path) == ["/data/home/mime/packages", "/a/mime/packages", "/b/share/mime/packages"])
        let defaults = TypeSources.sharedMimeInfoDirectories(environment: ["HOME": "/home/u"])
        #expect(defaults.map(\.path) == ["/home/u/.local/share/mime/packages", "/usr/local/share/mime/packages", "/usr/share/mime/packages"])
    }

    @Test("a database that cannot be created is an error naming it")
    func unusableDatabase() throws {
        let tmp = try TemporaryDirectory("baddb")
        try tmp.write("a file, not a directory", to: "blocker")
        let database = tmp.url("blocker/types.sqlite")
        let error = try #require(throws: DocKitError.self) {
            try TypeRegistryStore(databaseURL: database, sources: TypeSources(systemDirectories: []))
        }
        #expect(error.description.hasPrefix(database.path + ": "))
    }

    // MARK: Concurrency

    @Test("two stores used from several tasks on a new database all succeed and agree")
    func concurrentStores() async throws {
        let tmp = try TemporaryDirectory("concurrent")
        let database = tmp.url("shared/types.sqlite")
        let sources = TypeSources(systemDirectories: [SystemTypes.directory])
        async let firstStore = try TypeRegistryStore(databaseURL: database, sources: sources)
        async let secondStore = try TypeRegistryStore(databaseURL: database, sources: sources)
        let stores = try await [firstStore, secondStore]

        let results = try await withThrowingTaskGroup(of: (rebuilt: Bool, types: [UTType], pdf: String).self) { group in
            for index in 0..<8 {
                let store = stores[index % 2]
                group.addTask {
                    let snapshot = try store.snapshot()
                    return (snapshot.rebuild != nil, snapshot.registry.allTypes, snapshot.registry.type(forFileName: "a.pdf", isDirectory: false).identifier)
                }
            }
            var results: [(rebuilt: Bool, types: [UTType], pdf: String)] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 8)
        #expect(results.filter { $0.rebuilt }.count == 1)
        #expect(results.allSatisfy { $0.types == SystemTypes.registry.allTypes })
        #expect(results.allSatisfy { $0.pdf == "com.adobe.pdf" })
        #expect(try stores[0].snapshot().rebuild == nil)
        #expect(FileManager.default.fileExists(atPath: tmp.url("shared").path))
    }
}
