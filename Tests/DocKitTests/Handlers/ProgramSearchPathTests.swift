import Foundation
import Testing
@testable import DocKit

@Suite("ProgramSearchPath")
struct ProgramSearchPathTests {
    @Test("the first runnable file of that name wins; folders, unrunnable files and empty entries are passed over")
    func firstRunnableFileWins() throws {
        let tmp = try TemporaryDirectory("search-path")
        func program(_ relativePath: String, mode: Int) throws -> String {
            let file = try tmp.write("#!/bin/sh\n", to: relativePath)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            return file.path
        }
        _ = try program("plain/tool", mode: 0o644)
        try FileManager.default.createDirectory(at: tmp.url.appending(path: "folder/tool"), withIntermediateDirectories: true)
        let runnable = try program("bin/tool", mode: 0o755)
        _ = try program("later/tool", mode: 0o755)
        let root = tmp.url.path
        let search = ProgramSearchPath(environment: ["PATH": "::\(root)/missing:\(root)/plain:\(root)/folder/:\(root)/bin/:\(root)/later"])
        #expect(search.directories.count == 5)
        #expect(search.locate("tool")?.path == runnable)
        #expect(search.locate("absent") == nil)
        #expect(ProgramSearchPath(environment: [:]).directories == ["/usr/local/bin", "/usr/bin", "/bin"])
    }
}
