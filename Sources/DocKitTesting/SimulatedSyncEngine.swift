#if canImport(Glibc)
import Glibc
#endif
import DocKit
import Foundation

/// Does to a ``TemporaryHome`` what a sync engine does to a cloud
/// container, with the names the engines themselves write, so that an
/// app's tests see incomplete documents and conflicts without running
/// Syncthing or Nextcloud.
///
/// ```swift
/// let engine = SimulatedSyncEngine(home: home)
/// try engine.makeConflictCopy(of: "Groceries.txt", contents: "Buy oat milk")
/// // the catalog now lists cloud:Groceries.txt as inConflict
/// ```
public struct SimulatedSyncEngine: Sendable {
    /// The engine whose file names a conflict copy takes.
    public enum ConflictStyle: Sendable, Hashable {
        /// `Name.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.ext`, the device being
        /// the engine's ``SimulatedSyncEngine/device``.
        case syncthing
        /// `Name (conflicted copy YYYY-MM-DD HHMMSS).ext`, or with the user
        /// before the date, as newer Nextcloud clients write it.
        case nextcloud(user: String? = nil)
    }

    /// The home whose Documents folders it writes in.
    public let home: TemporaryHome
    /// The short device ID Syncthing names conflict copies with: capital
    /// letters and digits.
    public let device: String

    /// - Parameters:
    ///   - home: The home to write in.
    ///   - device: The device ID conflict copies name.
    public init(home: TemporaryHome, device: String = "LAPTOP7") {
        self.home = home
        self.device = device
    }

    /// A file the engine has begun to write and not yet renamed into place.
    public struct PendingFile: Sendable, Hashable {
        /// The temporary, `.syncthing.NAME.tmp` beside where the file goes.
        public let temporary: RawPath
        /// Where the file goes once whole.
        public let destination: RawPath

        /// Renames the temporary over the destination, as Syncthing does
        /// once every block has arrived.
        ///
        /// - Throws: `POSIXError` when the rename fails.
        public func finish() throws {
            let renamed = temporary.withCString { from in destination.withCString { to in rename(from, to) } }
            guard renamed == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }

    /// Starts writing `relativePath` as Syncthing does: its new contents
    /// go to `.syncthing.NAME.tmp` in the same folder, so that the document
    /// (or the package holding it) lists as ``DocKit/DocumentState/incomplete``
    /// until ``PendingFile/finish()``.
    ///
    /// - Parameters:
    ///   - relativePath: The file, inside the Documents folder; inside a package for one of its files.
    ///   - contents: What the temporary holds.
    ///   - location: The location; the cloud by default.
    /// - Returns: The pending file.
    /// - Throws: A Foundation error when the temporary cannot be written.
    public func beginWriting(_ relativePath: String, contents: Data = Data(), in location: Location = .cloud) throws -> PendingFile {
        let destination = home.path(relativePath, in: location)
        let temporary = destination.deletingLastComponent.appending(".syncthing." + destination.lastComponent.description + ".tmp")
        try FileManager.default.createDirectory(at: destination.deletingLastComponent.url, withIntermediateDirectories: true)
        try contents.write(to: temporary.url)
        return PendingFile(temporary: temporary, destination: destination)
    }

    /// Writes another device's version of `relativePath` beside it, named
    /// as the engine names a conflict copy, so that the document lists as
    /// ``DocKit/DocumentState/inConflict`` and ``DocKit/DocumentVersions`` gives
    /// the copy as a conflict version. Inside a package, name one of its
    /// files: the copy lies beside that file.
    ///
    /// - Parameters:
    ///   - relativePath: The file the copy is a version of.
    ///   - contents: The other device's contents.
    ///   - location: The location; the cloud by default.
    ///   - style: Whose naming the copy follows.
    ///   - date: The time the name carries, in UTC.
    /// - Returns: The copy's path.
    /// - Throws: A Foundation error when it cannot be written.
    @discardableResult
    public func makeConflictCopy(
        of relativePath: String, contents: Data, in location: Location = .cloud,
        style: ConflictStyle = .syncthing, date: Date = Date()
    ) throws -> RawPath {
        let original = home.path(relativePath, in: location)
        let copy = original.deletingLastComponent.appending(conflictName(of: original.lastComponent.description, style: style, date: date))
        try FileManager.default.createDirectory(at: copy.deletingLastComponent.url, withIntermediateDirectories: true)
        try contents.write(to: copy.url)
        return copy
    }

