import Foundation

/// A scary bug: what a bug document says about it, apart from its picture.
public struct ScaryBug: Sendable, Hashable, Codable {
    /// What the bug is called.
    public var title: String
    /// How scary it is, from ``scariness`` — 0, not at all, to 5.
    public var rating: Int

    /// The ratings a bug can have.
    public static let scariness = 0...5

    /// - Parameters:
    ///   - title: What the bug is called.
    ///   - rating: How scary it is; clamped to ``scariness``.
    public init(title: String, rating: Int) {
        self.title = title
        self.rating = min(max(rating, Self.scariness.lowerBound), Self.scariness.upperBound)
    }

    /// The bug as a property list, as the package's `Bug.plist` holds it.
    public func propertyList() throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return try encoder.encode(self)
    }

    /// The bug a package's `Bug.plist` holds.
    ///
    /// - Throws: ``BugError/unreadable(part:reason:)`` when it is no bug.
    public init(propertyList data: Data) throws(BugError) {
        let decoded: ScaryBug
        do {
            decoded = try PropertyListDecoder().decode(ScaryBug.self, from: data)
        } catch {
            throw .unreadable(part: BugPackage.propertyListName, reason: "not a bug's property list")
        }
        guard Self.scariness.contains(decoded.rating) else {
            throw .unreadable(part: BugPackage.propertyListName, reason: "rating \(decoded.rating) is not from 0 to 5")
        }
        self = decoded
    }

    /// The rating as stars, for people: ★★★☆☆.
    public var stars: String {
        String(repeating: "★", count: rating) + String(repeating: "☆", count: Self.scariness.upperBound - rating)
    }
}
