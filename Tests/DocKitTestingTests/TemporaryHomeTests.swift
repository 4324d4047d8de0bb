import DocKit
import DocKitTesting
import Foundation
import Testing

/// A test's home is its own: what the library lists, trashes and
/// declares stays inside the temporary folder, and goes with it.
@Suite("TemporaryHome")
struct TemporaryHomeTests {
    @Test func theLibraryListsWhatIsWrittenInEitherLocation() throws {
        let home = try TemporaryHome()
        try home.write("Buy milk", to: "Groceries.txt")
        try home.write(Data("later".utf8), to: "Later.txt", in: .cloud)
        #expect(try home.library.documents().map { "\($0.qualifiedName) \($0.type)" } == ["local:Groceries.txt public.plain-text", "cloud:Later.txt public.plain-text"])
        #expect(try home.text(of: "Groceries.txt") == "Buy milk")
        #expect(home.path("Later.txt", in: .cloud).description == home.url.path + "/home/Cloud/Documents/Later.txt")
    }

    @Test func deletionsGoToTheHomesOwnTrash() throws {
        let home = try TemporaryHome()
        try home.write("old", to: "Old.txt")
        let library = home.library
        _ = try library.deleter().delete(library.catalog().resolve("Old.txt"), permanently: false)
        #expect(try home.trashedNames() == ["Old.txt"])
        #expect(home.trash.directory.description == home.url.path + "/Trash")
    }

    @Test func theDesktopFoldersAreInsideTheTemporaryFolder() throws {
        let home = try TemporaryHome()
        #expect(home.environment.keys.sorted() == ["HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"])
        for (name, value) in home.environment {
            #expect(value.hasPrefix(home.url.path), "\(name)=\(value)")
        }
        #expect(home.library.environment == home.environment)
    }

    @Test func aCloudDocumentIsCompleteOnceWrittenUnlessAQuietPeriodIsAsked() throws {
        let quick = try TemporaryHome()
        try quick.write("x", to: "Now.txt", in: .cloud)
        #expect(try quick.library.catalog().resolve("cloud:Now.txt").states.isEmpty)
        let patient = try TemporaryHome(quietSeconds: 3600)
        try patient.write("x", to: "Now.txt", in: .cloud)
        #expect(try patient.library.catalog().resolve("cloud:Now.txt").states == [.incomplete])
    }

    @Test func theFolderGoesWithTheValue() throws {
        var home: TemporaryHome? = try TemporaryHome()
        let folder = try #require(home).url
        try home?.write("x", to: "Package.d/inner/file.txt")
        #expect(FileManager.default.fileExists(atPath: folder.path))
        home = nil
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
