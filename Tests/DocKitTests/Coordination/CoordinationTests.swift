#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Testing

@Suite("Document locks, open records and the states they give")
struct CoordinationTests {
    private func setUp() throws -> (TestHome, DocumentCatalog, Trash) {
        let home = try TestHome()
        _ = try home.write("text", to: "Report.txt")
        let trash = Trash(directory: RawPath(home.directory.url.appending(path: "Trash")))
        return (home, try home.catalog(), trash)
    }

    @Test func aMutationInProgressRefusesOthersAndNamesItsHolder() throws {
        let (home, catalog, trash) = try setUp()
        let document = try catalog.resolve("Report.txt")
        let holder = LockHolder(pid: 4242, activity: "moving local:Report.txt to cloud")
        let lock = try DocumentLock([document.path], in: LockDirectory(home: home.home), holder: holder)
        do {
            _ = try DocumentDeleter(catalog: catalog, trash: trash).delete(document, permanently: false)
            Issue.record("deleted a locked document")
        } catch let error as DocKitError {
            guard case .busy(let path, let named)? = error.failure(as: CoordinationError.self) else { throw error }
            #expect(path == document.path.description)
            #expect(named?.pid == 4242)
            #expect(error.description.contains("another docbrowser process is moving local:Report.txt to cloud (pid 4242)"))
            #expect(error.code == .busy)
        }
        lock.release()
        #expect(home.exists("Report.txt"))
        let result = try DocumentDeleter(catalog: catalog, trash: trash).delete(document, permanently: false)
        #expect(result.trashName == "Report.txt")
        #expect(try (FileManager.default.contentsOfDirectory(atPath: LockDirectory(home: home.home).path.description)).isEmpty, "lock files go with their locks")
    }

    @Test func lockedDocumentsAreListedAsLockedWhileTheirHolderLives() throws {
        let (home, catalog, _) = try setUp()
        let document = try catalog.resolve("Report.txt")
        let lock = try DocumentLock([document.path], in: LockDirectory(home: home.home), holder: LockHolder(activity: "moving"))
        #expect(try catalog.resolve("Report.txt").states == [.locked])
        lock.release()
        #expect(try catalog.resolve("Report.txt").states.isEmpty)
    }

    @Test func anOpenDocumentIsRefusedUnlessForcedAndListedAsOpen() throws {
        let (home, catalog, trash) = try setUp()
        let document = try catalog.resolve("Report.txt")
        let locks = LockDirectory(home: home.home)
        let record = try OpenDocumentRecord(document.path, in: locks, holder: LockHolder(pid: 777, activity: "open in TextPad (org.example.textpad)", handlerIdentifier: "org.example.textpad"))
        #expect(try catalog.resolve("Report.txt").states == [.open])
        do {
            _ = try DocumentMover(catalog: catalog, trash: trash).move(document, to: .cloud, onConflict: .fail)
            Issue.record("moved an open document")
        } catch let error as DocKitError where error.code == .inUse {
            #expect(error.description == "local:Report.txt: open in TextPad (org.example.textpad) (pid 777)")
        }
        #expect(home.exists("Report.txt"))
        let forced = try DocumentMover(catalog: catalog, trash: trash, force: true).move(document, to: .cloud, onConflict: .fail)
        #expect(forced.document.location == .cloud)
        record.close()
        #expect(OpenDocumentRecord.holders(of: document.path, in: locks).isEmpty)
    }

