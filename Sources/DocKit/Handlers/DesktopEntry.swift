import Foundation

/// The `[Desktop Entry]` group of a freedesktop `.desktop` file, as far as
/// a handler needs it: its name, icon, MIME types and Exec line.
struct DesktopEntry: Sendable, Hashable {
    /// The `.desktop` file the entry was read from.
    public var path: String
    /// The desktop file ID without `.desktop`, which serves as the
    /// handler's identifier (`org.gnome.TextEditor`).
    public var identifier: String
    /// `Name=`, unescaped and unlocalized; `nil` when absent.
    public var name: String?
    /// `Icon=`: an icon name or path, for `%i`; `nil` when absent.
    public var icon: String?
    /// `MimeType=`: the MIME types the program opens, in the order listed.
    public var mimeTypes: [String]
    /// `Exec=` with string escapes undone, before field codes are expanded.
    public var exec: String
    /// The Exec line split into arguments and field codes (`%f`, `%U`, …).
    public var commandLine: DesktopCommandLine
    /// `Terminal=true`: the program needs the terminal it is started in.
    public var runsInTerminal: Bool
    /// `TryExec=`: without this program installed, the entry opens nothing.
    public var tryExec: String?

    static let group = "Desktop Entry"

    /// Reads and parses a `.desktop` file; only the `[Desktop Entry]` group counts.
    ///
    /// - Parameter url: The `.desktop` file.
    /// - Returns: The entry.
    /// - Throws: ``DocKitError/Code/malformed`` when the file cannot be read, is not UTF-8, has no
    ///   `[Desktop Entry]` group, is not `Type=Application`, is `Hidden=true`, or has a
    ///   missing or malformed `Exec=` or another malformed key; the error names the line or key.
    public static func load(from url: URL) throws(DocKitError) -> DesktopEntry {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DocKitError(MalformedFileError(path: url.path, reason: "cannot be read"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DocKitError(MalformedFileError(path: url.path, reason: "is not UTF-8, as desktop entries must be"))
        }
        return try parse(text, path: url.path)
    }

    static func parse(_ text: String, path: String) throws(DocKitError) -> DesktopEntry {
        var values: [String: String] = [:]
        var group: String?
        var sawGroup = false
        // Split on the bytes: splitting the String walks grapheme clusters,
        // and an app's entry is mostly translated names in every script.
        for (number, rawLine) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.last == UInt8(ascii: "\r") ? Substring(rawLine.dropLast()) : Substring(rawLine)
            let trimmed = line.trimmingBlanks
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("[") {
                guard trimmed.hasSuffix("]") else { throw DocKitError(MalformedFileError(path: path, keyPath: "line \(number + 1)", reason: "a group header must end with ']'")) }
                group = String(trimmed.dropFirst().dropLast())
                if group == Self.group {
                    if sawGroup { throw DocKitError(MalformedFileError(path: path, keyPath: "line \(number + 1)", reason: "a second [Desktop Entry] group")) }
                    sawGroup = true
                }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw DocKitError(MalformedFileError(path: path, keyPath: "line \(number + 1)", reason: "expected Key=Value"))
            }
            guard group != nil else {
                throw DocKitError(MalformedFileError(path: path, keyPath: "line \(number + 1)", reason: "an entry before the first group header"))
            }
            guard group == Self.group else { continue }
            let key = String(line[..<equals].trimmingBlanks)
            // Localised values (Name[de]) are not used.
            if key.contains("[") { continue }
            values[key] = String(line[line.index(after: equals)...].trimmingBlanks)
        }
        guard sawGroup else { throw DocKitError(MalformedFileError(path: path, reason: "has no [Desktop Entry] group")) }
        func keyPath(_ key: String) -> String { "\(Self.group).\(key)" }
        func boolean(_ key: String) throws(DocKitError) -> Bool {
            switch values[key] {
            case nil, "false": return false
            case "true": return true
            case let other?: throw DocKitError(MalformedFileError(path: path, keyPath: keyPath(key), reason: "'\(other)' is not a boolean (true or false)"))
            }
        }
        let type = values["Type"]
        guard type == "Application" else {
            throw DocKitError(MalformedFileError(path: path, keyPath: keyPath("Type"), reason: type == nil ? "missing, Application is required" : "'\(type!)' is not Application"))
        }
        guard let rawExec = values["Exec"], !rawExec.isEmpty else {
            throw DocKitError(MalformedFileError(path: path, keyPath: keyPath("Exec"), reason: "missing, a command line is required"))
        }
        let exec: String
        do {
            exec = try unescape(rawExec)
        } catch {
            throw DocKitError(MalformedFileError(path: path, keyPath: keyPath("Exec"), reason: error.reason))
        }
        let commandLine: DesktopCommandLine
        do {
            commandLine = try DesktopCommandLine(parsing: exec)
        } catch {
            throw DocKitError(MalformedFileError(path: path, keyPath: keyPath("Exec"), reason: error.reason))
        }
        var mimeTypes: [String] = []
        if let raw = values["MimeType"] {
            do {
                mimeTypes = try list(raw).map { $0.lowercased() }
            } catch {
                throw DocKitError(MalformedFileError(path: path, keyPath: keyPath("MimeType"), reason: error.reason))
            }
        }
        var name: String?
        if let value = values["Name"] {
            do { name = try unescape(value) } catch { throw DocKitError(MalformedFileError(path: path, keyPath: keyPath("Name"), reason: error.reason)) }
        }
        // "Hidden=true" is how a user deletes an entry installed elsewhere.
        if try boolean("Hidden") {
            throw DocKitError(MalformedFileError(path: path, keyPath: keyPath("Hidden"), reason: "true, so the entry counts as deleted"))
        }
        var identifier = (path as NSString).lastPathComponent
        if identifier.hasSuffix(".desktop") { identifier = String(identifier.dropLast(".desktop".count)) }
        guard HandlerManifest.isValidIdentifier(identifier) else {
            throw DocKitError(MalformedFileError(path: path, reason: "'\(identifier)' is not a valid desktop file ID"))
        }
        return DesktopEntry(
            path: path,
            identifier: identifier,
            name: name,
            icon: values["Icon"].flatMap { $0.isEmpty ? nil : $0 },
            mimeTypes: mimeTypes,
            exec: exec,
            commandLine: commandLine,
            runsInTerminal: try boolean("Terminal"),
            tryExec: values["TryExec"].flatMap { $0.isEmpty ? nil : $0 }
        )
    }

