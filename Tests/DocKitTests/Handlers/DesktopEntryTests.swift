import Foundation
import Testing
@testable import DocKit

@Suite("Desktop entries and their Exec lines")
struct DesktopEntryTests {
    static let context = DesktopCommandLine.Context(files: ["/docs/My File.txt"], name: "Editor", icon: "editor-icon", desktopFile: "/apps/editor.desktop")

    @Test("field codes and quoting expand to argv", arguments: [
        ("editor %f", ["editor", "/docs/My File.txt"]),
        ("editor %F", ["editor", "/docs/My File.txt"]),
        ("editor %u", ["editor", "/docs/My File.txt"]),
        ("editor --open %U --new", ["editor", "--open", "/docs/My File.txt", "--new"]),
        ("editor --file=%f", ["editor", "--file=/docs/My File.txt"]),
        ("editor 100%% %f", ["editor", "100%", "/docs/My File.txt"]),
        ("editor %i %f", ["editor", "--icon", "editor-icon", "/docs/My File.txt"]),
        ("editor --title %c %f", ["editor", "--title", "Editor", "/docs/My File.txt"]),
        ("editor --from %k %f", ["editor", "--from", "/apps/editor.desktop", "/docs/My File.txt"]),
        ("editor %d %D %n %N %v %m %f", ["editor", "/docs/My File.txt"]),
        ("editor", ["editor", "/docs/My File.txt"]),
        ("\"/opt/My App/run\" %f", ["/opt/My App/run", "/docs/My File.txt"]),
        ("editor \"two words\" %f", ["editor", "two words", "/docs/My File.txt"]),
        (#"editor "say \"hi\"" %f"#, ["editor", "say \"hi\"", "/docs/My File.txt"]),
        (#"editor "\$HOME \`x\` \\" %f"#, ["editor", "$HOME `x` \\", "/docs/My File.txt"]),
        ("editor   --spaced\t%f", ["editor", "--spaced", "/docs/My File.txt"]),
        ("editor \"\" %f", ["editor", "", "/docs/My File.txt"]),
    ])
    func expands(_ exec: String, _ argv: [String]) throws {
        #expect(try DesktopCommandLine(parsing: exec).expand(Self.context) == argv)
    }

    @Test("an icon-less %i expands to nothing")
    func iconless() throws {
        var context = Self.context
        context.icon = nil
        #expect(try DesktopCommandLine(parsing: "editor %i %f").expand(context) == ["editor", "/docs/My File.txt"])
    }

    @Test("invalid Exec lines are refused with the reason", arguments: [
        ("editor %x", "%x is not a field code"),
        ("editor %", "ends the line"),
        ("editor %f %F", "at most one"),
        ("editor --files=%F", "%F must be an argument on its own"),
        ("editor \"open", "not closed"),
        ("editor \"a\"b", "quoted in whole"),
        ("editor it's", "must be inside a double-quoted argument"),
        ("editor $HOME", "must be inside a double-quoted argument"),
        ("%f", "may not be a field code"),
        ("A=1 editor", "may not contain '='"),
        ("   ", "names no program"),
    ])
    func refuses(_ exec: String, _ reason: String) {
        let error = #expect(throws: DesktopCommandLineError.self) { try DesktopCommandLine(parsing: exec) }
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
    }

    @Test("a .desktop file: string escapes, MIME list, localised keys ignored, PATH lookup")
    func desktopFile() throws {
        let tmp = try TemporaryDirectory("desktop")
        let bin = try tmp.directory("bin")
        try Data("#!/bin/sh\n".utf8).write(to: bin.appending(path: "my-editor"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appending(path: "my-editor").path)
        let file = try tmp.write("""
        # A comment
        [Desktop Entry]
        Type=Application
        Name=My Editor
        Name[de]=Mein Editor
        Icon=my-editor
        Exec=my-editor --title "a\\\\\\\\b" %F
        MimeType=text/plain;text/x-c\\;odd;Text/Markdown;

        [Desktop Action new]
        Exec=other %x
        """, to: "org.example.MyEditor.desktop")
        let manifest = try HandlerManifest.load(from: file, environment: ["PATH": "/nonexistent:\(bin.path)"])
        #expect(manifest.identifier == "org.example.MyEditor")
        #expect(manifest.name == "My Editor")
        #expect(manifest.form == .desktopEntry)
        #expect(manifest.executable?.path == bin.appending(path: "my-editor").path)
        #expect(manifest.documentTypes.first?.mimeTypes == ["text/plain", "text/x-c;odd", "text/markdown"])
        #expect(manifest.commandLine?.expand(.init(files: ["/f"])) == ["my-editor", "--title", "a\\b", "/f"])
        #expect(try HandlerManifest.load(from: file, environment: ["PATH": "/nonexistent"]).canOpen == false)
    }

    @Test("desktop files that are not applications or lack Exec are refused with the key")
    func badDesktopFiles() throws {
        let tmp = try TemporaryDirectory("baddesktop")
        let link = try tmp.write("[Desktop Entry]\nType=Link\nURL=https://example.com\n", to: "link.desktop")
        #expect(throws: DocKitError(MalformedFileError(path: link.path, keyPath: "Desktop Entry.Type", reason: "'Link' is not Application"))) {
            try HandlerManifest.load(from: link, environment: [:])
        }
        let noExec = try tmp.write("[Desktop Entry]\nType=Application\nName=X\n", to: "noexec.desktop")
        #expect(throws: DocKitError(MalformedFileError(path: noExec.path, keyPath: "Desktop Entry.Exec", reason: "missing, a command line is required"))) {
            try HandlerManifest.load(from: noExec, environment: [:])
        }
        let badCode = try tmp.write("[Desktop Entry]\nType=Application\nExec=x %z\n", to: "badcode.desktop")
        let error = try #require(throws: DocKitError.self) { try HandlerManifest.load(from: badCode, environment: [:]) }
        #expect(error.malformedFile.keyPath == "Desktop Entry.Exec" && error.malformedFile.reason.contains("%z"))
    }

    @Test("Terminal=true is kept; TryExec without its program opens nothing; Hidden=true counts as deleted")
    func terminalTryExecAndHidden() throws {
        let tmp = try TemporaryDirectory("desktopkeys")
        let bin = try tmp.directory("bin")
        for program in ["term-editor", "helper-check"] {
            try Data("#!/bin/sh\n".utf8).write(to: bin.appending(path: program))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appending(path: program).path)
        }
        let environment = ["PATH": bin.path]
        let terminal = try tmp.write("[Desktop Entry]\nType=Application\nExec=term-editor %F\nTerminal=true\n", to: "term.desktop")
        #expect(try HandlerManifest.load(from: terminal, environment: environment).runsInTerminal)
        let windowed = try tmp.write("[Desktop Entry]\nType=Application\nExec=term-editor %F\nTerminal=false\n", to: "windowed.desktop")
        #expect(try HandlerManifest.load(from: windowed, environment: environment).runsInTerminal == false)

        let tried = try tmp.write("[Desktop Entry]\nType=Application\nExec=term-editor %F\nTryExec=helper-check\n", to: "tried.desktop")
        #expect(try HandlerManifest.load(from: tried, environment: environment).canOpen)
        let untried = try tmp.write("[Desktop Entry]\nType=Application\nExec=term-editor %F\nTryExec=not-installed\n", to: "untried.desktop")
        let missing = try HandlerManifest.load(from: untried, environment: environment)
        #expect(missing.canOpen == false)
        #expect(missing.declaredExecutable == "not-installed")

        let hidden = try tmp.write("[Desktop Entry]\nType=Application\nExec=term-editor %F\nHidden=true\n", to: "hidden.desktop")
        #expect(throws: DocKitError(MalformedFileError(path: hidden.path, keyPath: "Desktop Entry.Hidden", reason: "true, so the entry counts as deleted"))) {
            try HandlerManifest.load(from: hidden, environment: environment)
        }
        let vague = try tmp.write("[Desktop Entry]\nType=Application\nExec=term-editor %F\nTerminal=yes\n", to: "vague.desktop")
        #expect(throws: DocKitError(MalformedFileError(path: vague.path, keyPath: "Desktop Entry.Terminal", reason: "'yes' is not a boolean (true or false)"))) {
            try HandlerManifest.load(from: vague, environment: environment)
        }
    }
}
