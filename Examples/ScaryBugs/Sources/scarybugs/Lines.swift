import Foundation
import ScaryBugsKit

/// A line written at once, for a reader at the other end of a pipe.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((escapingControls(line) + "\n").utf8))
}

/// A bug received from a stranger may carry control characters in its
/// title or name; they are shown escaped, never sent to the terminal.
func escapingControls(_ text: String) -> String {
    text.unicodeScalars.map { scalar in
        scalar.properties.generalCategory == .control && scalar != "\t" ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }.joined()
}

/// A bug in one line, as `show` and an open session print it.
func summary(of bug: ScaryBug, image: BugImage?) -> String {
    let picture = image.map { "\($0.fileName), \($0.data.count) bytes" } ?? "no picture"
    return "\(bug.title): \(bug.stars) (\(bug.rating)/5), \(picture)"
}
