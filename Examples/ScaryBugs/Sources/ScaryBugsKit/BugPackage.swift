import DocKit
import Foundation

/// The layout of a `.scarybug` package: `Bug.plist`, and the picture as
/// `Image.EXT`. Anything else inside, such as a sync engine's conflict
/// copy, is left for DocKit's versions to find.
public enum BugPackage {
    /// The property list holding the ``ScaryBug``.
    public static let propertyListName = "Bug.plist"
    /// The picture's name before its extension.
    public static let imageStem = "Image"

    /// The package's contents for a bug and its picture.
    ///
    /// - Throws: What encoding the property list throws.
    public static func wrapper(for bug: ScaryBug, image: BugImage?) throws -> DocumentWrapper {
        var children: [RawPath: DocumentWrapper] = [RawPath(propertyListName): .regularFile(try bug.propertyList())]
        if let image { children[RawPath(image.fileName)] = .regularFile(image.data) }
        return .directory(children)
    }

    /// The bug and picture a package holds.
    ///
    /// - Throws: ``BugError/notAPackage`` for a plain file, and
    ///   ``BugError/unreadable(part:reason:)`` when `Bug.plist` is missing
    ///   or is no bug.
    public static func contents(of wrapper: DocumentWrapper) throws(BugError) -> (bug: ScaryBug, image: BugImage?) {
        guard let children = wrapper.children else { throw .notAPackage }
        guard let propertyList = children[RawPath(propertyListName)]?.regularFileContents else {
            throw .unreadable(part: propertyListName, reason: "missing")
        }
        let bug = try ScaryBug(propertyList: propertyList)
        let image = children
            .filter { $0.key.description.hasPrefix(imageStem + ".") && !$0.key.description.contains(".sync-conflict-") }
            .sorted { $0.key.description < $1.key.description }
            .first
            .flatMap { name, child in
                child.regularFileContents.map { BugImage(filenameExtension: String(name.description.dropFirst(imageStem.count + 1)), data: $0) }
            }
        return (bug, image)
    }
}
