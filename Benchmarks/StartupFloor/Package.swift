// swift-tools-version: 6.2

import PackageDescription

// The least a Swift command line can cost on this machine: `make bench`
// times it beside `docbrowser types lookup --ext pdf` and `gio info`, so
// that the short commands' rows show how much of their time is the
// runtime's and argument-parser's, which every Swift command pays, and
// how much is docbrowser's own. `startup-floor-linked` is the same program
// linked with DocKit, unused: Swift's runtime looks conformances up by
// scanning every record the binary holds, and the loader relocates every
// pointer, so what a command links costs it before it does anything.
let package = Package(
    name: "StartupFloor",
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(name: "docbrowser", path: "../.."),
    ],
    targets: [
        .target(
            name: "StartupFloorCommands",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        .executableTarget(
            name: "startup-floor",
            dependencies: ["StartupFloorCommands"],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        .executableTarget(
            name: "startup-floor-linked",
            dependencies: ["StartupFloorCommands", .product(name: "DocKit", package: "docbrowser")],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
    ]
)
