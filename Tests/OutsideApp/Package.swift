// swift-tools-version: 6.2

// An app built on DocKit outside the repository, as an app developer
// builds one: OutsideAppTests copies the checkout to DOCKIT_CHECKOUT (a
// folder named docbrowser), builds this package against it, moves the copy
// away, and runs the app installed as PREFIX/bin/outside-app beside
// PREFIX/libexec/docbrowser/docbrowser-archiver.

import PackageDescription

let package = Package(
    name: "OutsideApp",
    dependencies: [
        .package(path: Context.environment["DOCKIT_CHECKOUT"] ?? "../../../docbrowser"),
    ],
    targets: [
        .executableTarget(
            name: "outside-app",
            dependencies: [.product(name: "DocKit", package: "docbrowser")],
            path: "Sources/outside-app"
        ),
    ]
)
