#if canImport(Glibc)
import Glibc
#endif
import Foundation

extension Home {
    /// Eight hex digits naming this home among the devices that share a
    /// cloud container, chosen at random once and kept in
    /// `Library/device-tag`. docbrowser's temporaries in the cloud carry
    /// it, so that each device's recovery removes only its own, never
    /// another's that the sync engine brought over.
    public var deviceTag: String {
        let file = RawPath(libraryDirectory.appending(path: "device-tag"))
        if let tag = Self.readTag(file) { return tag }
        let tag = String(format: "%08x", UInt32.random(in: .min ... .max))
        try? FileSystem.createDirectory(RawPath(libraryDirectory))
        // Two first commands at once: the one whose file lands first wins.
        let staged = RawPath(libraryDirectory.appending(path: "device-tag.\(getpid())"))
        try? FileSystem.writeAtomically(Data(tag.utf8), to: staged)
        if (try? FileSystem.renameWithoutReplacing(staged, to: file)) == nil { _ = staged.withCString { unlink($0) } }
        return Self.readTag(file) ?? tag
    }

    private static func readTag(_ file: RawPath) -> String? {
        guard let data = try? Data(contentsOf: file.url), data.count == 8,
              let text = String(data: data, encoding: .ascii), text.allSatisfy(\.isHexDigit)
        else { return nil }
        return text
    }
}
