import Foundation
import Testing
@testable import DocKit

@Suite("SyncthingIgnores")
struct SyncthingIgnoresTests {
    @Test("a folder Syncthing does not share gets no .stignore")
    func notASyncthingFolder() throws {
        let directory = try TemporaryDirectory("ignores")
        SyncthingIgnores.ensure(in: RawPath(directory.url), owner: "0badc0de")
        #expect(!FileManager.default.fileExists(atPath: directory.url.appending(path: ".stignore").path))
    }

    @Test("the user's lines stay, docbrowser's are added once, even after a last line without a newline")
    func addedOnce() throws {
        let directory = try TemporaryDirectory("ignores")
        #expect(FileManager.default.createFile(atPath: directory.url.appending(path: ".stfolder").path, contents: nil))
        let file = directory.url.appending(path: ".stignore")
        try Data("// mine\n*.bak\n#include more-ignores".utf8).write(to: file)
        SyncthingIgnores.ensure(in: RawPath(directory.url), owner: "0badc0de")
        SyncthingIgnores.ensure(in: RawPath(directory.url), owner: "0badc0de")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == "// mine\n*.bak\n#include more-ignores\n\(SyncthingIgnores.comment)\n(?d).docbrowser-tmp-*\n")
    }
}
