#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The intent log of one mutation, in `<home>/Library/Journal/ID.journal`,
/// as JSON Lines, each flushed before the next step starts. Its
/// owner holds it flock(2)ed: a journal whose lock can be taken belongs to
/// a process that died mid-operation, and ``InterruptedOperations`` finishes
/// or undoes what it says. A torn last line is ignored.
package final class OperationJournal: @unchecked Sendable {
    // Used by one thread: the one running the operation.
    private var descriptor: Int32
    let file: RawPath
    let identifier: String

    static let fileExtension = ".journal"

    static func directory(of home: Home) -> RawPath {
        RawPath(home.libraryDirectory.appending(path: "Journal", directoryHint: .isDirectory))
    }

    /// The hidden name of one of this operation's temporaries beside
    /// `path`: `.docbrowser-tmp-ID.ROLE`, so that an orphan can be traced
    /// to its (missing) journal.
    static func temporary(beside path: RawPath, identifier: String, role: String) -> RawPath {
        path.deletingLastComponent.appending("\(FileSystem.temporaryPrefix)\(identifier).\(role)")
    }

    /// Writes the first line and publishes the journal, already locked,
    /// before anything on disk changes.
    /// `TAG-UUID`: the device tag says whose the operation's temporaries
    /// are (``Home/deviceTag``).
    static func newIdentifier(for home: Home) -> String {
        "\(home.deviceTag)-\(UUID().uuidString.lowercased())"
    }

    init(home: Home, identifier: String? = nil, begin operation: JournalOperation) throws {
        let identifier = identifier ?? Self.newIdentifier(for: home)
        let directory = Self.directory(of: home)
        try FileSystem.createDirectory(directory, mode: 0o700)
        self.identifier = identifier
        file = directory.appending(identifier + Self.fileExtension)
        let staging = directory.appending(".staging-" + identifier)
        descriptor = staging.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw DocKitError(FileSystemError(path: staging, operation: "cannot be created", errno: errno)) }
        // A failure below leaves the descriptor to deinit, which runs once
        // every property is set: closing it here too would close twice.
        guard flock(descriptor, LOCK_EX) == 0 else {
            throw DocKitError(LockError(path: staging.description, errno: errno))
        }
        do {
            try append(JournalEntry(.begin, operation: operation))
            try FileSystem.renameWithoutReplacing(staging, to: file)
            try FileSystem.synchronizeDirectory(directory)
        } catch {
            _ = staging.withCString { unlink($0) }
            throw error
        }
    }

    /// Takes over the journal of a process that died; nil while its owner
    /// still holds it (the operation is running), or when it is gone.
    init?(adopting file: RawPath) {
        let name = file.lastComponent.description
        guard name.hasSuffix(Self.fileExtension) else { return nil }
        identifier = String(name.dropLast(Self.fileExtension.count))
        self.file = file
        descriptor = file.withCString { open($0, O_RDWR | O_APPEND | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        // Returning nil runs deinit, which closes the descriptor.
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, DocumentLock.isStillLinked(descriptor, as: file) else { return nil }
    }

    /// Everything written so far, read through the held descriptor.
    func readEntries() -> [JournalEntry] {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var offset: off_t = 0
        while true {
            let count = pread(descriptor, &buffer, buffer.count, offset)
            if count <= 0 { break }
            data.append(contentsOf: buffer[..<count])
            offset += off_t(count)
        }
        return Self.entries(in: data)
    }

    deinit { DescriptorClosing.close(descriptor) }

    func append(_ entry: JournalEntry) throws(DocKitError) {
        var line = (try? JSONEncoder().encode(entry)) ?? Data()
        line.append(UInt8(ascii: "\n"))
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count, fsync(descriptor) == 0 else {
            throw DocKitError(FileSystemError(path: file, operation: "cannot be written", errno: errno))
        }
    }

    /// Called once a plugin's process exists, before it is let run: should
    /// this process die, the next run stops the plugin before removing what
    /// it writes into, so that nothing it writes later outlives the sweep.
    func recordLaunch(of plugin: ProcessIdentity) throws(DocKitError) {
        try append(JournalEntry(.launched, process: plugin))
        CrashPoint.reached("plugin-launched")
    }

    /// The operation is over, done or undone: the journal goes, then the lock.
    func finish() {
        guard descriptor >= 0 else { return }
        _ = file.withCString { unlink($0) }
        close(descriptor)
        descriptor = -1
    }

    package static func entries(in data: Data) -> [JournalEntry] {
        let decoder = JSONDecoder()
        return data.split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(JournalEntry.self, from: Data($0)) }
    }
}
