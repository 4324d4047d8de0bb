// swift-tools-version: 6.2

import PackageDescription

let strictSettings: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "docbrowser",
    products: [
        .library(name: "DocKit", targets: ["DocKit"]),
        // What an app's own tests need: temporary homes and a simulated sync engine.
        .library(name: "DocKitTesting", targets: ["DocKitTesting"]),
        .executable(name: "docbrowser", targets: ["docbrowser"]),
        .executable(name: "docbrowser-archiver", targets: ["docbrowser-archiver"]),
        .executable(name: "docbrowser-syncthing", targets: ["docbrowser-syncthing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `docbrowser serve`: the web app's HTTP server and its page templates.
        // Without its default ConfigurationSupport trait: docbrowser reads no
        // swift-configuration, and the release build compiles one package less.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Hummingbird's own: `serve` ends its event streams at shutdown.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
        // The web tests' HTTP client: SwiftNIO's HTTP/1 codec, which
        // Hummingbird serves with. HummingbirdTesting would bring
        // AsyncHTTPClient, HTTP/2 and BoringSSL into every test build.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        // `swift package generate-documentation --target DocKit`: DocKit.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        // The zip writer deflates on every core itself (see ZipStreamWriter).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "CDocShims"),
        .target(
            name: "DocKit",
            dependencies: [
                "CDocShims",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings,
            plugins: ["EmbedSharedData"]
        ),
        // share/docbrowser/types and handlers compiled into DocKit, so that
        // an app built on it needs neither the checkout nor an install.
        .plugin(
            name: "EmbedSharedData",
            capability: .buildTool(),
            dependencies: ["embed-shared-data"],
            path: "BuildTools/EmbedSharedData"
        ),
        .executableTarget(
            name: "embed-shared-data",
            path: "BuildTools/embed-shared-data",
            swiftSettings: strictSettings
        ),
        // Apart from DocKit so that an app links it into its tests only,
        // as HummingbirdTesting is apart from Hummingbird.
        .target(
            name: "DocKitTesting",
            dependencies: ["DocKit"],
            swiftSettings: strictSettings
        ),
        // The reports `--json` prints, shared by the CLI and the web app's
        // API so that both speak docs/JSON.md's vocabulary from one source.
        .target(
            name: "DocBrowserReports",
            dependencies: ["DocKit"],
            swiftSettings: strictSettings
        ),
        // `docbrowser serve`: the web app over DocKit, apart from DocKit so
        // that an app embedding DocKit never links a server.
        .target(
            name: "DocBrowserWeb",
            dependencies: [
                "DocKit",
                "DocBrowserReports",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "docbrowser",
            dependencies: [
                "CDocShims",
                "DocKit",
                "DocBrowserReports",
                "DocBrowserWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "docbrowser-archiver",
            dependencies: [
                "ArchiveChecks",
                "CArchive",
                "CZlib",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Plugins/archiver",
            exclude: ["Checks"],
            swiftSettings: strictSettings
        ),
        // The sync-status adapter for Syncthing (docs/PLUGIN-PROTOCOL.md §10):
        // a process of its own, so that docbrowser makes no network call.
        .executableTarget(
            name: "docbrowser-syncthing",
            dependencies: [
                "CSyncthingHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Plugins/syncthing",
            exclude: ["HTTP"],
            swiftSettings: strictSettings
        ),
        // The adapter's HTTP client: libcurl, as Debian ships it. An HTTP
        // client in Swift (AsyncHTTPClient) took the release build 100 s
        // of a 15-minute CI for a few GETs on loopback; DocKit itself never
        // links an HTTP client.
        .target(
            name: "CSyncthingHTTP",
            path: "Plugins/syncthing/HTTP",
            linkerSettings: [.linkedLibrary("curl")]
        ),
        // What the archiver checks in an archive before it writes, apart
        // from the command so that the fuzzers reach it too.
        .target(
            name: "ArchiveChecks",
            path: "Plugins/archiver/Checks",
            swiftSettings: strictSettings
        ),
        // Readers of outside input under fuzzing; see `make fuzz`.
        .executableTarget(
            name: "docbrowser-fuzz",
            dependencies: [
                "ArchiveChecks",
                "DocKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // To put each input in a catalog file as a row's record.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Fuzz/docbrowser-fuzz",
            swiftSettings: strictSettings
        ),
        // Examples/ScaryBugs: an app built on DocKit alone, as an embedder writes one.
        .target(
            name: "ScaryBugsKit",
            dependencies: ["DocKit"],
            path: "Examples/ScaryBugs/Sources/ScaryBugsKit",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "scarybugs",
            dependencies: [
                "DocKit",
                "ScaryBugsKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/ScaryBugs/Sources/scarybugs",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ScaryBugsTests",
            dependencies: [
                "DocKit",
                "ScaryBugsKit",
                "scarybugs",
                "docbrowser",
                "docbrowser-archiver",
                .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            path: "Examples/ScaryBugs/Tests/ScaryBugsTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DocKitTests",
            dependencies: [
                "DocKit", "CDocShims",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DocKitTestingTests",
            dependencies: ["DocKit", "DocKitTesting"],
            swiftSettings: strictSettings
        ),
        // DocKit.docc's samples, run in order, and the check that every
        // sample in the articles is one of them.
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "DocKit", "DocKitTesting",
                // The tutorial exports and imports a zip through the archiver, found beside the tests.
                "docbrowser-archiver",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DocBrowserWebTests",
            dependencies: [
                "DocKit",
                // Uploads and exports go through the archiver, found beside the tests.
                "docbrowser-archiver",
                "DocBrowserWeb",
                "DocBrowserReports",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "docbrowser",
                "docbrowser-archiver",
                "docbrowser-fuzz",
                "docbrowser-syncthing",
                .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
