#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Testing

/// A failed initializer of a class runs its deinit once every property is
/// set; a failure path that closed the descriptor as well closed it twice,
/// and in a threaded process the second close hit whatever another thread
/// had opened under that number (a tree copy failed with EBADF). One test
/// at a time: the last one moves the count the others read.
@Suite("Descriptors closed once", .serialized)
struct DescriptorClosingTests {
    @Test("a journal still held by its owner is not adopted, and its descriptor is closed once")
    func adoptingAHeldJournal() throws {
        let home = try TestHome()
        let journal = try OperationJournal(home: home.home, begin: .export(temporary: RawPath(home.directory.url.appending(path: "t").path)))
        let before = DescriptorClosing.closesOfUnopenedDescriptors
        #expect(OperationJournal(adopting: journal.file) == nil)
        #expect(DescriptorClosing.closesOfUnopenedDescriptors == before)
        journal.finish()
    }

    @Test("a journal whose name is taken is refused, its staging file removed, its descriptor closed once")
    func aJournalUnderATakenName() throws {
        let home = try TestHome()
        let temporary = RawPath(home.directory.url.appending(path: "t").path)
        let first = try OperationJournal(home: home.home, begin: .export(temporary: temporary))
        let before = DescriptorClosing.closesOfUnopenedDescriptors
        #expect(throws: DocKitError.self) {
            _ = try OperationJournal(home: home.home, identifier: first.identifier, begin: .export(temporary: temporary))
        }
        #expect(DescriptorClosing.closesOfUnopenedDescriptors == before)
        let names = try DirectoryReader.names(in: OperationJournal.directory(of: home.home)).map(\.description)
        #expect(names == [first.identifier + OperationJournal.fileExtension])
        first.finish()
    }

    @Test("closing a descriptor that is not open is counted; a negative one is left alone")
    func theCountSeesACloseOfNothing() {
        let before = DescriptorClosing.closesOfUnopenedDescriptors
        DescriptorClosing.close(-1)
        #expect(DescriptorClosing.closesOfUnopenedDescriptors == before)
        // Above any descriptor limit, so no other test's file can have it.
        DescriptorClosing.close(Int32.max)
        #expect(DescriptorClosing.closesOfUnopenedDescriptors > before)
    }
}
