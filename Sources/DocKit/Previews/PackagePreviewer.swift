import Foundation

/// A package as a tree of what it holds, with each entry's type and size,
/// a summary of its Info.plist, and the thumbnail it carries, if any.
/// Links are shown, never followed, so nothing outside the package is
/// read.
struct PackagePreviewer: Previewer {
    /// `package`, as notes and `--json` name this previewer.
    public let name = "package"
    /// The types it previews: `com.apple.package` and the types conforming to it.
    public let contentTypes = [UTType.package]

    /// Where document formats keep a ready-made picture of themselves.
    static let thumbnailPatterns: [(directory: String, stem: String)] = [
        ("", "thumbImage"), ("QuickLook", "Thumbnail"), ("QuickLook", "Preview"), ("", "preview"), ("Thumbnails", "thumbnail"),
    ]
    /// Info.plist keys shown at most.
    static let maxInfoKeys = 16

    /// Creates the previewer; it holds no state.
    public init() {}

    /// Any package, including those declared with `LSTypeIsPackage` that do
    /// not conform to `com.apple.package`.
    public func rank(for subject: PreviewSubject, registry: TypeRegistry) -> Int? {
        guard subject.isPackage, subject.fileKind == .directory, !subject.isPlaceholder else { return nil }
        let chain = registry.conformanceChain(of: subject.type)
        return Self.conformanceRank(of: subject.type, among: contentTypes, registry: registry) ?? chain.count
    }

    /// Makes the preview from a bounded read of the file.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The registry, reader and limits.
    /// - Returns: A `package` preview: the tree to the options' depth, the Info.plist summary and any thumbnail.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the package cannot be walked or read.
    public func preview(_ subject: PreviewSubject, in context: PreviewContext) throws -> Preview {
        let options = context.options
        var walk = Walk(registry: context.registry, maxDepth: options.maxDepth, maxEntries: options.maxLines)
        let summary = try walk.visit(subject.path, relativePath: "", depth: 1)
        var preview = Preview(kind: .package, previewer: name)
        preview.fields.append(Preview.Field("contents", "\(summary.count) \(summary.count == 1 ? "item" : "items"), \(summary.files) \(summary.files == 1 ? "file" : "files")"))
        if let thumbnail = try thumbnail(in: subject.path, context: context) {
            preview.fields.append(Preview.Field("thumbnail", thumbnail))
        }
        try addInfoPlist(of: subject.path, to: &preview, context: context)
        preview.tree = walk.entries
        if walk.unlisted > 0 {
            preview.notes.append("\(walk.unlisted) more \(walk.unlisted == 1 ? "entry" : "entries") not shown (the tree shows \(options.maxLines))")
        }
        if walk.entries.contains(where: { $0.omittedEntries > 0 }) {
            preview.notes.append("the tree stops \(options.maxDepth) levels deep")
        }
        return preview
    }

    private func thumbnail(in package: RawPath, context: PreviewContext) throws -> String? {
        for (directory, stem) in Self.thumbnailPatterns {
            let folder = directory.isEmpty ? package : package.appending(directory)
            guard let status = try FileStatus.of(folder), status.kind == .directory else { continue }
            let names = try DirectoryReader.names(in: folder).map(\.description).sorted()
            for name in names where name.hasPrefix(stem + ".") {
                let path = folder.appending(name)
                guard let file = try FileStatus.of(path), file.kind == .regular else { continue }
                let relative = directory.isEmpty ? name : "\(directory)/\(name)"
                guard let header = try? ImageHeader.read(path, reader: context.reader) else { return relative }
                return "\(relative) (\(header.format), \(header.width)×\(header.height))"
            }
        }
        return nil
    }

