#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Testing

@Suite("Editable documents and docbrowser's mutations")
struct EditingCoordinationTests {
    private var openedBy: String {
        "open in \(EditingFixtures.application) (\(EditingFixtures.applicationIdentifier)) (pid \(getpid()))"
    }

    // Another process's move is refused with the app's name and pid
    // (theCommandRefusesAnOpenDocument below runs docbrowser against it);
    // the app itself, resolving or moving what it has open, is not.
    @Test func theAppThatHasADocumentOpenMayMoveItItself() async throws {
        let home = try TestHome("open")
        try home.write("text", to: "Report.txt")
        let catalog = try home.catalog()
        let trash = Trash(directory: RawPath(home.directory.url.appending(path: "Trash")))
        let document = try EditingFixtures.document("Report.txt", in: home, model: WrapperModel())
        try await document.open()
        let entry = try await catalog.resolve("Report.txt")
        #expect(entry.states == [.open])
        #expect(OpenDocumentRecord.holders(of: entry.path, in: LockDirectory(home: home.home)).map(\.description) == [openedBy])
        #expect(try await DocumentMover(catalog: catalog, trash: trash).move(entry, to: .cloud, onConflict: .fail).document.location == .cloud)
        #expect(!home.exists("Report.txt"))
        try await document.close()
    }

    @Test func aSaveWhileAMutationHoldsTheLockFailsNamingIt() async throws {
        let home = try TestHome("busy")
        try home.write("before", to: "Report.txt")
        let model = WrapperModel()
        let document = try EditingFixtures.document("Report.txt", in: home, model: model)
        try await document.open()
        let mutation = try DocumentLock([home.path("Report.txt")], in: LockDirectory(home: home.home), holder: LockHolder(pid: 4242, activity: "moving local:Report.txt to cloud"))
        await model.set(text: "after")
        await document.updateChangeCount(.done)
        do {
            try await document.save()
            Issue.record("saved under another process's lock")
        } catch {
            guard case .busy(let path, let holder)? = error.failure(as: EditingError.self) else { throw error }
            #expect(path == home.path("Report.txt"))
            #expect(holder?.pid == 4242)
            #expect(error.code == .busy)
            #expect(error.description.contains("moving local:Report.txt to cloud (pid 4242)"))
        }
        #expect(await document.documentState == .savingError)
        #expect(await document.hasUnsavedChanges)
        #expect(try home.contents("Report.txt") == "before")
        mutation.release()
        try await document.save()
        #expect(await document.documentState == .normal)
        #expect(try home.contents("Report.txt") == "after")
        try await document.close()
    }

    @Test func anOpenIsRefusedWhileAMutationIsUnderWay() async throws {
        let home = try TestHome("opening")
        try home.write("text", to: "Report.txt")
        let mutation = try DocumentLock([home.path("Report.txt")], in: LockDirectory(home: home.home), holder: LockHolder(pid: 4242, activity: "deleting local:Report.txt"))
        let document = try EditingFixtures.document("Report.txt", in: home, model: WrapperModel())
        await #expect(throws: DocKitError.self) { try await document.open() }
        #expect(await document.documentState == .closed)
        mutation.release()
        try await document.open()
        try await document.close()
    }

    @Test("docbrowser move refuses a document the app holds open (exit 5), naming the app",
          .enabled(if: EditingFixtures.docbrowser != nil, "needs the built docbrowser"))
    func theCommandRefusesAnOpenDocument() async throws {
        let home = try TestHome("command")
        try home.write("text", to: "Report.txt")
        let document = try EditingFixtures.document("Report.txt", in: home, model: WrapperModel())
        try await document.open()
        let process = Process()
        process.executableURL = EditingFixtures.docbrowser
        process.arguments = ["--home", home.root, "move", "Report.txt", "--to", "cloud"]
        process.environment = [
            "HOME": home.root, "XDG_DATA_HOME": home.root + "/xdg-data", "XDG_CONFIG_HOME": home.root + "/xdg-config",
            "XDG_DATA_DIRS": home.root + "/xdg-system", "NO_COLOR": "1", "PATH": "/usr/bin:/bin",
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        // Waited for without blocking a thread of the pool, which the
        // document's own tasks need.
        let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == 5)
        #expect(stderr.contains(EditingFixtures.application), "\(stderr)")
        #expect(stderr.contains("pid \(getpid())"), "\(stderr)")
        #expect(home.exists("Report.txt"))
        try await document.close()
    }
}
