import ArchiveChecks
import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The protocol's stdout: one JSON object per line, written whole and
/// flushed at once so that the launcher sees progress as it happens.
struct EventStream {
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    func emit(_ event: some Encodable) {
        guard var data = try? encoder.encode(event) else { return }
        data.append(UInt8(ascii: "\n"))
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    struct ErrorEvent: Encodable {
        let event = "error"
        var kind: PluginFailure.Kind
        var rule: String?
        var entry: String?
        var message: String
    }

    /// Runs an operation and turns a failure into the protocol's error
    /// event, one stderr line and the matching exit status.
    /// `subject` is the file the operation reads, named first on stderr:
    /// the launcher names it itself, so `message` does not.
    static func perform(subject: String? = nil, _ body: (EventStream) throws -> Void) throws {
        let stream = EventStream()
        do {
            try body(stream)
        } catch var failure as PluginFailure {
            // Entry names may hold line breaks; an error is one line.
            failure.message = oneLine(failure.message)
            stream.emit(ErrorEvent(kind: failure.kind, rule: failure.rule, entry: failure.entry, message: failure.message))
            let named = subject.map { "\($0): " } ?? ""
            FileHandle.standardError.write(Data("docbrowser-archiver: \(named)\(failure.message)\n".utf8))
            throw ExitCode(failure.kind.exitCode)
        }
    }
}

/// Control characters (a name's line break, an escape) shown as `\xHH`,
/// so that a message stays one line and cannot drive a terminal.
func oneLine(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        if scalar.value < 0x20 || scalar.value == 0x7F {
            result += String(format: "\\x%02X", scalar.value)
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// Emits progress at most every tenth of a second, so a fast copy does
/// not flood the pipe and a slow one still moves.
struct ProgressThrottle {
    private var last: timespec = timespec()

    mutating func shouldEmit(force: Bool = false) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let elapsed = Double(now.tv_sec - last.tv_sec) + Double(now.tv_nsec - last.tv_nsec) / 1e9
        guard force || elapsed >= 0.1 else { return false }
        last = now
        return true
    }
}