    /// The escapes of the specification's `string` values: `\s`, `\n`,
    /// `\t`, `\r` and `\\`. Any other escape is left for the Exec quoting
    /// rules to read (`\"`, `\$`, …).
    static func unescape(_ value: String) throws(DesktopCommandLineError) -> String {
        var result = ""
        var characters = Array(value)[...]
        while let character = characters.popFirst() {
            guard character == "\\" else { result.append(character); continue }
            guard let next = characters.popFirst() else { throw DesktopCommandLineError("a value ends with a lone backslash") }
            switch next {
            case "s": result.append(" ")
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "\\": result.append("\\")
            default: result.append("\\"); result.append(next)
            }
        }
        return result
    }

    /// A `;`-separated list, `\;` standing for a semicolon inside an item.
    static func list(_ value: String) throws(DesktopCommandLineError) -> [String] {
        var items: [String] = []
        var current = ""
        var characters = Array(value)[...]
        while let character = characters.popFirst() {
            if character == "\\", characters.first == ";" {
                current.append(characters.removeFirst())
            } else if character == ";" {
                items.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        items.append(current)
        return items.map { String($0.trimmingBlanks) }.filter { !$0.isEmpty }
    }

    /// The entry as a handler: one Default-ranked Viewer claim on its MIME
    /// types, its program looked up in PATH as the specification says.
    func manifest(environment: [String: String]) -> HandlerManifest {
        manifest(searchPath: ProgramSearchPath(environment: environment))
    }

    /// ``manifest(environment:)`` with `PATH`'s folders already split.
    func manifest(searchPath: ProgramSearchPath) -> HandlerManifest {
        func find(_ program: String) -> URL? {
            program.contains("/")
                ? HandlerManifest.resolveExecutable(program, in: URL(fileURLWithPath: path).deletingLastPathComponent())
                : searchPath.locate(program)
        }
        let missingTryExec = tryExec.flatMap { find($0) == nil ? $0 : nil }
        return HandlerManifest(
            identifier: identifier,
            name: name,
            form: .desktopEntry,
            manifestURL: URL(fileURLWithPath: path, isDirectory: false),
            bundleURL: nil,
            declaredExecutable: missingTryExec ?? commandLine.program,
            executable: missingTryExec == nil ? find(commandLine.program) : nil,
            documentTypes: mimeTypes.isEmpty ? [] : [HandlerManifest.DocumentType(name: name, mimeTypes: mimeTypes, role: .viewer, rank: .default, rankIsDeclared: false)],
            exportedTypes: [],
            services: [],
            commandLine: commandLine,
            iconName: icon,
            runsInTerminal: runsInTerminal
        )
    }
}
