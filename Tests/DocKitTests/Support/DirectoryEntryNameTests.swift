#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import DocKit

@Suite("Directory entry names")
struct DirectoryEntryNameTests {
    @Test("a name is read where it lies, never past its entry: a short entry can end a mapping")
    func nameIsReadInPlace() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let region = try #require(mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        try #require(region != MAP_FAILED)
        defer { munmap(region, 2 * page) }
        // The page after the entry cannot be read, as past the end of
        // glibc's directory buffer when it ends a heap's mapping.
        try #require(mprotect(region + page, page, PROT_NONE) == 0)
        let name = Array("a.md".utf8)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let length = (nameOffset + name.count + 1 + 7) & ~7
        let entry = region + page - length
        entry.initializeMemory(as: UInt8.self, repeating: 0, count: length)
        (entry + nameOffset).copyMemory(from: name, byteCount: name.count)
        #expect(length < MemoryLayout<dirent>.size)
        #expect(Array(entry.assumingMemoryBound(to: dirent.self).nameBytes) == name)
    }

    @Test("a real folder's names all come back, `.` and `..` left out")
    func realFolder() throws {
        let folder = try TemporaryDirectory("entries")
        let names = ["a", "b.txt", String(repeating: "n", count: 255), "é.md"]
        for name in names { _ = try folder.write("x", to: name) }
        let read = try DirectoryReader.names(in: RawPath(folder.url.path)).map(\.description)
        #expect(Set(read) == Set(names))
    }
}
