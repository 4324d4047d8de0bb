import Foundation
@testable import DocKit

/// Small hand-made declarations, so that registry rules can be tested on a
/// graph whose every edge the test can see.
enum TypeFixtures {
    static func declaration(
        _ identifier: String,
        conformsTo: [String] = [],
        extensions: [String] = [],
        mimeTypes: [String] = [],
        description: String? = nil,
        iconName: String? = nil,
        source: TypeDeclarationSource = .system,
        isDeclaredPackage: Bool = false
    ) -> TypeDeclaration {
        TypeDeclaration(
            identifier: identifier,
            description: description,
            conformsTo: conformsTo,
            tags: extensions.map { TypeDeclaration.Tag(.filenameExtension, $0) } + mimeTypes.map { TypeDeclaration.Tag(.mimeType, $0) },
            iconName: iconName,
            source: source,
            isDeclaredPackage: isDeclaredPackage
        )
    }

    /// The skeleton of Apple's graph that DocKit's own rules rely on.
    static func base(source: TypeDeclarationSource = .system) -> [TypeDeclaration] {
        [
            declaration("public.item", source: source),
            declaration("public.content", source: source),
            declaration("public.composite-content", conformsTo: ["public.content"], source: source),
            declaration("public.data", conformsTo: ["public.item"], source: source),
            declaration("public.directory", conformsTo: ["public.item"], source: source),
            declaration("public.folder", conformsTo: ["public.directory"], source: source),
            declaration("com.apple.package", conformsTo: ["public.directory"], source: source),
            declaration("public.symlink", conformsTo: ["public.item"], source: source),
            declaration("public.text", conformsTo: ["public.data", "public.content"], source: source),
            declaration("public.plain-text", conformsTo: ["public.text"], extensions: ["txt", "text"], mimeTypes: ["text/plain"], source: source),
            declaration("public.image", conformsTo: ["public.data", "public.content"], source: source),
            declaration("public.audio", conformsTo: ["public.data", "public.content"], source: source),
            declaration("public.movie", conformsTo: ["public.data", "public.content"], source: source),
            declaration("public.png", conformsTo: ["public.image"], extensions: ["png"], mimeTypes: ["image/png"], source: source),
            declaration("com.adobe.pdf", conformsTo: ["public.data", "public.composite-content"], extensions: ["pdf"], mimeTypes: ["application/pdf"], description: "PDF document", source: source),
            declaration("public.c-source", conformsTo: ["public.plain-text"], extensions: ["c"], mimeTypes: ["text/x-csrc"], source: source),
            declaration("public.archive", source: source),
            declaration("org.gnu.gnu-zip-archive", conformsTo: ["public.data", "public.archive"], extensions: ["gz", "gzip"], mimeTypes: ["application/gzip"], source: source),
            declaration("org.gnu.gnu-zip-tar-archive", conformsTo: ["org.gnu.gnu-zip-archive"], extensions: ["tgz", "tar.gz"], source: source),
            declaration("com.apple.rtfd", conformsTo: ["com.apple.package", "public.composite-content"], extensions: ["rtfd"], source: source),
        ]
    }

    static func registry(_ extra: [TypeDeclaration] = [], sharedMimeInfo: [SharedMimeInfoDeclarations.MIMEType] = []) -> TypeRegistry {
        TypeDeclarationMerger.merge(base() + extra, sharedMimeInfo: sharedMimeInfo)
    }

    /// A `<mime-type>` as the loader gives it; `globs` are patterns with
    /// their weights, of which only the `*.ext` ones become extensions.
    static func mimeType(
        _ name: String,
        comment: String? = nil,
        aliases: [String] = [],
        subClassOf: [String] = [],
        globs: [(String, Int)] = [],
        genericIcon: String? = nil
    ) -> SharedMimeInfoDeclarations.MIMEType {
        SharedMimeInfoDeclarations.MIMEType(
            name: name,
            comment: comment,
            aliases: aliases,
            subClassOf: subClassOf,
            extensions: globs.compactMap { glob in
                SharedMimeInfoDeclarations.extensionOfGlob(glob.0).map { TypeDeclaration.Tag(.filenameExtension, $0, weight: glob.1) }
            },
            genericIcon: genericIcon
        )
    }
}

/// docbrowser's shipped declarations, `share/docbrowser/types`, found from
/// this file's place in the source tree, and the registry they make.
enum SystemTypes {
    static let directory: URL = {
        // Tests/DocKitTests/Support/TypeFixtures.swift → repository root.
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appending(path: "share/docbrowser/types", directoryHint: .isDirectory)
    }()

    static var files: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".plist") || $0.hasSuffix(".json") }.sorted().map { directory.appending(path: $0) }
    }

    static func declarations() throws -> [TypeDeclaration] {
        var declarations: [TypeDeclaration] = []
        for file in files {
            declarations += try InfoPlistTypeDeclarations.load(from: file, exportedAs: .system)
        }
        return declarations
    }

    /// Built once and shared: a registry is an immutable value.
    static let registry: TypeRegistry = TypeDeclarationMerger.merge((try? declarations()) ?? [])

    static let freedesktopDatabase = "/usr/share/mime/packages/freedesktop.org.xml"
    static var hasFreedesktopDatabase: Bool { FileManager.default.fileExists(atPath: freedesktopDatabase) }

    /// The system declarations merged with the real shared-mime-info
    /// database; only touched by tests enabled when the database exists.
    static let registryWithSharedMimeInfo: TypeRegistry = {
        let mimeTypes = (try? SharedMimeInfoDeclarations.load(from: URL(fileURLWithPath: freedesktopDatabase))) ?? []
        return TypeDeclarationMerger.merge((try? declarations()) ?? [], sharedMimeInfo: mimeTypes)
    }()
}
