import DocKit
import Foundation
import GRDB

extension FuzzTarget {
    static let catalogTargets = [
        FuzzTarget(name: "icloud-placeholder", summary: "an iCloud placeholder (.Name.icloud) from another device") { input, scratch in
            let file = scratch.file(".Holiday.mov.icloud", holding: input)
            _ = ICloudPlaceholder.read(at: RawPath(file.path), standingFor: RawPath("Holiday.mov"))
        },
        FuzzTarget(name: "sync-temporaries", summary: "names on disk (NUL-separated), read as sync engines' temporaries") { input, _ in
            for bytes in input.split(separator: 0) {
                guard let temporary = SyncTemporary(RawPath(bytes: Array(bytes))) else { continue }
                // The document it stands for becomes a name in the same folder.
                if !temporary.document.isSingleName { fatalError("'\(temporary.name)' stands for '\(temporary.document)', which is no single name") }
            }
        },
        FuzzTarget(name: "catalog-record", summary: "a catalog row's record, as a damaged or hostile catalog file holds it") { input, scratch in
            // Two documents, catalogued once; each input then stands as
            // both rows' record, and a listing must still give the files
            // as they are.
            let home = Home(url: scratch.directory.appending(path: "catalog-home", directoryHint: .isDirectory))
            let files = ["Notes.txt": "notes", "Other.txt": "others"]
            let database = home.catalogDirectory.appending(path: "local.sqlite")
            let firstInput = !FileManager.default.fileExists(atPath: database.path)
            if firstInput {
                try? FileManager.default.createDirectory(at: home.url.appending(path: "Documents"), withIntermediateDirectories: true)
                for (name, text) in files {
                    guard FileManager.default.createFile(atPath: home.url.appending(path: "Documents/\(name)").path, contents: Data(text.utf8)) else {
                        fatalError("cannot write \(name)")
                    }
                }
            }
            let catalog = try? DocumentCatalog(home: home, registry: TypeRegistry(types: [], claims: []),
                                               trash: Trash(directory: RawPath(home.url.appending(path: "Trash"))),
                                               plugins: PluginSearchPath(places: []), environment: [:])
            guard let catalog else { fatalError("cannot open the scratch home's catalog") }
            if firstInput { _ = try? catalog.documents(matching: DocumentQuery()) }
            do {
                let queue = try DatabaseQueue(path: database.path)
                try queue.write { db in try db.execute(sql: "UPDATE catalogRecord SET record = ?", arguments: [Data(input)]) }
                try queue.close()
            } catch {
                fatalError("cannot put the input in \(database.path): \(error)")
            }
            let listed = try? catalog.documents(matching: DocumentQuery())
            let found = (listed ?? []).map { "\($0.name) \($0.size)" }.sorted()
            if found != ["Notes.txt 5", "Other.txt 6"] { fatalError("the record made the listing \(found)") }
        },
    ]
}
