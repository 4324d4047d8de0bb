import Foundation
import ScaryBugsKit

/// A line written at once, for a reader at the other end of a pipe.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// A bug in one line, as `show` and an open session print it.
func summary(of bug: ScaryBug, image: BugImage?) -> String {
    let picture = image.map { "\($0.fileName), \($0.data.count) bytes" } ?? "no picture"
    return "\(bug.title): \(bug.stars) (\(bug.rating)/5), \(picture)"
}
