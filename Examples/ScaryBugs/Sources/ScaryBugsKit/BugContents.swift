import DocKit
import Foundation

/// The app's model of an open bug, and its ``DocumentContents``: what a
/// `UIDocument` subclass would override, turning the bug into a package
/// and back.
public actor BugContents: DocumentContents {
    /// The bug as edited.
    public private(set) var bug: ScaryBug
    /// Its picture, if it has one.
    public private(set) var image: BugImage?

    /// - Parameters:
    ///   - bug: The bug to start from; an opened document replaces it.
    ///   - image: Its picture.
    public init(bug: ScaryBug = ScaryBug(title: "", rating: 0), image: BugImage? = nil) {
        self.bug = bug
        self.image = image
    }

    public func contents(forType type: String) throws -> DocumentWrapper {
        try BugPackage.wrapper(for: bug, image: image)
    }

    public func load(fromContents contents: DocumentWrapper, ofType type: String) throws {
        (bug, image) = try BugPackage.contents(of: contents)
    }

    /// Changes the bug; the ``BugDocument`` counts the change.
    func update(_ change: @Sendable (inout ScaryBug) -> Void) {
        change(&bug)
        bug.rating = min(max(bug.rating, ScaryBug.scariness.lowerBound), ScaryBug.scariness.upperBound)
    }

    /// Replaces the picture.
    func setImage(_ image: BugImage?) {
        self.image = image
    }
}
