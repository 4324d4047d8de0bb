@testable import DocKit
import Foundation
import Testing

/// Every code DocKit throws is in `Code.all`, and says one thing in one
/// exact message: an app matches the code, a user reads the message.
@Suite("DocKitError codes and their messages")
struct DocKitErrorCodeTests {
    private struct AppFailure: Error, CustomStringConvertible {
        var description: String { "the bytes are not UTF-8" }
    }

    /// One error of each code, from the area that throws it, and its message.
    static let examples: [(error: DocKitError, message: String)] = [
        (DocKitError(MoveError.vanished("local:A.txt")), "local:A.txt: no longer exists; another process moved or removed it"),
        (DocKitError(CatalogError.documentNotFound("Plan.txt")), "Plan.txt: no such document"),
        (DocKitError(MoveError.noSuchFolder("cloud:Nowhere/")), "cloud:Nowhere/: no such folder"),
        (DocKitError(MoveError.destinationFolderMissing("/d/Memo.txt", folder: "/d")), "/d/Memo.txt: cannot go back to /d, which no longer exists"),
        (DocKitError(VersionsError.noSuchVersion(document: "local:Notes.txt", number: 4, count: 2)), "local:Notes.txt: no version 4; it has 2 conflict versions"),
        (DocKitError(HandlerError.unknownHandler("org.example.a")), "org.example.a: no such handler is registered"),
        (DocKitError(TypeRegistryError.unknownType("org.example.none")), "org.example.none: no such type"),
        (DocKitError(HandlerError.noHandler(document: "local:x.png", type: "public.png", candidates: ["p.pdf"])),
         "local:x.png: no handler opens documents of type public.png; these can open other types: p.pdf"),
        (DocKitError(PluginServiceError.noService(kind: .preview, type: "public.png")), "no handler offers preview for public.png"),
        (DocKitError(MoveError.destinationTaken("cloud:Notes.txt")), "cloud:Notes.txt: already exists"),
        (DocKitError(ImportError.sameName("Notes.txt", first: "a.zip", second: "b.zip")), "Notes.txt: both a.zip and b.zip bring an item of this name"),
        (DocKitError(ImportError.tooLongToNumber("Notes.txt", numbered: "Notes 2.txt", source: "a.tar")),
         "a.tar: the item 'Notes.txt' is taken, and 'Notes 2.txt' would be longer than 255 bytes; rename the document it clashes with"),
        (DocKitError(CatalogError.ambiguous("Draft", candidates: ["local:Draft.pdf", "local:Draft.txt"])),
         "Draft: ambiguous, it could be local:Draft.pdf or local:Draft.txt"),
        (DocKitError(MoveError.notDownloaded("cloud:Deck.key")),
         "cloud:Deck.key: not downloaded; only its placeholder is here, so there is nothing to move; download it on a device that has it"),
        (DocKitError(CoordinationError.busy(document: "local:Notes.txt", holder: nil)),
         "local:Notes.txt: another docbrowser process is changing it; try again when it is done"),
        (DocKitError(CoordinationError.open(document: "local:Notes.txt", holders: [LockHolder(pid: 7, activity: "open in Notes")])),
         "local:Notes.txt: open in Notes (pid 7)"),
        (DocKitError(CoordinationError.incomplete(document: "cloud:Deck.key", temporary: ".syncthing.a.tmp", writer: "Syncthing")),
         "cloud:Deck.key: incomplete: Syncthing is still writing it (.syncthing.a.tmp)"),
        (DocKitError(CoordinationError.stillIncomplete(document: "cloud:Deck.key", waited: .seconds(3), reason: "Syncthing is still writing it")),
         "cloud:Deck.key: still incomplete after waiting 3 s: Syncthing is still writing it"),
        (DocKitError(MoveError.changedWhileCopied("local:Deck.key", entry: "Data/a.png")),
         "local:Deck.key: changed while it was being copied (Data/a.png), so a sync engine or another program is still writing it; "
            + "the move was undone and the document is as it was; try again when it is done"),
        (DocKitError(VersionsError.unresolved(document: "local:Notes.txt", action: "move", versions: 2)),
         "local:Notes.txt: in conflict, and a move would leave its 2 conflict versions behind"),
        (DocKitError(TagError.symbolicLink("local:Link")), "local:Link: a symbolic link cannot have tags; tag the document it points to"),
        (DocKitError(MoveError.intoItself("local:Work", destination: "local:Work/Sub/")), "local:Work: cannot go into local:Work/Sub/, which is inside it"),
        (DocKitError(HandlerError.needsTerminal(handler: "vim")),
         "vim: runs in a terminal (Terminal=true), and docbrowser's standard input and output are not one"),
        (DocKitError(MalformedFileError(path: "/h/Info.plist", keyPath: "CFBundleIdentifier", reason: "expected a string")),
         "/h/Info.plist: CFBundleIdentifier: expected a string"),
        (DocKitError(TagError.invalidName("a,b", reason: "it holds a comma")), "a,b: not a valid tag name: it holds a comma"),
        (DocKitError(ConfigurationError.invalidValue(key: "thumbnails.seconds", value: "0", reason: "must be positive")),
         "thumbnails.seconds: '0' is not valid: must be positive"),
        (DocKitError(ArchiveFormatError(argument: "rar5")),
         "'rar5' is not an archive format: give zip, tar, tar.gz, tar.bz2, tar.xz, tar.zst, 7z, "
            + "or the extension or type identifier of an archive type a handler exports"),
        (DocKitError(ArchiveFormatError(argument: "out.pdf", namedType: "PDF document")), "out.pdf: the name says PDF document, not an archive"),
        (DocKitError(SearchQueryError(column: 4, reason: "an unclosed quote")), "search: column 4: an unclosed quote"),
        (DocKitError(PluginError(plugin: "org.example.a", reason: .crashed(signal: 11), file: "a.xar")), "a.xar: org.example.a crashed (signal 11)"),
        (DocKitError(PluginError(plugin: "org.example.a", reason: .stalled(seconds: 20), file: "a.xar")),
         "a.xar: org.example.a made no progress for 20 s and was stopped"),
        (DocKitError(PluginError(plugin: "org.example.a", reason: .cancelled(signal: SIGINT))), "org.example.a was cancelled (signal 2)"),
        (DocKitError(HandlerError.launchFailed(handler: "org.example.a", executable: "/bin/a", reason: "no such file")),
         "org.example.a: /bin/a could not be started (no such file)"),
        (DocKitError(EditingError.closed(document: RawPath("/d/Notes.txt"))), "/d/Notes.txt: is not open"),
        (DocKitError(EditingError.contents(document: RawPath("/d/Notes.txt"), underlying: AppFailure())), "/d/Notes.txt: the bytes are not UTF-8"),
        (DocKitError(FileSystemError(path: RawPath("/d/x"), operation: "cannot be read", errno: EACCES)), "/d/x: cannot be read (Permission denied)"),
        (DocKitError(DatabaseAccessError(path: "/h/catalog.sqlite", error: DocKitError(.fileSystem, description: "disk full"))),
         "/h/catalog.sqlite: disk full"),
    ]

