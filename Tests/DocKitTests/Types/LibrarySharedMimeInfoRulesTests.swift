import Foundation
import Testing
@testable import DocKit

/// shared-mime-info's compiled globs and magic are those of the library's
/// environment: each library here has its own `XDG_DATA_DIRS`, holding one
/// package, compiled or not, while the process's (left as it is) names the
/// machine's folders, whose rules know nothing of the package's type.
@Suite("A library's shared-mime-info rules are its environment's")
struct LibrarySharedMimeInfoRulesTests {
    static let type = "org.freedesktop.mime.application.x-docbrowser-test"

    /// A type that only the compiled rules name files by: a whole name, a
    /// pattern with a wildcard and a content rule give no extension tag.
    static let package = """
        <?xml version="1.0" encoding="UTF-8"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="application/x-docbrowser-test">
            <comment>docbrowser test rules</comment>
            <glob pattern="dbtest-rules"/>
            <glob pattern="*.dbtest[0-9]"/>
            <magic priority="50"><match type="string" offset="0" value="DBTEST-MAGIC"/></magic>
          </mime-type>
        </mime-info>
        """

    /// A file for each rule, named or filled so that only that rule types it.
    static let files = ["dbtest-rules": "rules\n", "notes.dbtest7": "notes\n", "sample": "DBTEST-MAGIC\n"]

    /// A library in a home of its own whose `XDG_DATA_DIRS` is `dataDirectory`.
    struct Machine {
        let home: TestHome
        let library: DocumentLibrary

        init(dataDirectory: URL) throws {
            home = try TestHome("library-mime-rules")
            let root = home.root
            library = DocumentLibrary(home: home.home, installation: .builtIn, environment: [
                "HOME": root + "/user", "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config",
                "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_DIRS": dataDirectory.path, "XDG_CONFIG_DIRS": root + "/none",
                "PATH": "/usr/bin:/bin",
            ])
            for (name, contents) in LibrarySharedMimeInfoRulesTests.files { try home.write(contents, to: name) }
        }

        /// Each file's type, by `FileTypeIdentifier(registry:)` on the library's registry.
        func identified() throws -> [String: String] {
            let identifier = FileTypeIdentifier(registry: try library.typeRegistry().registry)
            var types: [String: String] = [:]
            for name in LibrarySharedMimeInfoRulesTests.files.keys {
                types[name] = try identifier.identify(home.url(name)).type.identifier
            }
            return types
        }
    }

    /// A data directory holding the package, compiled by
    /// `update-mime-database` when `compiled`.
    static func dataDirectory(in tmp: TemporaryDirectory, _ name: String, compiled: Bool) throws -> URL {
        _ = try tmp.write(package, to: "\(name)/mime/packages/test.xml")
        if compiled { try MIMECacheTests.compile(tmp.url("\(name)/mime")) }
        return tmp.url(name)
    }

    static let byRules = ["dbtest-rules": type, "notes.dbtest7": type, "sample": type]
    static let byTextAlone = ["dbtest-rules": UTType.plainText, "notes.dbtest7": UTType.plainText, "sample": UTType.plainText]

    @Test("names and content are typed by the compiled rules of the library's XDG_DATA_DIRS, and by no other library's")
    func rulesOfTheLibrarysEnvironment() async throws {
        let tmp = try TemporaryDirectory("mime-rules")
        let compiled = try Self.dataDirectory(in: tmp, "compiled", compiled: true)
        let uncompiled = try Self.dataDirectory(in: tmp, "uncompiled", compiled: false)
        let withRules = try Machine(dataDirectory: compiled)
        let withoutRules = try Machine(dataDirectory: uncompiled)

        // Both registries declare the type, from the package; only one
        // library's folders hold the rules compiled from it. Asked in turn,
        // neither library's rules leak into the other's.
        #expect(try withoutRules.identified() == Self.byTextAlone)
        #expect(try withRules.identified() == Self.byRules)
        #expect(try withoutRules.identified() == Self.byTextAlone)
        let registry = try withRules.library.typeRegistry().registry
        #expect(registry.sharedMimeInfoDirectories.map(\.path) == [withRules.home.root + "/data/mime", compiled.path + "/mime"])

        // The library's own catalog types its documents so.
        let documents = try await withRules.library.documents(matching: DocumentQuery())
        #expect(Dictionary(uniqueKeysWithValues: documents.map { ($0.name, $0.type) }) == Self.byRules)
    }

    @Test("the rules are read when a file first needs them, not when the registry is loaded")
    func rulesAreReadWhenNeeded() throws {
        let tmp = try TemporaryDirectory("mime-rules-late")
        let data = try Self.dataDirectory(in: tmp, "data", compiled: false)
        let machine = try Machine(dataDirectory: data)
        let identifier = FileTypeIdentifier(registry: try machine.library.typeRegistry().registry)
        try MIMECacheTests.compile(data.appending(path: "mime"))
        #expect(try identifier.identify(machine.home.url("dbtest-rules")).type.identifier == Self.type)
    }

    @Test("a registry made in code has no shared-mime-info rules")
    func registryMadeInCodeHasNone() throws {
        #expect(SystemTypes.registry.sharedMimeInfoDirectories.isEmpty)
        let identifier = FileTypeIdentifier(registry: SystemTypes.registry)
        #expect(identifier.globs == nil)
        #expect(identifier.magic == nil)
    }
}
