#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import DocKit

@Suite("Preview plugins: archive listings, third-party previewers, and falling back when they fail")
struct PluginPreviewerTests {
    /// A plugin written as a shell script, declared for `types`.
    private func plugin(_ script: String, types: [String], in bench: PreviewBench, identifier: String = "org.example.viewer",
                        timeLimit: Duration? = nil) throws -> PluginService {
        let url = try bench.directory.write("#!/bin/sh\n" + script + "\n", to: "plugins/\(identifier).sh")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return PluginService(identifier: identifier, executable: url, timeLimit: timeLimit, types: types)
    }

    private func outcome(_ lines: [String]) throws -> PluginProcess.Outcome {
        var events: [PluginEvent] = []
        for line in lines { events.append(try #require(PluginEvent(line: Data(line.utf8)))) }
        guard case .result(let result) = events.last else { throw DocKitError(PreviewError(path: "-", reason: "no result line")) }
        return PluginProcess.Outcome(result: result, events: events.dropLast().filter { if case .other = $0 { true } else { false } })
    }

    // MARK: archive listings

    @Test func aListingGivesEntriesTotalsRatioAndFlagsRefusedEntries() throws {
        let listing = try ArchiveListing(plugin: "org.docbrowser.archiver", outcome: outcome([
            #"{"event":"entry","name":"Photos","type":"directory","size":0,"compressedSize":37}"#,
            #"{"event":"entry","name":"Photos/Café.txt","type":"file","size":3000,"compressedSize":120}"#,
            #"{"event":"entry","name":"../x","type":"file","size":1000,"compressedSize":80,"refused":"parent-component"}"#,
            #"{"event":"entry","name":"up","type":"symlink","size":0,"compressedSize":40,"target":"/etc","refused":"symlink-escapes"}"#,
            #"{"event":"result","format":"ZIP 2.0 (deflation)","entries":4,"bytes":4000,"archiveBytes":500,"truncated":false}"#,
        ]))
        let preview = listing.preview(options: PreviewOptions())
        #expect(preview.kind == .archive)
        #expect(preview.previewer == "org.docbrowser.archiver")
        #expect(preview.field("format") == "ZIP 2.0 (deflation)")
        #expect(preview.field("entries") == "4 (2 files, 1 directory, 1 symbolic link)")
        #expect(preview.field("content") == "4000 bytes")
        #expect(preview.field("ratio") == "0.12 (500 archive bytes for 4000 bytes of content)")
        #expect(preview.field("unsafe") == "2 entries that import would refuse (parent-component, symlink-escapes)")
        #expect(preview.entries?.map(\.name) == ["Photos", "Photos/Café.txt", "../x", "up"])
        #expect(preview.entries?[3] == Preview.ArchiveEntry(name: "up", type: "symlink", size: 0, compressedSize: 40, target: "/etc", refused: "symlink-escapes"))
        #expect(preview.notes.isEmpty)
    }

    @Test func aListingCutAtTheEntryLimitSaysSoAndCountsOnlyWhatItListed() throws {
        let listing = try ArchiveListing(plugin: "archiver", outcome: outcome([
            #"{"event":"entry","name":"a","type":"file","size":100,"compressedSize":10}"#,
            #"{"event":"entry","name":"b","type":"file","size":300,"compressedSize":30}"#,
            #"{"event":"entry","name":"c","type":"file","size":500,"compressedSize":50}"#,
            #"{"event":"result","entries":3,"bytes":900,"archiveBytes":9000,"truncated":true}"#,
        ]))
        // A plugin that lists more than it was asked for is cut here too.
        let preview = listing.preview(options: PreviewOptions(maxLines: 2))
        #expect(preview.entries?.map(\.name) == ["a", "b"])
        #expect(preview.field("entries") == "more than 2 (2 files)")
        #expect(preview.field("content") == "400 bytes in the listed entries")
        #expect(preview.field("ratio") == "about 0.10 over the listed entries (40 archive bytes for 400 bytes)")
        #expect(preview.notes == ["the archive has more than 2 entries; only the first 2 are listed"])
    }

    @Test func anEntryEventOfTheWrongShapeBreaksTheProtocol() throws {
        #expect(throws: DocKitError(PluginError(plugin: "archiver", reason: .garbledOutput(line: #"{"event":"entry","size":"big"}"#)))) {
            try ArchiveListing(plugin: "archiver", outcome: outcome([
                #"{"event":"entry","size":"big"}"#, #"{"event":"result","entries":1,"bytes":0,"archiveBytes":0}"#,
            ]))
        }
    }

    // MARK: third-party answers

    @Test func aPluginAnswerIsMadeVisibleCutAndBounded() throws {
        let answer = try PluginPreviewAnswer(plugin: "org.example.viewer", outcome: outcome([
            #"{"event":"result","kind":"text","fields":[{"label":"tempo","value":"120 bpm\u001b[2J"}],"text":["one","two\u0007","three","a very long line indeed"],"notes":["from \u001b]0;x"]}"#,
        ]))
        let preview = answer.preview(options: PreviewOptions(maxLines: 3, lineWidth: 16))
        #expect(preview.kind == .text)
        #expect(preview.previewer == "org.example.viewer")
        #expect(preview.fields == [Preview.Field("tempo", "120 bpm␛[2J")])
        #expect(preview.text == ["one", "two␇", "three"])
        #expect(preview.notes == ["from ␛]0;x", "showing the first 3 of the 4 lines the plugin gave"])
    }

    @Test func thePresentationIsNamedAsDocsJSONNamesItAndTheOldKeyIsStillRead() throws {
        let named = try PluginPreviewAnswer(plugin: "p", outcome: outcome([#"{"event":"result","presentation":"table"}"#]))
        #expect(named.preview(options: PreviewOptions()).kind == .table)
        let both = try PluginPreviewAnswer(plugin: "p", outcome: outcome([#"{"event":"result","presentation":"image","kind":"text"}"#]))
        #expect(both.preview(options: PreviewOptions()).kind == .image)
        #expect(throws: DocKitError.self) {
            try PluginPreviewAnswer(plugin: "p", outcome: outcome([#"{"event":"result","presentation":"hologram"}"#]))
        }
    }

    @Test func anUnknownKindBreaksTheProtocol() throws {
        #expect(throws: DocKitError.self) {
            try PluginPreviewAnswer(plugin: "p", outcome: outcome([#"{"event":"result","kind":"hologram"}"#]))
        }
    }

    // MARK: running plugins

    @Test func aPluginForTheSameOrAMoreSpecificTypeWinsOverTheBuiltInOne() throws {
        let bench = try PreviewBench()
        try bench.write(ImageBytes.png(width: 2, height: 2, bitDepth: 8, colourType: 6), to: "tiny.png")
        try bench.write("words\n", to: "notes.txt")
        let same = try plugin("exit 1", types: ["public.image"], in: bench, identifier: "org.example.images")
        let broad = try plugin("exit 1", types: ["public.data"], in: bench, identifier: "org.example.data")
        let specific = try plugin("exit 1", types: ["public.plain-text"], in: bench, identifier: "org.example.plain")
        let generator = PreviewGenerator(plugins: [broad, same, specific], home: nil, environment: [:])
        #expect(generator.candidates(for: try bench.subject("tiny.png"), registry: bench.registry).map(\.name)
            == ["org.example.images", "image", "org.example.data", "generic"])
        #expect(generator.candidates(for: try bench.subject("notes.txt"), registry: bench.registry).map(\.name)
            == ["org.example.plain", "text", "org.example.data", "generic"])
    }

    @Test func aPluginIsAskedToPreviewTheAbsolutePathAndItsAnswerShown() async throws {
        let bench = try PreviewBench()
        try bench.write("words\n", to: "notes.txt")
        let service = try plugin(#"""
            printf '{"event":"result","kind":"text","fields":[{"label":"argv","value":"%s"}],"text":["previewed by a plugin"]}\n' "$*"
            """#, types: ["public.plain-text"], in: bench)
        let preview = try await bench.preview("notes.txt", options: PreviewOptions(maxLines: 7, lineWidth: 300),
                                              previewers: PreviewGenerator(plugins: [service], home: nil, environment: [:]).previewers)
        #expect(preview.previewer == "org.example.viewer")
        #expect(preview.field("argv") == "preview --lines 7 --width 300 -- \(bench.path("notes.txt"))")
        #expect(preview.text == ["previewed by a plugin"])
        #expect(preview.fields.first?.label == "type")
        #expect(preview.notes.isEmpty)
    }

    @Test(arguments: [
        ("sleep 600", "did not finish within its time limit of 1 s and was stopped"),
        ("kill -SEGV $$", "crashed (signal 11)"),
        ("echo 'Rendering preview...'", "broke the plugin protocol: not a JSON event: Rendering preview..."),
        (#"echo '{"event":"error","kind":"invalidInput","message":"bad header"}'; exit 6"#, "failed: bad header"),
        ("echo 'no codec' >&2; exit 3", "failed with exit status 3: no codec"),
        ("yes '{\"event\":\"progress\"}'", "wrote more than 1048576 bytes of output and was stopped"),
    ])
    func aFailingPluginFallsBackToTheBuiltInPreviewWithANote(script: String, reason: String) async throws {
        let bench = try PreviewBench()
        try bench.write("first line\n", to: "notes.txt")
        // Only the hang waits for its limit; the others must not race one.
        let limit: Duration = script.hasPrefix("sleep") ? .seconds(1) : .seconds(120)
        let service = try plugin(script, types: ["public.plain-text"], in: bench, identifier: "org.example.broken", timeLimit: limit)
        let preview = try await bench.preview("notes.txt", previewers: PreviewGenerator(plugins: [service], home: nil, environment: [:]).previewers)
        #expect(preview.previewer == "text")
        #expect(preview.text == ["first line"])
        #expect(preview.notes.first == "the preview plugin org.example.broken \(reason); showing the text preview")
    }

    @Test func theLocatorGivesEveryRunnablePreviewServiceRegisteredOnesFirst() throws {
        func manifest(_ identifier: String, executable: URL?, types: [String]) -> HandlerManifest {
            HandlerManifest(
                identifier: identifier, name: nil, form: .manifest,
                manifestURL: URL(fileURLWithPath: "/h/\(identifier).json"), bundleURL: nil,
                declaredExecutable: executable?.path, executable: executable, documentTypes: [], exportedTypes: [],
                services: [HandlerService(kind: .preview, types: types, executable: executable, timeLimit: .seconds(3), handlerIdentifier: identifier),
                           HandlerService(kind: .export, types: ["public.zip-archive"], executable: executable, handlerIdentifier: identifier)]
            )
        }
        let bench = try PreviewBench()
        let archiverDirectory = try bench.directory.directory("bin")
        let archiver = try bench.directory.write(Data("#!/bin/sh\n".utf8), to: "bin/\(BundledArchiverLocator.executableName)")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: archiver.path)
        let handlers = HandlerRegistry(handlers: [
            manifest(BundledArchiverLocator.identifier, executable: nil, types: ["public.archive"]),
            manifest("org.example.midi", executable: URL(fileURLWithPath: "/bin/true"), types: ["public.midi-audio"]),
            manifest("org.example.gone", executable: nil, types: ["public.image"]),
        ])
        let locator = HandlerServiceLocator(handlers: handlers, types: bench.registry, bundled: BundledArchiverLocator(directory: archiverDirectory))
        let services = locator.services(.preview)
        #expect(services.map(\.identifier) == ["org.example.midi", BundledArchiverLocator.identifier])
        #expect(services.map(\.types) == [["public.midi-audio"], ["public.archive"]])
        #expect(services.map(\.timeLimit) == [.seconds(3), .seconds(3)])
        #expect(services[1].executable == archiver)
    }
}
