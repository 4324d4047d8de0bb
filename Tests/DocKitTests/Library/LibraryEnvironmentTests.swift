import Foundation
import Testing
@testable import DocKit

/// A library's environment is the only one its services read: each test
/// gives one whose XDG folders are in a temporary folder, while the
/// process's own (left as it is) points at the user's, so a service that
/// fell back to the process's would look in the wrong place.
@Suite("DocumentLibrary's environment")
struct LibraryEnvironmentTests {
    struct Machine {
        let home: TestHome
        let library: DocumentLibrary

        /// No `trash:` given: the library's is the environment's.
        init() throws {
            home = try TestHome("library-environment")
            let root = home.root
            library = DocumentLibrary(home: home.home, installation: .builtIn, environment: [
                "HOME": root + "/user", "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config",
                "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_DIRS": root + "/none", "XDG_CONFIG_DIRS": root + "/none",
                "PATH": "/usr/bin:/bin",
            ])
        }
    }

    @Test("the Trash is the given XDG_DATA_HOME's, and a cloud package trashed there and revived as a remnant is found lost in it")
    func lostPackageIsLookedUpInTheLibrarysTrash() async throws {
        let machine = try Machine()
        let home = machine.home
        #expect(machine.library.trash == Trash(directory: RawPath(home.root + "/data/Trash")))
        for index in 0..<16 { try home.write("slide \(index)", to: "Deck.key/Data/file\(index).txt", in: .cloud) }
        var cloud = DocumentQuery()
        cloud.locations = [.cloud]
        let deck = try #require(try await machine.library.documents(matching: cloud).first)
        _ = try await machine.library.deleter().delete(deck, permanently: false)
        #expect(FileManager.default.fileExists(atPath: home.root + "/data/Trash/files/Deck.key/Data/file0.txt"))
        #expect(try await machine.library.documents(matching: cloud).isEmpty)
        try home.write("edited elsewhere", to: "Deck.key/Data/file0.txt", in: .cloud)
        let revived = try await machine.library.documents(matching: cloud)
        #expect(revived.map(\.name) == ["Deck.key"])
        #expect(revived.first?.stateList == [.inConflict], "the whole package is in the library's Trash, so the remnant is a loss")
    }

    @Test("installed apps come from the given XDG_DATA_HOME and their default from its XDG_CONFIG_HOME's mimeapps.list")
    func handlersReadTheGivenFolders() throws {
        let machine = try Machine()
        let home = machine.home
        for name in ["first", "second"] {
            try home.directory.write(DesktopApplicationsTests.entry("text/plain;"), to: "data/applications/\(name).desktop")
        }
        try home.directory.write("[Default Applications]\ntext/plain=second.desktop;\n", to: "config/mimeapps.list")
        let handlers = machine.library.handlers()
        #expect(handlers.handlers.filter { $0.form == .desktopEntry }.map(\.identifier) == ["first", "second"])
        let registry = try machine.library.typeRegistry().registry
        #expect(try handlers.preferredHandler(forType: "public.plain-text", document: "Notes.txt", registry: registry).handler.identifier == "second")
    }
}
