// swift-tools-version: 6.2

import PackageDescription

// The least a Swift command line can cost on this machine: `make bench`
// times it beside `docbrowser types lookup --ext pdf` and `gio info`, so
// that the short commands' rows show how much of their time is the
// runtime's and argument-parser's, which every Swift command pays, and
// how much is docbrowser's own.
let package = Package(
    name: "StartupFloor",
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "startup-floor",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
    ]
)
