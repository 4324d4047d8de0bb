/// The `Exec=` line of a freedesktop desktop entry, parsed by the Desktop
/// Entry Specification's rules: arguments separated by spaces, an argument
/// that holds a reserved character quoted in whole with double quotes
/// (`\"`, `` \` ``, `\$` and `\\` escaped inside), and field codes
/// expanded after quoting is undone.
struct DesktopCommandLine: Sendable, Hashable {
    /// One argument: literal text and field codes.
    public enum Piece: Sendable, Hashable {
        /// Literal text, quoting already undone.
        case text(String)
        /// A field code's letter, such as `f` for `%f`; `%%` is text, not a code.
        case fieldCode(Character)
    }

    /// The arguments in order, the program first; each is a sequence of pieces.
    public let arguments: [[Piece]]

    /// The values field codes stand for at launch.
    public struct Context: Sendable, Hashable {
        /// The documents, as local paths: `%f`/`%u` take the first, `%F`/`%U` all of them.
        public var files: [String]
        /// `Name=`, for `%c`.
        public var name: String?
        /// `Icon=`, for `%i`.
        public var icon: String?
        /// The desktop file's path, for `%k`.
        public var desktopFile: String?

        /// Creates the values for one launch.
        ///
        /// - Parameters:
        ///   - files: The documents' local paths.
        ///   - name: `Name=`, for `%c`.
        ///   - icon: `Icon=`, for `%i`.
        ///   - desktopFile: The desktop file's path, for `%k`.
        public init(files: [String], name: String? = nil, icon: String? = nil, desktopFile: String? = nil) {
            self.files = files
            self.name = name
            self.icon = icon
            self.desktopFile = desktopFile
        }
    }

    /// Field codes the specification deprecates: they expand to nothing.
    static let deprecatedCodes: Set<Character> = ["d", "D", "n", "N", "v", "m"]
    static let fileCodes: Set<Character> = ["f", "F", "u", "U"]
    static let knownCodes: Set<Character> = fileCodes.union(deprecatedCodes).union(["i", "c", "k"])
    static let mustBeQuoted: Set<Character> = ["\"", "'", "\\", "`", "$"]

    /// Parses a value whose string escapes (`\s`, `\n`, `\\`, …) have
    /// already been undone. Problems are described in one line.
    public init(parsing exec: String) throws(DesktopCommandLineError) {
        var arguments: [[Piece]] = []
        var characters = Array(exec)[...]
        while true {
            while let first = characters.first, first == " " || first == "\t" { characters.removeFirst() }
            guard let first = characters.first else { break }
            var raw = ""
            if first == "\"" {
                characters.removeFirst()
                var closed = false
                while let character = characters.popFirst() {
                    if character == "\"" { closed = true; break }
                    if character == "\\", let next = characters.first, ["\"", "`", "$", "\\"].contains(next) {
                        raw.append(characters.removeFirst())
                        continue
                    }
                    raw.append(character)
                }
                guard closed else { throw .init("a quoted argument is not closed") }
                if let next = characters.first, next != " " && next != "\t" {
                    throw .init("a quoted argument must be quoted in whole (found '\(next)' after the closing quote)")
                }
            } else {
                while let character = characters.first, character != " " && character != "\t" {
                    if Self.mustBeQuoted.contains(character) {
                        throw .init("'\(character)' must be inside a double-quoted argument")
                    }
                    raw.append(characters.removeFirst())
                }
            }
            arguments.append(try Self.pieces(raw))
        }
        guard let program = arguments.first else { throw .init("it names no program") }
        if program.contains(where: { if case .fieldCode = $0 { true } else { false } }) {
            throw .init("the program may not be a field code")
        }
        if Self.text(program).contains("=") { throw .init("the program's name may not contain '='") }
        var fileCodeCount = 0
        for argument in arguments {
            for case .fieldCode(let code) in argument {
                if Self.fileCodes.contains(code) { fileCodeCount += 1 }
                if (code == "F" || code == "U" || code == "i"), argument.count != 1 {
                    throw .init("%\(code) must be an argument on its own")
                }
            }
        }
        if fileCodeCount > 1 { throw .init("at most one of %f, %F, %u and %U may appear") }
        self.arguments = arguments
    }

    private static func pieces(_ raw: String) throws(DesktopCommandLineError) -> [Piece] {
        var pieces: [Piece] = []
        var text = ""
        var characters = Array(raw)[...]
        while let character = characters.popFirst() {
            guard character == "%" else { text.append(character); continue }
            guard let code = characters.popFirst() else { throw .init("a '%' ends the line; write %% for a percent sign") }
            if code == "%" { text.append("%"); continue }
            guard knownCodes.contains(code) else { throw .init("%\(code) is not a field code of the Desktop Entry Specification") }
            if !text.isEmpty { pieces.append(.text(text)); text = "" }
            pieces.append(.fieldCode(code))
        }
        if !text.isEmpty || pieces.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    private static func text(_ argument: [Piece]) -> String {
        argument.map { if case .text(let text) = $0 { text } else { "" } }.joined()
    }

    /// True when some field code receives the files.
    public var takesFiles: Bool {
        arguments.contains { $0.contains { if case .fieldCode(let code) = $0 { Self.fileCodes.contains(code) } else { false } } }
    }

    /// The program as written (a name looked up in PATH, or a path).
    public var program: String { Self.text(arguments[0]) }

    /// argv, field codes expanded. Local files are passed as paths for
    /// `%u`/`%U` too, which the specification allows. A line with no file
    /// field code gets the files appended, so the handler still learns
    /// what to open.
    public func expand(_ context: Context) -> [String] {
        var argv: [String] = []
        for argument in arguments {
            if argument.count == 1, case .fieldCode(let code) = argument[0] {
                switch code {
                case "f", "u": argv += context.files.prefix(1)
                case "F", "U": argv += context.files
                case "i": if let icon = context.icon, !icon.isEmpty { argv += ["--icon", icon] }
                case "c": argv.append(context.name ?? "")
                case "k": argv.append(context.desktopFile ?? "")
                default: break
                }
                continue
            }
            var text = ""
            for piece in argument {
                switch piece {
                case .text(let literal): text += literal
                case .fieldCode("f"), .fieldCode("u"): text += context.files.first ?? ""
                case .fieldCode("c"): text += context.name ?? ""
                case .fieldCode("k"): text += context.desktopFile ?? ""
                case .fieldCode: break
                }
            }
            argv.append(text)
        }
        if !takesFiles { argv += context.files }
        return argv
    }
}

/// An `Exec=` value breaks the specification's quoting or field-code rules.
struct DesktopCommandLineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in one line.
    public var reason: String
    init(_ reason: String) { self.reason = reason }
    /// The reason.
    public var description: String { reason }
}
