import DocKit
import DocKitTesting
import Foundation
import Testing

/// The samples of GettingStarted.md.
@Suite("Getting started samples")
struct GettingStartedSamplesTests {
    /// The manifest lines an app adds name products this package has, in
    /// a package of the name they give.
    @Test func theInstallationSnippetNamesThisPackagesProducts() throws {
        let snippet = """
            dependencies: [
                // A path dependency: a checkout of docbrowser in ../docbrowser.
                .package(path: "../docbrowser"),
            ],
            targets: [
                .executableTarget(name: "Notes", dependencies: [
                    .product(name: "DocKit", package: "docbrowser"),
                ]),
                .testTarget(name: "NotesTests", dependencies: [
                    "Notes",
                    .product(name: "DocKitTesting", package: "docbrowser"),
                ]),
            ]
            """
        let manifest = try String(contentsOf: DocumentationSamplesTests.repository.appending(path: "Package.swift"), encoding: .utf8)
        #expect(manifest.contains("name: \"docbrowser\","))
        for product in ["DocKit", "DocKitTesting"] {
            #expect(manifest.contains(".library(name: \"\(product)\", targets: [\"\(product)\"])"))
            #expect(snippet.contains(".product(name: \"\(product)\", package: \"docbrowser\")"))
        }
    }

    @Test func anAppSharingDocbrowsersHomeOpensItsHomeAndTrash() {
        let environment = ProcessInfo.processInfo.environment
        let library = DocumentLibrary(
            home: Home.resolve(explicit: nil, environment: environment),
            trash: Trash.home(environment: environment),
            environment: environment
        )
        #expect(library.home == Home.resolve(explicit: nil, environment: environment))
        #expect(library.trash == Trash.home(environment: environment))
        #expect(library.environment == environment)
    }

    @Test func listingAndRecovery() async throws {
        let home = try TemporaryHome()
        try home.write("Buy milk", to: "Notes.txt")
        let library = home.library
        var logged: [String] = []
        func log(_ line: String) { logged.append(line) }

        let documents = try await library.documents()
        for document in documents {
            print(document.qualifiedName, document.type, document.states)
        }

        let catalog = try library.catalog()
        for report in library.recoveredOperations {
            log(report.description)   // an interrupted move, finished or undone
        }
        let notes = try await catalog.resolve("local:Notes.txt")

        #expect(documents.map(\.qualifiedName) == ["local:Notes.txt"])
        #expect(logged.isEmpty)
        #expect(notes.type == "public.plain-text")
    }
}
