import Foundation
import Testing
@testable import DocKit

@Suite("ThumbnailService: what it says when it cannot make one")
struct ThumbnailServiceTests {
    final class Bench {
        let root = FileManager.default.temporaryDirectory.appending(path: "thumbnail-service-\(UUID().uuidString)")
        /// No thumbnailer installed, the cache inside the bench.
        var service: ThumbnailService {
            ThumbnailService(home: Home(url: root.appending(path: "home")), registry: TypeRegistry(types: [], claims: []),
                             environment: ["XDG_CACHE_HOME": root.appending(path: "cache").path, "XDG_DATA_HOME": root.appending(path: "data").path,
                                           "XDG_DATA_DIRS": root.appending(path: "data-dirs").path, "PATH": "/usr/bin:/bin"],
                             archiver: nil)
        }
        init() throws { try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: root) }

        func subject(_ name: String, kind: FileStatus.Kind = .regular, placeholder: Bool = false) -> PreviewSubject {
            PreviewSubject(path: RawPath(root.appending(path: name).path), name: name, type: "public.data", fileKind: kind,
                           isPackage: false, isPlaceholder: placeholder, size: 0, modificationDate: Date())
        }
    }

    @Test func aFileThatIsGoneIsNotFound() async throws {
        let bench = try Bench()
        let subject = bench.subject("gone.png")
        await #expect(throws: DocKitError(ThumbnailError.fileNotFound(file: subject.path.description))) {
            try await bench.service.thumbnail(for: subject, size: .normal)
        }
    }

    @Test func aPlaceholderIsNotDownloaded() async throws {
        let bench = try Bench()
        let subject = bench.subject(".Report.pdf.icloud", placeholder: true)
        await #expect(throws: DocKitError(ThumbnailError.notDownloaded(file: subject.path.description))) {
            try await bench.service.thumbnail(for: subject, size: .normal)
        }
    }

    @Test func withNoGeneratorNothingIsRunAndNoFailureIsRecorded() async throws {
        let bench = try Bench()
        try Data("data".utf8).write(to: bench.root.appending(path: "blob.bin"))
        let subject = bench.subject("blob.bin")
        await #expect(throws: DocKitError(ThumbnailError.noGenerator(file: subject.path.description, type: "public.data"))) {
            try await bench.service.thumbnail(for: subject, size: .normal)
        }
        // Nothing failed: a thumbnailer installed later is tried at once.
        #expect(!FileManager.default.fileExists(atPath: bench.root.appending(path: "cache/thumbnails").path))
    }
}
