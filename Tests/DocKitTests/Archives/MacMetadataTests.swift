import Foundation
import Testing
@testable import DocKit

@Suite("macOS metadata in extracted archives")
struct MacMetadataTests {
    @Test("Finder's and AppleDouble's names are litter; other hidden names are not", arguments: [
        (".DS_Store", true), ("._photo.jpg", true), ("._.DS_Store", true), ("._", false), (".", false),
        (".ds_store", false), (".DS_Store.txt", false), (".notes", false), ("_photo.jpg", false), ("photo._jpg", false),
    ])
    func names(_ name: String, _ isLitter: Bool) {
        #expect(MacMetadata.isLitter(RawPath(name)) == isLitter)
    }

    @Test("only regular files go, at every depth, and each is named")
    func removal() throws {
        let tmp = try TemporaryDirectory("litter")
        for path in ["Trip/.DS_Store", "Trip/Day 1/._photo.jpg", "Trip/Day 1/photo.jpg", "Trip/._folder/inside.txt", "Trip/.notes"] {
            _ = try tmp.write(Data(path.utf8), to: path)
        }
        try FileManager.default.createSymbolicLink(atPath: tmp.url("Trip/Day 1/.DS_Store").path, withDestinationPath: "photo.jpg")
        let removed = try MacMetadata.removeLitter(below: RawPath(tmp.url("Trip")))
        #expect(removed.map(\.description) == [".DS_Store", "Day 1/._photo.jpg"])
        let left = try FileManager.default.subpathsOfDirectory(atPath: tmp.url("Trip").path).sorted()
        #expect(left == ["._folder", "._folder/inside.txt", ".notes", "Day 1", "Day 1/.DS_Store", "Day 1/photo.jpg"])
    }

    @Test("a file is left alone: its own name is the caller's to judge")
    func file() throws {
        let tmp = try TemporaryDirectory("litterfile")
        let file = try tmp.write(Data("x".utf8), to: "._alone")
        #expect(try MacMetadata.removeLitter(below: RawPath(file)).isEmpty)
        #expect(FileManager.default.fileExists(atPath: file.path))
    }
}