    /// Writes `text` as UTF-8; see ``makeConflictCopy(of:contents:in:style:date:)-(_,Data,_,_,_)``.
    ///
    /// - Parameters:
    ///   - relativePath: The file the copy is a version of.
    ///   - text: The other device's text.
    ///   - location: The location; the cloud by default.
    ///   - style: Whose naming the copy follows.
    ///   - date: The time the name carries, in UTC.
    /// - Returns: The copy's path.
    /// - Throws: A Foundation error when it cannot be written.
    @discardableResult
    public func makeConflictCopy(
        of relativePath: String, contents text: String, in location: Location = .cloud,
        style: ConflictStyle = .syncthing, date: Date = Date()
    ) throws -> RawPath {
        try makeConflictCopy(of: relativePath, contents: Data(text.utf8), in: location, style: style, date: date)
    }

    /// The name a conflict copy of `filename` takes: the engine's note
    /// goes before the last extension, as both engines put it.
    ///
    /// - Parameters:
    ///   - filename: The document's or the file's name.
    ///   - style: Whose naming to follow.
    ///   - date: The time the name carries, in UTC.
    /// - Returns: The copy's name.
    public func conflictName(of filename: String, style: ConflictStyle = .syncthing, date: Date) -> String {
        let dot = filename.lastIndex(of: ".").flatMap { $0 == filename.startIndex ? nil : $0 }
        let base = dot.map { String(filename[..<$0]) } ?? filename
        let ext = dot.map { String(filename[$0...]) } ?? ""
        let time = Self.timestamp(date)
        switch style {
        case .syncthing:
            return "\(base).sync-conflict-\(time.compactDate)-\(time.compactTime)-\(device)\(ext)"
        case .nextcloud(let user):
            let who = user.map { "\($0) " } ?? ""
            return "\(base) (conflicted copy \(who)\(time.dashedDate) \(time.compactTime))\(ext)"
        }
    }

    /// Delivers a package as Syncthing does, one file at a time, each
    /// written to a temporary and renamed into place; `whileWriting` is
    /// called while a file's temporary is there, and the package lists as
    /// ``DocKit/DocumentState/incomplete`` then.
    ///
    /// - Parameters:
    ///   - relativePath: The package, inside the Documents folder.
    ///   - files: Its files, by their path inside it, in the order they arrive.
    ///   - location: The location; the cloud by default.
    ///   - whileWriting: Called with each file's path inside the package while it is being written.
    /// - Throws: A Foundation error or `POSIXError` when a file cannot be
    ///   written, or what `whileWriting` throws.
    public func deliverPackage(
        _ relativePath: String, files: [(path: String, contents: Data)], in location: Location = .cloud,
        whileWriting: (String) throws -> Void = { _ in }
    ) throws {
        try FileManager.default.createDirectory(at: home.path(relativePath, in: location).url, withIntermediateDirectories: true)
        for file in files {
            let pending = try beginWriting(relativePath + "/" + file.path, contents: file.contents, in: location)
            try whileWriting(file.path)
            try pending.finish()
        }
    }

    private static func timestamp(_ date: Date) -> (compactDate: String, dashedDate: String, compactTime: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let year = String(format: "%04d", parts.year ?? 0)
        return (year + two(parts.month) + two(parts.day), "\(year)-\(two(parts.month))-\(two(parts.day))",
                two(parts.hour) + two(parts.minute) + two(parts.second))
    }
}
