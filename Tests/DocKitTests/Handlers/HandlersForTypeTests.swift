#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import DocKit

/// `DocumentLibrary.handlers(forType:registry:defaults:)` reads only the
/// installed apps that `mimeinfo.cache` lists for a type, and must give the
/// candidates that reading every app gives.
@Suite("handlers for one type, through mimeinfo.cache")
struct HandlersForTypeTests {
    static let types = ["public.plain-text", "public.c-source", "com.adobe.pdf", "public.png", "public.jpeg", "public.data"]

    struct Desktop {
        let tmp: TemporaryDirectory
        let library: DocumentLibrary
        let system: URL

        init() throws {
            tmp = try TemporaryDirectory("apps-for-type")
            let apps: [(String, String)] = [
                ("text", "text/plain;"), ("csrc", "text/x-csrc;"), ("pdfviewer", "application/pdf;"), ("aliased", "application/x-pdf;"),
                ("imagey", "image/png;"), ("defaulted", "image/gif;"), ("added", "image/gif;"), ("kde/sub", "text/plain;image/png;"),
            ]
            for (name, mimeTypes) in apps {
                _ = try tmp.write(DesktopApplicationsTests.entry(mimeTypes), to: "system/applications/\(name).desktop")
            }
            // What update-desktop-database writes for those, last.
            _ = try tmp.write("""
                [MIME Cache]
                application/pdf=pdfviewer.desktop;
                application/x-pdf=aliased.desktop;
                image/gif=added.desktop;defaulted.desktop;
                image/png=imagey.desktop;kde-sub.desktop;
                text/plain=kde-sub.desktop;text.desktop;
                text/x-csrc=csrc.desktop;

                """, to: "system/applications/mimeinfo.cache")
            // A folder with no cache is read whole.
            _ = try tmp.write(DesktopApplicationsTests.entry("application/pdf;"), to: "user/applications/userpdf.desktop")
            _ = try tmp.write("""
                [Default Applications]
                text/plain=defaulted.desktop;
                [Added Associations]
                text/x-csrc=added.desktop;
                """, to: "config/mimeapps.list")
            system = tmp.url("system/applications")
            let home = Home(url: tmp.url("home"))
            library = DocumentLibrary(home: home, installation: .builtIn, environment: [
                "HOME": tmp.url.path, "XDG_DATA_HOME": tmp.url("user").path, "XDG_CONFIG_HOME": tmp.url("config").path,
                "XDG_CONFIG_DIRS": tmp.url("none").path, "XDG_DATA_DIRS": "\(tmp.url("system").path):/usr/share", "PATH": "/usr/bin:/bin",
            ])
        }

        func candidates(_ registry: HandlerRegistry, _ type: String) -> [String] {
            registry.candidates(forType: type, registry: SystemTypes.registry).map { "\($0.handler.identifier) \($0.claimedType) \($0.distance) \($0.opens)" }
        }
    }

    @Test("each type's candidates are those of every app read, whatever the defaults name", arguments: types)
    func sameCandidates(type: String) throws {
        let desktop = try Desktop()
        let everyApp = desktop.library.handlers()
        for defaults in [HandlerDefaults(), HandlerDefaults([type: "imagey"])] {
            let forType = desktop.library.handlers(forType: type, registry: SystemTypes.registry, defaults: defaults)
            #expect(
                forType.candidates(forType: type, registry: SystemTypes.registry, defaults: defaults).map(\.handler.identifier)
                    == everyApp.candidates(forType: type, registry: SystemTypes.registry, defaults: defaults).map(\.handler.identifier)
            )
            #expect(desktop.candidates(forType, type) == desktop.candidates(everyApp, type))
        }
    }

    @Test("only the apps the cache lists for the type, and those a default names, are read where a current cache is")
    func onlyListedAppsAreRead() throws {
        let desktop = try Desktop()
        let read = Set(desktop.library.handlers(forType: "com.adobe.pdf", registry: SystemTypes.registry, defaults: HandlerDefaults()).handlers.map(\.identifier))
        #expect(read.isSuperset(of: ["pdfviewer", "aliased", "userpdf", "defaulted", "added"]))
        #expect(read.isDisjoint(with: ["text", "csrc", "imagey", "kde-sub"]))
        #expect(Set(desktop.library.handlers().handlers.map(\.identifier)).isSuperset(of: ["text", "csrc", "imagey", "kde-sub"]))
    }

    @Test("an entry or a cache dated past 2262, beyond what nanoseconds hold, is read as the newest, not a crash")
    func farFutureTimesAreTheNewest() throws {
        let desktop = try Desktop()
        // touch -d 2300-01-01: a time a 64-bit count of nanoseconds cannot hold.
        var times = [timespec](repeating: timespec(tv_sec: 10_413_792_000, tv_nsec: 0), count: 2)
        for name in ["pdfviewer.desktop", "mimeinfo.cache"] {
            #expect(utimensat(AT_FDCWD, desktop.system.appending(path: name).path, &times, 0) == 0)
        }
        let read = Set(desktop.library.handlers(forType: "com.adobe.pdf", registry: SystemTypes.registry, defaults: HandlerDefaults()).handlers.map(\.identifier))
        #expect(read.isSuperset(of: ["pdfviewer", "aliased", "userpdf"]))
    }

    @Test("an entry newer than the cache makes its folder read whole")
    func staleCacheIsNotTrusted() throws {
        let desktop = try Desktop()
        let added = try desktop.tmp.write(DesktopApplicationsTests.entry("application/pdf;"), to: "system/applications/newer.desktop")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: added.path)
        let forType = desktop.library.handlers(forType: "com.adobe.pdf", registry: SystemTypes.registry, defaults: HandlerDefaults())
        #expect(forType.handlers.contains { $0.identifier == "newer" })
        #expect(forType.handlers.contains { $0.identifier == "imagey" }, "read whole")
        #expect(desktop.candidates(forType, "com.adobe.pdf") == desktop.candidates(desktop.library.handlers(), "com.adobe.pdf"))
    }

    @Test("the cache update-desktop-database writes is read as written")
    func realCache() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/update-desktop-database") else {
            Issue.record("update-desktop-database is absent: scripts/install-system-packages.sh installs desktop-file-utils")
            return
        }
        let desktop = try Desktop()
        try FileManager.default.removeItem(at: desktop.system.appending(path: "mimeinfo.cache"))
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: "/usr/bin/update-desktop-database")
        tool.arguments = [desktop.system.path]
        try tool.run()
        tool.waitUntilExit()
        #expect(tool.terminationStatus == 0)
        let cache = try #require(MimeInfoCache(in: desktop.system, notOlderThan: DesktopApplications.folder(desktop.system).newestChange))
        #expect(cache.applications { $0 == "image/png" } == ["imagey", "kde-sub"])
        #expect(cache.applications { $0.hasPrefix("text/") } == ["text", "csrc", "kde-sub"])
        for type in Self.types {
            let forType = desktop.library.handlers(forType: type, registry: SystemTypes.registry, defaults: HandlerDefaults())
            #expect(desktop.candidates(forType, type) == desktop.candidates(desktop.library.handlers(), type))
        }
    }
}
