import Foundation
import Subprocess
import Testing
@testable import DocKit

@Suite("Home")
struct HomeTests {
    static let full: [String: String] = [
        "DOCBROWSER_HOME": "/env/docbrowser-home",
        "XDG_DATA_HOME": "/xdg/data",
        "HOME": "/users/someone",
    ]

    static func resolvedPath(explicit: String?, _ environment: [String: String]) -> String {
        Home.resolve(explicit: explicit, environment: environment).url.path
    }

    @Test("--home beats every variable")
    func explicitWins() {
        #expect(Self.resolvedPath(explicit: "/explicit/home", Self.full) == "/explicit/home")
    }

    @Test("$DOCBROWSER_HOME beats XDG_DATA_HOME and HOME")
    func docbrowserHomeNext() {
        #expect(Self.resolvedPath(explicit: nil, Self.full) == "/env/docbrowser-home")
    }

    @Test("$XDG_DATA_HOME/docbrowser beats HOME")
    func xdgDataHomeNext() {
        var environment = Self.full
        environment["DOCBROWSER_HOME"] = nil
        #expect(Self.resolvedPath(explicit: nil, environment) == "/xdg/data/docbrowser")
    }

    @Test("last, $HOME/.local/share/docbrowser")
    func homeLast() {
        #expect(Self.resolvedPath(explicit: nil, ["HOME": "/users/someone"]) == "/users/someone/.local/share/docbrowser")
    }

    @Test("empty values count as unset, at every step")
    func emptyCountsAsUnset() {
        let environment = ["DOCBROWSER_HOME": "", "XDG_DATA_HOME": "", "HOME": "/users/someone"]
        #expect(Self.resolvedPath(explicit: "", environment) == "/users/someone/.local/share/docbrowser")
        #expect(Self.resolvedPath(explicit: "", ["DOCBROWSER_HOME": "", "XDG_DATA_HOME": "/xdg", "HOME": "/h"]) == "/xdg/docbrowser")
        #expect(Self.resolvedPath(explicit: "", ["DOCBROWSER_HOME": "/d", "HOME": "/h"]) == "/d")
    }

    @Test("paths are standardized")
    func standardized() {
        #expect(Self.resolvedPath(explicit: "/a/b/../c/./d/", [:]) == "/a/c/d")
        #expect(Self.resolvedPath(explicit: nil, ["XDG_DATA_HOME": "/x//y/"]) == "/x/y/docbrowser")
    }

    @Test("the home's own files are under it")
    func layout() {
        let home = Home(url: URL(fileURLWithPath: "/h", isDirectory: true))
        #expect(home.libraryDirectory.path == "/h/Library")
        #expect(home.typeRegistryDatabase.path == "/h/Library/types.sqlite")
        #expect(home.handlersDirectory.path == "/h/Handlers")
    }

    @Test("~ is the environment's HOME, else the account's from the password database, never the process's HOME")
    func tildeAndNoHome() async throws {
        #expect(Self.resolvedPath(explicit: "~/notes", ["HOME": "/users/someone"]) == "/users/someone/notes")
        #expect(Self.resolvedPath(explicit: "~", ["HOME": "/users/someone"]) == "/users/someone")
        // getent reads the same database in another process: the process's HOME plays no part.
        let entry = try await Subprocess.run(.name("getent"), arguments: ["passwd", String(getuid())], output: .string(limit: 4096))
        let account = try #require(entry.standardOutput.split(separator: ":", omittingEmptySubsequences: false).dropFirst(5).first.map(String.init))
        #expect(AccountHome.ofAccount == account)
        #expect(Self.resolvedPath(explicit: nil, [:]) == account + "/.local/share/docbrowser")
        #expect(Trash.home(environment: [:]).directory == RawPath(account + "/.local/share/Trash"))
        #expect(XDGBaseDirectories(environment: [:]).configHome.path == account + "/.config")
    }
}