    private func addInfoPlist(of package: RawPath, to preview: inout Preview, context: PreviewContext) throws {
        for candidate in ["Info.plist", "Contents/Info.plist"] {
            let path = package.appending(candidate)
            guard let status = try FileStatus.of(path), status.kind == .regular else { continue }
            guard status.size <= Int64(context.options.structuredBytes) else {
                preview.notes.append("\(candidate) is larger than \(context.options.structuredBytes) bytes and was not read")
                return
            }
            let bytes = try context.reader.read(path, offset: 0, count: context.options.structuredBytes)
            guard let dictionary = try? PropertyListDecoding.object(from: Data(bytes)) as? [String: Any] else {
                preview.notes.append("\(candidate) is not a property list with a dictionary at its root")
                return
            }
            preview.fields.append(Preview.Field("Info.plist", "\(candidate), \(dictionary.count) \(dictionary.count == 1 ? "key" : "keys")"))
            let keys = dictionary.keys.sorted()
            for key in keys.prefix(Self.maxInfoKeys) {
                let value = dictionary[key]!
                let shown: String
                if let array = value as? [Any] {
                    shown = "(\(array.count) \(array.count == 1 ? "item" : "items"))"
                } else if let nested = value as? [String: Any] {
                    shown = "(\(nested.count) \(nested.count == 1 ? "key" : "keys"))"
                } else if let string = value as? String {
                    shown = VisibleText.visible(Substring(string))
                } else {
                    shown = StructuredValueFormatter.scalar(value)
                }
                preview.fields.append(Preview.Field(key, VisibleText.cut(shown, to: context.options.lineWidth).text, group: candidate))
            }
            if keys.count > Self.maxInfoKeys {
                preview.notes.append("showing \(Self.maxInfoKeys) of the \(keys.count) keys of \(candidate)")
            }
            return
        }
    }

    /// One depth-first walk that lists the entries down to a depth and
    /// sums the sizes of everything, so that a directory's size counts
    /// what the tree does not show.
    struct Walk {
        let registry: TypeRegistry
        let maxDepth: Int
        let maxEntries: Int
        var entries: [Preview.TreeEntry] = []
        var unlisted = 0

        struct Summary {
            var size: Int64 = 0
            var count = 0
            var files = 0
        }

        mutating func visit(_ directory: RawPath, relativePath: String, depth: Int) throws -> Summary {
            var summary = Summary()
            for name in try DirectoryReader.names(in: directory).sorted() {
                let path = directory.appending(name)
                guard let status = try FileStatus.of(path) else { continue }
                let entryPath = relativePath.isEmpty ? name.description : "\(relativePath)/\(name)"
                summary.count += 1
                let listed = depth <= maxDepth
                var entryIndex: Int?
                if listed {
                    if entries.count < maxEntries {
                        entryIndex = entries.count
                        entries.append(Preview.TreeEntry(path: entryPath, depth: depth, kind: .other, type: "", size: 0))
                    } else {
                        unlisted += 1
                    }
                }
                var entry = Preview.TreeEntry(path: entryPath, depth: depth, kind: .other, type: "", size: status.size)
                switch status.kind {
                case .directory:
                    let inside = try visit(path, relativePath: entryPath, depth: depth + 1)
                    summary.size += inside.size
                    summary.count += inside.count
                    summary.files += inside.files
                    entry.kind = .directory
                    entry.size = inside.size
                    entry.type = registry.type(forFileName: name.description, isDirectory: true).identifier
                    if depth == maxDepth { entry.omittedEntries = inside.count }
                case .symbolicLink:
                    summary.size += status.size
                    entry.kind = .symbolicLink
                    entry.type = UTType.symbolicLink
                    entry.linkTarget = FileSystem.symbolicLinkTarget(of: path)?.description
                case .regular, .other:
                    summary.size += status.size
                    summary.files += 1
                    entry.kind = status.kind == .regular ? .file : .other
                    entry.type = UTType.item
                    // Only regular files are sniffed: opening a device or
                    // FIFO could block or have effects.
                    if entryIndex != nil, status.kind == .regular {
                        entry.type = (try? FileTypeIdentifier(registry: registry).identify(path).type.identifier) ?? UTType.data
                    }
                }
                if let entryIndex { entries[entryIndex] = entry }
            }
            return summary
        }
    }
}