    @Test("Code.all lists each code once")
    func allListsEachCodeOnce() {
        #expect(Set(DocKitError.Code.all).count == DocKitError.Code.all.count)
        #expect(Set(DocKitError.Code.all.map(\.rawValue)).count == DocKitError.Code.all.count)
    }

    @Test("every area's error has a code in Code.all, and every code has an example")
    func everyCodeIsListedAndShown() {
        let shown = Self.examples.map(\.error.code)
        #expect(Set(shown).isSubset(of: Set(DocKitError.Code.all)), "\(Set(shown).subtracting(DocKitError.Code.all))")
        #expect(Set(DocKitError.Code.all).subtracting(shown).isEmpty, "no example of \(Set(DocKitError.Code.all).subtracting(shown))")
        #expect(shown.count == DocKitError.Code.all.count, "one example per code")
    }

    @Test("each code's example says exactly its message", arguments: examples.indices)
    func messages(_ index: Int) {
        let (error, message) = Self.examples[index]
        #expect(error.description == message, "\(error.code)")
    }

    @Test("merged spellings share one code: not downloaded, already exists")
    func mergedSpellingsShareACode() {
        let notDownloaded = [
            DocKitError(MoveError.notDownloaded("cloud:A")), DocKitError(CatalogError.notDownloaded("cloud:A", action: "export")),
            DocKitError(HandlerError.notDownloaded(document: "cloud:A")), DocKitError(ThumbnailError.notDownloaded(file: "/c/A")),
        ]
        #expect(notDownloaded.allSatisfy { $0.code == .notDownloaded })
        let taken = [
            DocKitError(MoveError.destinationTaken("cloud:A")), DocKitError(CatalogError.nameTaken("cloud:A")),
            DocKitError(ExportError.outputExists(path: "/o.zip")), DocKitError(EditingError.alreadyExists(document: RawPath("/d/A"))),
            DocKitError(StorageError.conflicts(location: .cloud, names: ["A"])),
            DocKitError(FileSystemError(path: RawPath("/d/A"), operation: "cannot be created", errno: EEXIST)),
        ]
        #expect(taken.allSatisfy { $0.code == .alreadyExists })
    }

    @Test("the document, the underlying error, the alternatives and the signal are kept")
    func detailsAreKept() {
        let denied = DocKitError(FileSystemError(path: RawPath("/d/x"), operation: "cannot be read", errno: EACCES))
        #expect(denied.document == "/d/x")
        #expect((denied.underlying as? POSIXError)?.code == .EACCES)
        let ambiguous = DocKitError(CatalogError.ambiguous("Draft", candidates: ["local:Draft.pdf", "local:Draft.txt"]))
        #expect(ambiguous.document == "Draft")
        #expect(ambiguous.alternatives == ["local:Draft.pdf", "local:Draft.txt"])
        let cancelled = DocKitError(PluginError(plugin: "org.example.a", reason: .cancelled(signal: SIGTERM)))
        #expect(cancelled.signal == SIGTERM)
        let contents = DocKitError(EditingError.contents(document: RawPath("/d/Notes.txt"), underlying: AppFailure()))
        #expect(contents.underlying is AppFailure)
    }

    @Test("a code matches in a catch, as DocKitError.notDownloaded or DocKitError.Code.notDownloaded")
    func aCodeMatchesInACatch() {
        func move() throws { throw DocKitError(MoveError.notDownloaded("cloud:Deck.key")) }
        var matched: [String] = []
        do { try move() } catch DocKitError.alreadyExists { matched.append("alreadyExists") } catch DocKitError.notDownloaded {
            matched.append("notDownloaded")
        } catch { matched.append("\(error)") }
        do { try move() } catch DocKitError.Code.notDownloaded { matched.append("Code.notDownloaded") } catch { matched.append("\(error)") }
        #expect(matched == ["notDownloaded", "Code.notDownloaded"])
        #expect(!(DocKitError.notDownloaded ~= CancellationError()))
    }
}
