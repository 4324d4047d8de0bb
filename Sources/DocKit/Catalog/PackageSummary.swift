import Foundation

/// What `info` tells about a package: how much is inside, of which types,
/// and what its `Info.plist` (or `Contents/Info.plist`) says.
public struct PackageSummary: Sendable, Hashable, Codable {
    /// Files, directories and links inside, not counting the package itself.
    public var entryCount: Int
    /// The total size in bytes of the regular files and links inside.
    public var size: Int64
    /// Type identifier → how many files inside are of it.
    public var typeCounts: [String: Int]
    /// The path of the Info.plist inside the package, if it has one.
    public var infoPlistPath: String?
    /// Its top-level keys with string, number or boolean values.
    public var infoPlist: [String: String]

    /// Walks a package and reads its Info.plist.
    ///
    /// - Parameters:
    ///   - document: The package.
    ///   - registry: Types the files inside.
    /// - Returns: The summary; an unreadable Info.plist is left out rather than thrown.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the package cannot be walked.
    public static func summarize(_ document: Document, registry: TypeRegistry) throws -> PackageSummary {
        let contents = try PackageContents.walk(document.path)
        var summary = PackageSummary(entryCount: contents.entryCount, size: contents.size, typeCounts: [:], infoPlistPath: nil, infoPlist: [:])
        try countTypes(in: document.path, registry: registry, into: &summary.typeCounts)
        for candidate in ["Info.plist", "Contents/Info.plist"] {
            let path = document.path.appending(candidate)
            guard let status = try FileStatus.of(path), status.kind == .regular,
                  let dictionary = try? PropertyListFile.readDictionary(at: path.url)
            else { continue }
            summary.infoPlistPath = candidate
            for (key, value) in dictionary {
                switch value {
                case let string as String: summary.infoPlist[key] = string
                case let number as NSNumber: summary.infoPlist[key] = number.stringValue
                default: continue
                }
            }
            break
        }
        return summary
    }

    private static func countTypes(in directory: RawPath, registry: TypeRegistry, into counts: inout [String: Int]) throws {
        for name in try DirectoryReader.names(in: directory) {
            let path = directory.appending(name)
            guard let status = try FileStatus.of(path) else { continue }
            if status.kind == .directory, !registry.isPackage(registry.type(forFileName: name.description, isDirectory: true).identifier) {
                try countTypes(in: path, registry: registry, into: &counts)
                continue
            }
            let type = status.kind == .symbolicLink
                ? UTType.symbolicLink
                : registry.type(forFileName: name.description, isDirectory: status.kind == .directory).identifier
            counts[type, default: 0] += 1
        }
    }
}
