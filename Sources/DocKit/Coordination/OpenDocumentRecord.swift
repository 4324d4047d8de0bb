#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Marks a document as `open` in a handler for as long as the value lives
/// (`open --wait`). The record is a file in the Locks folder that its
/// owner keeps flock(2)ed: a record whose lock can be taken belongs to a
/// process that died, and is ignored and removed — which, unlike checking
/// a pid, cannot be fooled by pid reuse.
public final class OpenDocumentRecord: @unchecked Sendable {
    // Written in init, cleared once in close.
    private var descriptor: Int32
    private let file: RawPath

    /// Refuses with ``DocKitError/Code/busy`` while
    /// another process is mutating the document, so an open never starts
    /// on a half-moved document.
    ///
    /// - Parameters:
    ///   - document: The document the handler opens.
    ///   - directory: The home's Locks folder, where the record is made.
    ///   - holder: Who has it open, for other processes' messages.
    /// - Throws: ``DocKitError/Code/busy`` while another
    ///   process is mutating it; ``DocKitError/Code/fileSystem`` when the Locks folder or
    ///   the record cannot be made; ``DocKitError/Code/fileSystem`` when a lock file cannot be
    ///   opened or locked.
    public init(_ document: RawPath, in directory: LockDirectory, holder: LockHolder) throws {
        let mutation = try DocumentLock([document], in: directory, holder: LockHolder(activity: "opening it"))
        defer { mutation.release() }
        // Locked under a name nobody inspects, then renamed into view, so a
        // reader never finds the record before its owner holds it.
        let unique = UUID().uuidString
        let staging = directory.path.appending(".staging-\(unique)")
        file = directory.path.appending(directory.openRecordPrefix(for: document) + unique)
        descriptor = staging.withCString { open($0, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw DocKitError(LockError(path: staging.description, errno: errno)) }
        // A throw below runs deinit, whose close() would unlink the record
        // and close the descriptor a second time: each failure closes it
        // and marks it closed.
        guard flock(descriptor, LOCK_EX) == 0 else {
            let code = errno
            DescriptorClosing.close(descriptor)
            descriptor = -1
            throw DocKitError(LockError(path: staging.description, errno: code))
        }
        DocumentLock.write(holder, to: descriptor)
        do {
            try FileSystem.renameWithoutReplacing(staging, to: file)
        } catch {
            _ = staging.withCString { unlink($0) }
            DescriptorClosing.close(descriptor)
            descriptor = -1
            throw error
        }
    }

    deinit { close() }

    /// Updates who holds it, once the handler's pid is known.
    ///
    /// - Parameter holder: Who has the document open now.
    public func update(_ holder: LockHolder) {
        guard descriptor >= 0 else { return }
        DocumentLock.write(holder, to: descriptor)
    }

    /// Removes the record, so the document is no longer `open`; calling it again does nothing.
    public func close() {
        guard descriptor >= 0 else { return }
        _ = file.withCString { unlink($0) }
        DescriptorClosing.close(descriptor)
        descriptor = -1
    }

    /// The live handlers holding `document` open; records of dead owners
    /// are removed on the way.
    ///
    /// - Parameters:
    ///   - document: The document to ask about.
    ///   - directory: The home's Locks folder.
    /// - Returns: Who has it open; empty when nobody does, or when the Locks
    ///   folder cannot be read.
    public static func holders(of document: RawPath, in directory: LockDirectory) -> [LockHolder] {
        let prefix = Array(directory.openRecordPrefix(for: document).utf8)
        guard let names = try? DirectoryReader.names(in: directory.path) else { return [] }
        return names.filter { $0.bytes.starts(with: prefix) }.compactMap { liveHolder(in: directory.path.appending($0)) }
    }

    /// Refuses a mutation of a document a handler has open, unless forced.
    /// This process's own records never refuse it: an app that has the
    /// document open, and resolves or moves it, is the one holding it.
    static func refuseIfOpen(_ document: RawPath, name: String, in directory: LockDirectory, force: Bool) throws {
        guard !force else { return }
        let holders = othersOnly(holders(of: document, in: directory))
        if !holders.isEmpty { throw DocKitError(CoordinationError.open(document: name, holders: holders)) }
    }

    private static func othersOnly(_ holders: [LockHolder]) -> [LockHolder] {
        let me = getpid()
        return holders.filter { $0.pid != me }
    }

    /// ``refuseIfOpen(_:name:in:force:)`` for `document` and, when it is a
    /// plain folder, for every document inside it: the refusal names the
    /// one a handler has open.
    static func refuseIfOpen(_ document: Document, in directory: LockDirectory, force: Bool) throws {
        try refuseIfOpen(document.path, name: document.qualifiedName, in: directory, force: force)
        guard document.isFolder, !force else { return }
        let open = allHolders(in: directory).compactMapValues { holders in
            let others = othersOnly(holders)
            return others.isEmpty ? nil : others
        }
        guard !open.isEmpty else { return }
        var found: (RawPath, [LockHolder])?
        try TreeWalk.visit(document.path) { relativePath, _ in
            guard let holders = open[directory.key(for: document.path.appending(relativePath))] else { return true }
            found = (relativePath, holders)
            return false
        }
        if let (relativePath, holders) = found {
            throw DocKitError(CoordinationError.open(document: "\(document.qualifiedName)/\(relativePath)", holders: holders))
        }
    }

    /// Every live record, by the lock key of its document.
    static func allHolders(in directory: LockDirectory) -> [String: [LockHolder]] {
        guard let names = try? DirectoryReader.names(in: directory.path) else { return [:] }
        var result: [String: [LockHolder]] = [:]
        for name in names {
            let text = name.description
            guard let marker = text.range(of: LockDirectory.openRecordMarker) else { continue }
            if let holder = liveHolder(in: directory.path.appending(name)) {
                result[String(text[..<marker.lowerBound]), default: []].append(holder)
            }
        }
        return result
    }

    private static func liveHolder(in file: RawPath) -> LockHolder? {
        let descriptor = file.withCString { open($0, O_RDWR | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            if DocumentLock.isStillLinked(descriptor, as: file) { _ = file.withCString { unlink($0) } }
            return nil
        }
        return DocumentLock.readHolder(descriptor) ?? LockHolder(pid: 0, activity: "open in a handler")
    }
}
