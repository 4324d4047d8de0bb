import Foundation
import Testing
@testable import DocKit

@Suite("DocumentLocations")
struct DocumentLocationsTests {
    static func locations(_ home: TestHome, _ values: [String: String] = [:]) -> DocumentLocations {
        DocumentLocations(home: home.home, configuration: Configuration(values: values))
    }

    @Test("by default, HOME/Documents and HOME/Cloud/Documents")
    func defaults() throws {
        let home = try TestHome("locations")
        let locations = Self.locations(home)
        #expect(locations.localDocuments.description == home.root + "/Documents")
        #expect(locations.cloudContainer.description == home.root + "/Cloud")
        #expect(locations.cloudDocuments.description == home.root + "/Cloud/Documents")
        #expect(locations.documentsDirectory(.local) == locations.localDocuments)
        #expect(locations.documentsDirectory(.cloud) == locations.cloudDocuments)
    }

    @Test("relative configured paths are relative to the home, absolute ones are kept")
    func configuredPaths() throws {
        let home = try TestHome("locations")
        let relative = Self.locations(home, ["local.documents": "My Docs", "cloud.container": "Sync/Box"])
        #expect(relative.localDocuments.description == home.root + "/My Docs")
        #expect(relative.cloudDocuments.description == home.root + "/Sync/Box/Documents")

        let absolute = Self.locations(home, ["local.documents": "/srv/docs/", "cloud.container": "/mnt/cloud"])
        #expect(absolute.localDocuments.description == "/srv/docs")
        #expect(absolute.cloudDocuments.description == "/mnt/cloud/Documents")

        let dotted = Self.locations(home, ["local.documents": "./a/../Docs"])
        #expect(dotted.localDocuments.description == home.root + "/Docs")
    }

    @Test("existingDocumentsDirectory creates the default folders, and Documents inside a configured container that exists")
    func createsMissingDirectories() throws {
        let home = try TestHome("locations")
        let locations = Self.locations(home, ["cloud.container": "Deep/Sync"])
        #expect(throws: DocKitError(LocationError.notAvailable(location: .cloud, path: RawPath(home.root + "/Deep/Sync")))) {
            try locations.existingDocumentsDirectory(.cloud)
        }
        #expect(try FileStatus.of(RawPath(home.root + "/Deep")) == nil, "nothing is created for a missing configured container")
        try FileManager.default.createDirectory(atPath: home.root + "/Deep/Sync", withIntermediateDirectories: true)
        let local = try locations.existingDocumentsDirectory(.local)
        let cloud = try locations.existingDocumentsDirectory(.cloud)
        #expect(local.description == home.root + "/Documents")
        #expect(cloud.description == home.root + "/Deep/Sync/Documents")
        #expect(try FileStatus.of(local)?.kind == .directory)
        #expect(try FileStatus.of(cloud)?.kind == .directory)
        // Calling it again on an existing folder is fine and keeps its content.
        try home.write("kept", to: "a.txt")
        _ = try locations.existingDocumentsDirectory(.local)
        #expect(try home.contents("a.txt") == "kept")
    }

    @Test("a regular file where the folder should be is a LocationError saying it is not a directory")
    func fileInTheWay() throws {
        let home = try TestHome("locations")
        try home.directory.write("I am a file", to: "Documents")
        let error = try #require(throws: DocKitError.self) {
            try Self.locations(home).existingDocumentsDirectory(.local)
        }
        guard case .unusable(let location, let path, let reason)? = error.failure(as: LocationError.self) else { return }
        #expect(location == .local)
        #expect(path.description == home.root + "/Documents")
        #expect(reason.contains("not a directory"))
        #expect(error.description.contains("not a directory"))
        #expect(error.description.contains(home.root + "/Documents"))
        #expect(try String(contentsOf: home.directory.url("Documents"), encoding: .utf8) == "I am a file")
    }

    @Test("a file where the cloud container should be is an error for the cloud location")
    func fileInTheWayOfTheContainer() throws {
        let home = try TestHome("locations")
        try home.directory.write("not a folder", to: "Cloud")
        let error = try #require(throws: DocKitError.self) {
            try Self.locations(home).existingDocumentsDirectory(.cloud)
        }
        guard case .unusable(let location, _, let reason)? = error.failure(as: LocationError.self) else { return }
        #expect(location == .cloud)
        #expect(reason.contains("not a directory"))
    }

    @Test("locate gives the location and the path inside its Documents folder")
    func locate() throws {
        let home = try TestHome("locations")
        let locations = Self.locations(home)
        let local = try #require(locations.locate(RawPath(home.root + "/Documents/Folder/Note.txt")))
        #expect(local.location == .local)
        #expect(local.relativePath.description == "Folder/Note.txt")
        let cloud = try #require(locations.locate(RawPath(home.root + "/Cloud/Documents/Report.pdf")))
        #expect(cloud.location == .cloud)
        #expect(cloud.relativePath.description == "Report.pdf")

        #expect(locations.locate(RawPath(home.root + "/Documents")) == nil)
        #expect(locations.locate(RawPath(home.root + "/Documents2/x.txt")) == nil)
        #expect(locations.locate(RawPath(home.root + "/Cloud/data.bin")) == nil)
        #expect(locations.locate(RawPath("/elsewhere/Documents/x.txt")) == nil)
    }

    @Test("locate keeps bytes that are not UTF-8")
    func locateRawBytes() throws {
        let home = try TestHome("locations")
        let name = RawPath(bytes: Array("caf".utf8) + [0xE9])
        let found = try #require(Self.locations(home).locate(RawPath(home.root + "/Documents").appending(name)))
        #expect(found.relativePath == name)
    }
}
