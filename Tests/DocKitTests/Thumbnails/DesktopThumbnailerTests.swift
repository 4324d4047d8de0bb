import Foundation
import Testing
@testable import DocKit

@Suite("Desktop .thumbnailer files")
struct DesktopThumbnailerTests {
    private let searchPath = ProgramSearchPath(environment: ["PATH": "/usr/bin:/bin"])

    @Test func execIsSplitAndItsFieldCodesExpanded() throws {
        let text = "[Thumbnailer Entry]\nTryExec=sh\nExec=sh -c 'echo \"%s\"' %i --uri=%u \"%o\" 100%%\nMimeType=image/png;Image/X-Test;\n"
        let thumbnailer = try #require(DesktopThumbnailer.parse(text, path: "/x/test.thumbnailer", searchPath: searchPath))
        #expect(thumbnailer.name == "test")
        #expect(thumbnailer.mimeTypes == ["image/png", "image/x-test"])
        let input = RawPath(bytes: Array("/d/a b".utf8) + [0xFF] + Array(".png".utf8))
        let expanded = thumbnailer.commandLine(input: input, uri: "file:///d/a%20b%FF.png", output: RawPath("/o/t.png"), size: 256)
        #expect(expanded == [thumbnailer.executable, "-c", "echo \"256\"", "", "--uri=file:///d/a%20b%FF.png", "/o/t.png", "100%"].map { Array($0.utf8) }
            .enumerated().map { $0.offset == 3 ? input.bytes : $0.element })
        #expect(thumbnailer.executable.hasSuffix("/sh"))
    }

    @Test("entries GNOME would skip are skipped", arguments: [
        "[Thumbnailer Entry]\nExec=sh %i %o\n",
        "[Thumbnailer Entry]\nMimeType=image/png;\n",
        "[Thumbnailer Entry]\nTryExec=no-such-program-here\nExec=sh %i %o\nMimeType=image/png;\n",
        "[Thumbnailer Entry]\nExec=no-such-program-here %i %o\nMimeType=image/png;\n",
        "[Thumbnailer Entry]\nExec=sh 'unclosed %i %o\nMimeType=image/png;\n",
        "[Other Group]\nExec=sh %i %o\nMimeType=image/png;\n",
    ])
    func skipped(_ text: String) {
        #expect(DesktopThumbnailer.parse(text, path: "/x/t.thumbnailer", searchPath: searchPath) == nil)
    }

    @Test func theUsersThumbnailerWinsOverTheSystemsForAMIMEType() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "thumbnailers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (folder, name, types) in [("user", "mine", "image/png;"), ("system", "theirs", "image/png;image/gif;")] {
            let directory = root.appending(path: "\(folder)/thumbnailers")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("[Thumbnailer Entry]\nExec=sh %i %o\nMimeType=\(types)\n".utf8).write(to: directory.appending(path: "\(name).thumbnailer"))
        }
        let installed = DesktopThumbnailers.load(environment: [
            "XDG_DATA_HOME": root.appending(path: "user").path, "XDG_DATA_DIRS": root.appending(path: "system").path, "PATH": "/usr/bin:/bin",
        ])
        #expect(installed.byMIMEType["image/png"]?.name == "mine")
        #expect(installed.byMIMEType["image/gif"]?.name == "theirs")
        #expect(installed.thumbnailer(forAnyOf: ["text/plain", "IMAGE/GIF"])?.mimeType == "IMAGE/GIF")
    }
}
