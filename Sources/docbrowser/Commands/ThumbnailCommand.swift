import ArgumentParser
import DocKit
import Foundation

struct ThumbnailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnail",
        abstract: "Print each document's thumbnail in the desktop's thumbnail cache, making it when needed.",
        discussion: """
        Thumbnails follow the freedesktop Thumbnail Managing Standard ($XDG_CACHE_HOME/thumbnails), so \
        those GNOME Files, Dolphin or GIO made are used as they are, and they use docbrowser's. A thumbnail \
        the document carries (iWork, ODF, OOXML, a package's thumbImage) is scaled by the installed image \
        thumbnailer; anything else goes to the desktop's thumbnailer for its type, inside bubblewrap when \
        it can run. A thumbnailer that fails is not run again on the file until it changes. \
        Setting thumbnails.seconds (docbrowser config) limits how long each may run.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Paths, or names as 'list' shows them (local:NAME or cloud:NAME when both have one).", completion: DocumentNameCompletion.kind)
    var documents: [String]

    @Option(help: "normal (128 pixels), large (256), x-large (512) or xx-large (1024).")
    var size: ThumbnailSize = .normal

    func validate() throws {
        if documents.isEmpty { throw ValidationError("Name at least one document to make a thumbnail of.") }
    }

    /// A thumbnail as `--json` prints it, with the document it is of.
    struct Report: Encodable {
        var name: String
        var path: String
        var thumbnail: String
        var thumbnailSize: ThumbnailSize
        var origin: Thumbnail.Origin
        var generator: String?
        var embedded: String?
        var notes: [String]
    }

    func run() async throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let service = context.library.thumbnailService(registry: catalog.registry, configuration: catalog.configuration)
        var subjects: [Result<PreviewSubject, any Error>] = []
        for argument in documents {
            subjects.append(Result { try PreviewCommand.subject(for: argument, catalog: catalog) })
        }
        let made = await Self.thumbnails(of: subjects, size: size, service: service)
        var reports: [Report] = []
        var failure: Int32?
        for (subject, result) in zip(subjects, made) {
            do {
                let subject = try subject.get()
                guard let thumbnail = try result?.get() else { continue }
                let report = Report(
                    name: subject.name, path: subject.path.description, thumbnail: thumbnail.path.description, thumbnailSize: thumbnail.size,
                    origin: thumbnail.origin, generator: thumbnail.generator, embedded: thumbnail.embedded, notes: thumbnail.notes
                )
                context.output.partialText { text in text.line(Preview.visible(report.thumbnail)) }
                for note in thumbnail.notes { context.output.textNote("\(subject.name): \(note)") }
                reports.append(report)
            } catch let error as DocKitError {
                context.output.error(error)
                if error.code == .cancelled, let signal = error.signal { throw ExitCode(128 + signal) }
                failure = failure ?? ExitStatus.status(for: error)
            }
        }
        try context.output.result(reports) { _ in }
        if let failure { throw ExitCode(failure) }
    }

    /// Each subject's thumbnail (`nil` for a subject not found), made on every core at once: a thumbnailer
    /// is a process of its own, mostly waiting on one core.
    static func thumbnails(of subjects: [Result<PreviewSubject, any Error>], size: ThumbnailSize,
                           service: ThumbnailService) async -> [Result<Thumbnail, DocKitError>?] {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var results = [Result<Thumbnail, DocKitError>?](repeating: nil, count: subjects.count)
        await withTaskGroup(of: (Int, Result<Thumbnail, DocKitError>)?.self) { group in
            var next = 0
            func start() {
                while next < subjects.count {
                    let index = next
                    next += 1
                    guard case .success(let subject) = subjects[index] else { continue }
                    group.addTask {
                        // Not `do throws(DocKitError)`: swiftc 6.3.1 -O
                        // miscompiled that here, and the index came back garbled.
                        do {
                            return (index, .success(try await service.thumbnail(for: subject, size: size)))
                        } catch let error as DocKitError {
                            return (index, .failure(error))
                        } catch {
                            return (index, .failure(DocKitError(.fileSystem, description: String(describing: error))))
                        }
                    }
                    return
                }
            }
            for _ in 0..<width { start() }
            while let finished = await group.next() {
                if let (index, result) = finished { results[index] = result }
                start()
            }
        }
        return results
    }
}

extension ThumbnailSize: ExpressibleByArgument {}
