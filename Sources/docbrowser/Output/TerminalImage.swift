import ArgumentParser
import Foundation

/// How a picture is put on the terminal: the kitty graphics protocol
/// (kitty, WezTerm, Ghostty, Konsole), iTerm2's inline images, sixel, or
/// characters drawn by chafa; `none` for text alone.
enum TerminalImage: String, CaseIterable, ExpressibleByArgument {
    case kitty, iterm, sixel, symbols, none

    /// What the terminal on stdout shows, as its environment says: nothing
    /// but text off a terminal; sixel only where `TERM` names it, since no
    /// terminal says so otherwise without being asked; characters, which
    /// every terminal shows, when none of the others is named.
    ///
    /// - Parameters:
    ///   - environment: The process's environment.
    ///   - isTerminal: Whether stdout is a terminal.
    static func detected(environment: [String: String], isTerminal: Bool) -> TerminalImage {
        guard isTerminal else { return .none }
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if term == "dumb" { return .none }
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || ["WezTerm", "ghostty"].contains(program)
            || environment["KONSOLE_VERSION"] != nil {
            return .kitty
        }
        if program == "iTerm.app" { return .iterm }
        if term.contains("sixel") { return .sixel }
        return .symbols
    }

    /// The kitty graphics protocol's transmit-and-display of a PNG: APC
    /// sequences of at most 4,096 bytes of base64 each, all but the last
    /// marked `m=1`; `q=2` so that the terminal writes no answer into our
    /// input.
    static func kittySequence(png: [UInt8]) -> [UInt8] {
        let payload = Array(Data(png).base64EncodedString().utf8)
        var bytes: [UInt8] = []
        var start = 0
        repeat {
            let end = min(start + 4096, payload.count)
            let more = end < payload.count ? 1 : 0
            let keys = start == 0 ? "a=T,f=100,q=2,m=\(more)" : "m=\(more)"
            bytes += Array("\u{1B}_G\(keys);".utf8) + payload[start..<end] + Array("\u{1B}\\".utf8)
            start = end
        } while start < payload.count
        return bytes
    }

    /// iTerm2's inline image: one OSC 1337 with the file's bytes, any format it decodes.
    static func itermSequence(_ image: [UInt8]) -> [UInt8] {
        Array("\u{1B}]1337;File=inline=1;size=\(image.count):".utf8) + Array(Data(image).base64EncodedString().utf8) + [0x07]
    }
}
