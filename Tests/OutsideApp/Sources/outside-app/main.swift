import DocKit
import Foundation

// outside-app WORK: in WORK/home, types Notes.txt, exports it to
// WORK/Notes.zip, deletes it to the app's own Trash (WORK/AppTrash), and
// imports the zip back, saying each step on one line.

let work = URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true)
let home = Home(url: work.appending(path: "home", directoryHint: .isDirectory))
try FileManager.default.createDirectory(at: home.url.appending(path: "Documents"), withIntermediateDirectories: true)
try Data("Buy milk\n".utf8).write(to: home.url.appending(path: "Documents/Notes.txt"))

let library = DocumentLibrary(
    home: home, trash: Trash(directory: RawPath(work.appending(path: "AppTrash").path)), environment: ProcessInfo.processInfo.environment
)
let registry = try library.typeRegistry().registry

func plainText() throws -> [Document] {
    var query = DocumentQuery()
    query.type = "public.plain-text"
    return try library.openCatalog(registry: registry).catalog.documents(matching: query)
}

let typed = try plainText()
print("typed: " + typed.map { "\($0.name) \($0.type)" }.joined(separator: ", "))

let archive = RawPath(work.appending(path: "Notes.zip").path)
let format = try ArchiveFormat(output: archive.description, registry: registry)
let exported = try await library.exporter()
    .export(typed.map(\.path), to: archive, options: .init(format: format))
print("exported: \(exported.format), \(exported.entries) entries")

for document in typed {
    _ = try library.deleter().delete(document, permanently: false)
}
print("deleted: \(try plainText().count) left")

let imported = try await library.importer()
    .importFiles([archive], to: .local, onConflict: .rename)
print("imported: " + imported.items.map(\.document).joined(separator: ", "))
print("typed: " + (try plainText()).map { "\($0.name) \($0.type)" }.joined(separator: ", "))
