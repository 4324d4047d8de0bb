import DocKit
import Foundation

extension FuzzTarget {
    static let handlerTargets = [
        FuzzTarget(name: "handler-manifest", summary: "a handler's manifest: XML, binary or JSON property list") { input, scratch in
            _ = try? HandlerManifest.load(from: scratch.file("manifest.plist", holding: input), environment: [:])
        },
        FuzzTarget(name: "desktop-entry", summary: "a .desktop file, read as a handler manifest") { input, scratch in
            _ = try? HandlerManifest.load(from: scratch.file("app.desktop", holding: input), environment: ["PATH": "/usr/bin"])
        },
        FuzzTarget(name: "recently-used", summary: "a desktop's recently-used.xbel, a document recorded in it and read back") { input, scratch in
            let file = scratch.file("recently-used.xbel", holding: input)
            let library = DocumentLibrary(home: Home(url: scratch.directory.appending(path: "home")), installation: Installation(shareDirectory: URL(fileURLWithPath: "/nonexistent")), environment: ["XDG_DATA_HOME": scratch.directory.path])
            let document = RawPath("/docs/a b\u{E9}.txt")
            guard (try? library.recordRecentlyUsed(document, mimeType: "text/plain")) != nil else { return }
            // What was written must read back, with the document in it.
            guard let written = try? Data(contentsOf: file), let read = try? RecentlyUsedBookmarks.parse(written, path: file.path),
                  read.bookmarks.contains(where: { $0.path == document }) else {
                fatalError("a recorded file does not read back with the document")
            }
        },
    ]
}