    @Test func aDocumentThisProcessHasOpenIsNotRefusedByItsOwnRecord() throws {
        let (home, catalog, trash) = try setUp()
        _ = try home.write("text", to: "Folder/Inside.txt")
        let locks = LockDirectory(home: home.home)
        let report = try catalog.resolve("Report.txt")
        let inside = try OpenDocumentRecord(home.path("Folder/Inside.txt"), in: locks, holder: LockHolder(activity: "open in this app"))
        let record = try OpenDocumentRecord(report.path, in: locks, holder: LockHolder(activity: "open in this app"))
        #expect(try catalog.resolve("Report.txt").states == [.open], "others still see it open")
        let moved = try DocumentMover(catalog: catalog, trash: trash).move(report, to: .cloud, onConflict: .fail)
        #expect(moved.document.location == .cloud)
        let folder = try DocumentMover(catalog: catalog, trash: trash).move(try catalog.resolve("Folder"), to: .cloud, onConflict: .fail)
        #expect(folder.document.location == .cloud)
        record.close()
        inside.close()
    }

    @Test func aRecordWhoseOwnerDiedIsIgnoredAndRemoved() throws {
        let (home, catalog, _) = try setUp()
        let document = try catalog.resolve("Report.txt")
        let locks = LockDirectory(home: home.home)
        try locks.create()
        // What a killed `open --wait` leaves: the record, with nobody holding its lock.
        let stale = locks.path.appending(locks.openRecordPrefix(for: document.path) + "dead")
        try Data(LockHolder(pid: 1, activity: "open in Gone").encoded()).write(to: stale.url)
        #expect(OpenDocumentRecord.holders(of: document.path, in: locks).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: stale.description))
        #expect(try catalog.resolve("Report.txt").states.isEmpty)
    }

    @Test func twoMoversOfOneDocumentNeverBothRun() async throws {
        let (home, catalog, trash) = try setUp()
        let document = try await catalog.resolve("Report.txt")
        let outcomes = await withTaskGroup(of: String.self) { group in
            for location in [Location.cloud, .cloud, .cloud, .cloud] {
                group.addTask {
                    do {
                        _ = try DocumentMover(catalog: catalog, trash: trash).move(document, to: location, onConflict: .rename)
                        return "moved"
                    } catch let error as DocKitError where error.code == .busy {
                        return "busy refused"
                    } catch let error as DocKitError {
                        return "\(error.code)"
                    } catch {
                        return "unexpected \(error)"
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == "moved" }.count == 1, "\(outcomes)")
        #expect(outcomes.allSatisfy { ["moved", "busy refused", "notFound"].contains($0) }, "\(outcomes)")
        let inCloud = try FileManager.default.contentsOfDirectory(atPath: home.documentsPath(.cloud))
        #expect(inCloud == ["Report.txt"], "\(outcomes)")
    }
}

@Suite("The freedesktop Trash format")
struct TrashFormatTests {
    @Test func pathsArePercentEncodedAndDecodedBack() throws {
        let path = RawPath(bytes: Array("/home/u/Docs/Café & 100%.txt".utf8) + [0xE9])
        let info = TrashInfo(originalPath: path, deletionDate: Date(timeIntervalSince1970: 0))
        #expect(info.contents.contains("Path=/home/u/Docs/Caf%C3%A9%20%26%20100%25.txt%E9\n"))
        #expect(info.contents.hasPrefix("[Trash Info]\n"))
        #expect(TrashInfo.parse(info.contents) == info)
    }

    @Test func collidingNamesAreNumberedBeforeTheExtension() {
        #expect(Trash.candidateName(for: RawPath("/a/Report.txt"), attempt: 1) == RawPath("Report.txt"))
        #expect(Trash.candidateName(for: RawPath("/a/Report.txt"), attempt: 3) == RawPath("Report 3.txt"))
        #expect(Trash.candidateName(for: RawPath("/a/.hidden"), attempt: 2) == RawPath(".hidden 2"))
        #expect(Trash.candidateName(for: RawPath("/a/Letter.rtfd"), attempt: 2) == RawPath("Letter 2.rtfd"))
    }

    @Test func theHomeTrashFollowsXDGDataHome() {
        #expect(Trash.home(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]).directory == RawPath("/x/data/Trash"))
        #expect(Trash.home(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).directory == RawPath("/h/.local/share/Trash"))
    }
}
