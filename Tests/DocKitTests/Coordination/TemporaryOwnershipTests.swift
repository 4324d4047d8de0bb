#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Testing

/// docbrowser's temporaries in the cloud, which other devices share, carry
/// the device tag of the home that made them; recovery sweeps only its own.
@Suite("Temporaries in the cloud belong to one device")
struct TemporaryOwnershipTests {
    /// Old enough for the sweep of temporaries that keep no journal.
    private func age(_ path: RawPath) throws {
        var times = [timespec(tv_sec: time(nil) - 2 * 3_600, tv_nsec: 0), timespec(tv_sec: time(nil) - 2 * 3_600, tv_nsec: 0)]
        #expect(path.withCString { utimensat(AT_FDCWD, $0, &times, 0) } == 0)
    }

    @Test("an abandoned unjournaled temporary is swept when it is this device's, and left when it is another's")
    func sweptOnlyWhenOwn() throws {
        let home = try TestHome("ownership")
        let catalog = try home.catalog()
        let tag = home.home.deviceTag
        let own = FileSystem.temporaryName(owner: tag)
        let foreign = FileSystem.temporaryName(owner: tag == "0badc0de" ? "12345678" : "0badc0de")
        #expect(own.hasPrefix(".docbrowser-tmp-\(tag)-"))
        for name in [own, foreign] {
            try home.write("half", to: name, in: .cloud)
            try age(home.path(name, in: .cloud))
        }
        _ = InterruptedOperations(home: home.home, trash: Trash(directory: RawPath(home.directory.url.appending(path: "Trash"))), locations: catalog.locations).recover()
        #expect(!home.exists(own, in: .cloud))
        #expect(home.exists(foreign, in: .cloud))
    }

    @Test("a temporary a killed registry write left in the Library is swept once old, and a fresh one is left")
    func libraryTemporariesAreSwept() throws {
        let home = try TestHome("library")
        let catalog = try home.catalog()
        let library = RawPath(home.home.libraryDirectory)
        try FileSystem.createDirectory(library)
        let abandoned = library.appending(FileSystem.temporaryName(owner: nil))
        let fresh = library.appending(FileSystem.temporaryName(owner: nil))
        for path in [abandoned, fresh] {
            try FileSystem.writeNewFile(Data("half an index".utf8), at: path)
        }
        try age(abandoned)
        _ = InterruptedOperations(home: home.home, trash: Trash(directory: RawPath(home.directory.url.appending(path: "Trash"))), locations: catalog.locations).recover()
        #expect(FileSystem.inode(of: abandoned) == nil)
        #expect(FileSystem.inode(of: fresh) != nil, "a write in progress is never disturbed")
    }
}
