import Foundation
import Testing
@testable import DocKit

@Suite("DocumentCatalog.createFolder")
struct CreateFolderTests {
    @Test("the folders above are made as needed; the last must be new; a cloud name equal but for case is taken")
    func nested() throws {
        let home = try TestHome("folders")
        let catalog = try home.catalog()
        let folder = try catalog.createFolder("A/B/C")
        #expect(folder.qualifiedName == "local:A/B/C")
        #expect(folder.isFolder && !folder.isPackage)
        #expect(try FileStatus.of(home.path("A/B/C"))?.kind == .directory)
        #expect(throws: DocKitError(CatalogError.nameTaken("local:A/B"))) { try catalog.createFolder("A/B") }
        #expect(try catalog.createFolder("A/B/D").qualifiedName == "local:A/B/D")

        _ = try catalog.createFolder("Shared", in: .cloud)
        #expect(throws: DocKitError(CatalogError.nameTaken("cloud:shared"))) { try catalog.createFolder("shared", in: .cloud) }
    }

    @Test("a package's extension at any level is refused before anything is made")
    func packageNames() throws {
        let home = try TestHome("folders")
        let catalog = try home.catalog()
        #expect(throws: DocKitError.self) { try catalog.createFolder("Work/Deck.key/Inner") }
        #expect(try FileStatus.of(home.path("Work")) == nil)
    }
}
