#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What the terminal on stdout can show.
enum Terminal {
    static let standardError = FileHandle.standardError

    static var isStandardOutputATerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// A user at a terminal, who can talk to a program started here.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isStandardOutputATerminal }

    /// Colour only on a terminal, and never when `NO_COLOR` is set to
    /// anything (https://no-color.org).
    static var usesColor: Bool {
        isStandardOutputATerminal && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
    }

    /// The terminal's width, or nil on a pipe, where tables are not cut.
    static var width: Int? {
        guard isStandardOutputATerminal else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init)
        }
        return Int(size.ws_col)
    }

    /// The terminal's height in lines, or nil on a pipe.
    static var height: Int? {
        guard isStandardOutputATerminal else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else {
            return ProcessInfo.processInfo.environment["LINES"].flatMap(Int.init)
        }
        return Int(size.ws_row)
    }

    /// Bold once printed through ``Output``, which renders the mark
    /// after making outside text visible (``TerminalText``).
    static func bold(_ text: String) -> String {
        TerminalText.marked(text, style: TerminalText.boldStyle)
    }

    static func dim(_ text: String) -> String {
        TerminalText.marked(text, style: TerminalText.dimStyle)
    }
}

extension FileHandle {
    func write(_ text: String) {
        write(Data(text.utf8))
    }
}
