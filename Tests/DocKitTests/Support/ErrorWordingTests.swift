@testable import DocKit
import Testing

/// DocKit's errors say what happened to which file, in words an app that
/// embeds it can show: never a command-line flag or a docbrowser command,
/// which only the CLI adds, as hints of its own.
@Suite("DocKit errors name no command-line flag")
struct ErrorWordingTests {
    static let errors: [any DocKitError] = [
        CatalogError.documentNotFound("local:Notes.txt"),
        CoordinationError.open(document: "local:Notes.txt", holders: [LockHolder(pid: 7, activity: "open in Notes")]),
        CoordinationError.incomplete(document: "cloud:Deck.key", temporary: ".syncthing.a.tmp", writer: "Syncthing"),
        CoordinationError.changing(document: "cloud:Deck.key", detail: "its size changed"),
        CoordinationError.recentlyChanged(document: "cloud:Deck.key", ago: .milliseconds(412)),
        CoordinationError.stillIncomplete(document: "cloud:Deck.key", waited: .seconds(3), reason: "Syncthing is still writing it"),
        VersionsError.noSuchVersion(document: "local:Notes.txt", number: 4, count: 2),
        VersionsError.unresolved(document: "local:Notes.txt", action: "move", versions: 2),
        HandlerError.noHandler(document: "local:Notes.txt", type: "public.plain-text", candidates: ["org.example.a"]),
        HandlerError.noHandler(document: "local:Notes.txt", type: "public.plain-text", candidates: []),
        HandlerError.unknownHandler("org.example.a"),
        HandlerError.needsTerminal(handler: "vim"),
        TypeRegistryError.unknownType("org.example.none"),
        ImportError.sameName("Notes.txt", first: "a.zip", second: "b.zip"),
        ImportError.sameName("Notes.txt", first: "a.zip", second: "a.zip"),
        ImportError.sameNameInOneFile("cloud:Notes.txt", source: "a.zip", first: "Notes.txt", second: "NOTES.txt"),
        ImportError.tooLongToNumber("Notes.txt", numbered: "Notes 2.txt", source: "a.tar"),
        PluginError(plugin: "org.example.a", reason: .stalled(seconds: 20), file: "a.xar"),
        PluginError(plugin: "org.example.a", reason: .cpuLimitExceeded(seconds: 600), file: "a.xar"),
        MoveError.destinationTaken("cloud:Notes.txt"),
        StorageError.conflicts(location: .cloud, names: ["Notes.txt"]),
        ArchiveFormatError(argument: "out.pdf", namedType: "PDF document"),
        ExportError.outputExists(path: "out.zip"),
        PluginServiceError.noService(kind: .preview, type: "public.png"),
    ]

    @Test(arguments: errors.indices)
    func saysWhatHappenedWithoutTheCLIsWords(_ index: Int) {
        let description = Self.errors[index].description
        #expect(!description.contains("--"), "\(description)")
        #expect(!description.contains("'docbrowser"), "\(description)")
        #expect(!description.contains("(see '"), "\(description)")
    }
}
