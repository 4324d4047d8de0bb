import Foundation

/// An installed thumbnailer, from a `.thumbnailer` file: a key file whose
/// `[Thumbnailer Entry]` group gives `TryExec`, `Exec` (with `%i` the
/// input path, `%u` its URI, `%o` the output PNG, `%s` the size, `%%` a
/// percent sign) and the `MimeType`s it makes thumbnails of, as GNOME's
/// thumbnail factory reads them.
struct DesktopThumbnailer: Sendable, Hashable {
    /// The `.thumbnailer` file, for notes and messages.
    var path: String
    /// `Exec` split into arguments, field codes not yet expanded.
    var arguments: [String]
    /// The program, found: `TryExec`'s, or `Exec`'s first argument.
    var executable: String
    /// The MIME types it declares, lower-cased.
    var mimeTypes: [String]

    /// Its file name without `.thumbnailer`: `evince`, `gdk-pixbuf-thumbnailer`.
    var name: String {
        let file = (path as NSString).lastPathComponent
        return file.hasSuffix(".thumbnailer") ? String(file.dropLast(".thumbnailer".count)) : file
    }

    /// Reads a `.thumbnailer` file's text.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - path: Its path, for messages.
    ///   - searchPath: Where a program named without a path is looked for.
    /// - Returns: The thumbnailer, or `nil` when the group, `Exec` or
    ///   `MimeType` is missing, `Exec` cannot be split, or the program
    ///   (`TryExec`'s first) is not installed: GNOME skips those too.
    static func parse(_ text: String, path: String, searchPath: ProgramSearchPath) -> DesktopThumbnailer? {
        var values: [String: String] = [:]
        var inGroup = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.trimmingBlanks
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                inGroup = line == "[Thumbnailer Entry]"
                continue
            }
            guard inGroup, let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals].trimmingBlanks)
            if values[key] == nil { values[key] = String(line[line.index(after: equals)...].trimmingBlanks) }
        }
        guard let exec = values["Exec"], let arguments = splitArguments(exec), let program = arguments.first,
              let mimeList = values["MimeType"], let mimeTypes = try? DesktopEntry.list(mimeList), !mimeTypes.isEmpty else { return nil }
        func locate(_ program: String) -> String? {
            if program.contains("/") { return ProgramSearchPath.isRunnable(program) ? program : nil }
            return searchPath.locate(program)?.path
        }
        if let tryExec = values["TryExec"], !tryExec.isEmpty, locate(tryExec) == nil { return nil }
        guard let executable = locate(program) else { return nil }
        return DesktopThumbnailer(path: path, arguments: arguments, executable: executable, mimeTypes: mimeTypes.map { $0.lowercased() })
    }

    /// The command line for one thumbnail, field codes expanded, the
    /// program as found. Bytes, not text: a file's name need not be UTF-8.
    ///
    /// - Parameters:
    ///   - input: The file's path.
    ///   - uri: The file's URI.
    ///   - output: Where the PNG is to be written.
    ///   - size: The longest side wanted, in pixels.
    /// - Returns: The arguments, the program first.
    func commandLine(input: RawPath, uri: String, output: RawPath, size: Int) -> [[UInt8]] {
        var expanded = arguments.map { argument in
            var result: [UInt8] = []
            var bytes = Array(argument.utf8)[...]
            while let byte = bytes.popFirst() {
                guard byte == UInt8(ascii: "%"), let code = bytes.popFirst() else { result.append(byte); continue }
                switch code {
                case UInt8(ascii: "i"): result += input.bytes
                case UInt8(ascii: "u"): result += Array(uri.utf8)
                case UInt8(ascii: "o"): result += output.bytes
                case UInt8(ascii: "s"): result += Array(String(size).utf8)
                case UInt8(ascii: "%"): result.append(byte)
                default: break
                }
            }
            return result
        }
        expanded[0] = Array(executable.utf8)
        return expanded
    }

    /// `Exec` split as GLib's `g_shell_parse_argv` splits it, which GNOME
    /// uses: blanks separate, single quotes keep everything, double
    /// quotes and backslashes escape. `nil` for an unclosed quote.
    static func splitArguments(_ exec: String) -> [String]? {
        var arguments: [String] = []
        var current = ""
        var started = false
        var characters = Substring(exec)
        while let character = characters.popFirst() {
            switch character {
            case " ", "\t":
                if started { arguments.append(current) }
                current = ""
                started = false
            case "'":
                started = true
                guard let end = characters.firstIndex(of: "'") else { return nil }
                current += characters[..<end]
                characters = characters[characters.index(after: end)...]
            case "\"":
                started = true
                var closed = false
                while let inner = characters.popFirst() {
                    if inner == "\"" { closed = true; break }
                    if inner == "\\", let next = characters.first, "\"\\$`".contains(next) {
                        current.append(characters.removeFirst())
                    } else {
                        current.append(inner)
                    }
                }
                guard closed else { return nil }
            case "\\":
                started = true
                if let next = characters.popFirst() { current.append(next) }
            default:
                started = true
                current.append(character)
            }
        }
        if started { arguments.append(current) }
        return arguments.isEmpty ? nil : arguments
    }
}
