#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What can be said of any item: its dates, where a link points, and the
/// first bytes as `xxd` shows them. It takes every subject, and is the
/// last resort when the previewers for a type fail.
public struct GenericPreviewer: Previewer {
    /// `generic`, as notes and `--json` name this previewer.
    public let name = "generic"
    /// Every item: it takes any subject.
    public let contentTypes = [UTType.item]

    /// Creates the previewer; it holds no state.
    public init() {}

    /// Ranks every subject last, so it speaks only when nothing else can.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - registry: Not needed: every subject ranks the same.
    /// - Returns: `Int.max`.
    public func rank(for subject: PreviewSubject, registry: TypeRegistry) -> Int? { Int.max }

    /// Makes the preview from a bounded read of the file.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The registry, reader and limits.
    /// - Returns: Dates, a link's target, or a hex dump of the first bytes.
    /// - Throws: ``DocKitError/Code/fileSystem`` when a regular file's head cannot be read.
    public func preview(_ subject: PreviewSubject, in context: PreviewContext) throws -> Preview {
        var preview = Preview(kind: .generic, previewer: name)
        preview.fields.append(Preview.Field("modified", subject.modificationDate.formatted(Date.ISO8601FormatStyle())))
        if let changed = subject.changeDate {
            preview.fields.append(Preview.Field("changed", changed.formatted(Date.ISO8601FormatStyle())))
        }
        if subject.isPlaceholder {
            preview.fields.append(Preview.Field("state", "not downloaded (iCloud placeholder): nothing here to show"))
            return preview
        }
        switch subject.fileKind {
        case .symbolicLink:
            preview.fields.append(Preview.Field("link to", FileSystem.symbolicLinkTarget(of: subject.path)?.description ?? "(unreadable)"))
        case .regular:
            let head = try context.reader.read(subject.path, offset: 0, count: context.options.hexDumpBytes)
            preview.text = Self.hexDump(head).map { VisibleText.cut($0, to: context.options.lineWidth).text }
            if Int64(head.count) < subject.size {
                preview.notes.append("showing the first \(head.count) of \(subject.size) bytes")
            }
        case .directory, .other:
            break
        }
        return preview
    }

    /// Lines as `xxd` writes them: offset, 16 bytes in pairs, and the
    /// printable ASCII characters with a dot for the others.
    static func hexDump(_ bytes: [UInt8]) -> [String] {
        stride(from: 0, to: bytes.count, by: 16).map { offset in
            let row = bytes[offset..<min(offset + 16, bytes.count)]
            var hex = ""
            for (index, byte) in row.enumerated() {
                hex += String(format: "%02x", byte)
                if index % 2 == 1 { hex += " " }
            }
            let ascii = String(row.map { (0x20..<0x7F).contains($0) ? Character(Unicode.Scalar($0)) : "." })
            return String(format: "%08x: ", offset) + hex.padding(toLength: 40, withPad: " ", startingAt: 0) + " " + ascii
        }
    }
}
