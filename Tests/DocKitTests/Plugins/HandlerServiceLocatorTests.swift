import Foundation
import Testing
@testable import DocKit

@Suite("Finding plugins through DBServices")
struct HandlerServiceLocatorTests {
    static let types = TypeFixtures.registry([
        TypeFixtures.declaration("public.zip-archive", conformsTo: ["public.data", "public.archive"], extensions: ["zip"]),
    ])

    static func handler(_ identifier: String, _ services: [HandlerService]) -> HandlerManifest {
        HandlerManifest(
            identifier: identifier, name: nil, form: .manifest,
            manifestURL: URL(fileURLWithPath: "/h/\(identifier).json"), bundleURL: nil,
            declaredExecutable: nil, executable: nil, documentTypes: [], exportedTypes: [], services: services
        )
    }

    static func service(_ kind: HandlerService.Kind, _ types: [String], by identifier: String, executable: String? = "/bin/true") -> HandlerService {
        HandlerService(kind: kind, types: types, executable: executable.map { URL(fileURLWithPath: $0) }, arguments: ["--from", identifier],
                       timeLimit: .seconds(7), handlerIdentifier: identifier)
    }

    /// A directory with an executable `docbrowser-archiver`, as an install has.
    static func bundled() throws -> BundledArchiverLocator {
        let directory = FileManager.default.temporaryDirectory.appending(path: "locator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let archiver = directory.appending(path: BundledArchiverLocator.executableName)
        #expect(FileManager.default.createFile(atPath: archiver.path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        return BundledArchiverLocator(directory: directory)
    }

    @Test func theBundledArchiverIsFoundBesideTheLauncherWithItsManifestsArguments() throws {
        let bundled = try Self.bundled()
        let archiver = Self.handler(BundledArchiverLocator.identifier, [Self.service(.import, ["public.archive"], by: BundledArchiverLocator.identifier, executable: nil)])
        let locator = HandlerServiceLocator(handlers: HandlerRegistry(handlers: [archiver]), types: Self.types, bundled: bundled)
        let found = try locator.service(.import, for: "public.zip-archive")
        #expect(found.executable.path == bundled.searchPath.places[0].directory.appending(path: "docbrowser-archiver").path)
        #expect(found.leadingArguments == ["--from", BundledArchiverLocator.identifier])
        #expect(found.timeLimit == .seconds(7))
    }

    @Test func aRegisteredPluginComesBeforeTheBundledArchiver() throws {
        let archiver = Self.handler(BundledArchiverLocator.identifier, [Self.service(.export, ["public.zip-archive"], by: BundledArchiverLocator.identifier, executable: nil)])
        let mine = Self.handler("org.example.zipper", [Self.service(.export, ["public.zip-archive"], by: "org.example.zipper")])
        let locator = HandlerServiceLocator(handlers: HandlerRegistry(handlers: [archiver, mine]), types: Self.types, bundled: try Self.bundled())
        #expect(try locator.service(.export, for: "public.zip-archive").identifier == "org.example.zipper")
        #expect(locator.services(.export, for: "public.zip-archive").map(\.identifier) == ["org.example.zipper", BundledArchiverLocator.identifier])
    }

    @Test func noServiceAndAnUnrunnableOneAreToldApart() throws {
        let broken = Self.handler("org.example.broken", [Self.service(.preview, ["public.zip-archive"], by: "org.example.broken", executable: nil)])
        let locator = HandlerServiceLocator(handlers: HandlerRegistry(handlers: [broken]), types: Self.types, bundled: try Self.bundled())
        #expect(throws: DocKitError(PluginServiceError.noService(kind: .import, type: "public.zip-archive"))) {
            try locator.service(.import, for: "public.zip-archive")
        }
        let error = try #require(throws: DocKitError.self) { try locator.service(.preview, for: "public.zip-archive") }
        #expect(error.failure(as: PluginError.self)?.plugin == "org.example.broken")
        #expect(locator.services(.preview, for: "public.zip-archive").isEmpty)
    }
}
