@testable import DocKit
import Testing

/// DocKit's errors say what happened to which file, in words an app that
/// embeds it can show: never a command-line flag or a docbrowser command,
/// which only the CLI adds, as hints of its own.
@Suite("DocKit errors name no command-line flag")
struct ErrorWordingTests {
    static let errors: [DocKitError] = [
        DocKitError(CatalogError.documentNotFound("local:Notes.txt")),
        DocKitError(CoordinationError.open(document: "local:Notes.txt", holders: [LockHolder(pid: 7, activity: "open in Notes")])),
        DocKitError(CoordinationError.incomplete(document: "cloud:Deck.key", temporary: ".syncthing.a.tmp", writer: "Syncthing")),
        DocKitError(CoordinationError.changing(document: "cloud:Deck.key", detail: "its size changed")),
        DocKitError(CoordinationError.recentlyChanged(document: "cloud:Deck.key", ago: .milliseconds(412))),
        DocKitError(CoordinationError.stillIncomplete(document: "cloud:Deck.key", waited: .seconds(3), reason: "Syncthing is still writing it")),
        DocKitError(VersionsError.noSuchVersion(document: "local:Notes.txt", number: 4, count: 2)),
        DocKitError(VersionsError.unresolved(document: "local:Notes.txt", action: "move", versions: 2)),
        DocKitError(HandlerError.noHandler(document: "local:Notes.txt", type: "public.plain-text", candidates: ["org.example.a"])),
        DocKitError(HandlerError.noHandler(document: "local:Notes.txt", type: "public.plain-text", candidates: [])),
        DocKitError(HandlerError.unknownHandler("org.example.a")),
        DocKitError(HandlerError.needsTerminal(handler: "vim")),
        DocKitError(TypeRegistryError.unknownType("org.example.none")),
        DocKitError(ImportError.sameName("Notes.txt", first: "a.zip", second: "b.zip")),
        DocKitError(ImportError.sameName("Notes.txt", first: "a.zip", second: "a.zip")),
        DocKitError(ImportError.sameNameInOneFile("cloud:Notes.txt", source: "a.zip", first: "Notes.txt", second: "NOTES.txt")),
        DocKitError(ImportError.tooLongToNumber("Notes.txt", numbered: "Notes 2.txt", source: "a.tar")),
        DocKitError(PluginError(plugin: "org.example.a", reason: .stalled(seconds: 20), file: "a.xar")),
        DocKitError(PluginError(plugin: "org.example.a", reason: .cpuLimitExceeded(seconds: 600), file: "a.xar")),
        DocKitError(MoveError.destinationTaken("cloud:Notes.txt")),
        DocKitError(MoveError.noSuchFolder("cloud:Nowhere/")),
        DocKitError(StorageError.conflicts(location: .cloud, names: ["Notes.txt"])),
        DocKitError(ArchiveFormatError(argument: "out.pdf", namedType: "PDF document")),
        DocKitError(ExportError.outputExists(path: "out.zip")),
        DocKitError(PluginServiceError.noService(kind: .preview, type: "public.png")),
    ]

    @Test(arguments: errors.indices)
    func saysWhatHappenedWithoutTheCLIsWords(_ index: Int) {
        let description = Self.errors[index].description
        #expect(!description.contains("--"), "\(description)")
        #expect(!description.contains("'docbrowser"), "\(description)")
        #expect(!description.contains("(see '"), "\(description)")
    }
}
