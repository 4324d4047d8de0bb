import Foundation
import Subprocess
import Testing

/// `trash-list` from trash-cli, which reads the Trash as file managers do:
/// the original paths it shows, sorted. It reads every mounted file
/// system's Trash too, other tests' among them: only paths under `roots`
/// (by default the sandbox) are kept.
enum TrashList {
    static func run(_ sandbox: Sandbox, under roots: [URL]? = nil) async throws -> [String] {
        let prefixes = (roots ?? [sandbox.root]).map { $0.path.hasSuffix("/") ? $0.path : $0.path + "/" }
        let result = try await Subprocess.run(
            .name("trash-list"),
            environment: .inherit.updating(["XDG_DATA_HOME": sandbox.userHome.appending(path: ".local/share").path]),
            output: .string(limit: 1 << 20),
            error: .string(limit: 1 << 16)
        )
        #expect(result.terminationStatus.isSuccess, "trash-list: \(result.standardError)")
        // "2026-11-22 03:19:01 /path/of/it"
        return result.standardOutput.split(separator: "\n").map { String($0.split(separator: " ", maxSplits: 2)[2]) }
            .filter { path in prefixes.contains { path.hasPrefix($0) } }.sorted()
    }
}

/// GLib's `gio trash`, as GNOME's file manager uses the Trash: through
/// gvfsd-trash, which needs a D-Bus session, so each call gets one.
enum GioTrash {
    /// `gio trash ARGUMENTS…` for the sandbox's user.
    @discardableResult
    static func run(_ sandbox: Sandbox, _ arguments: String...) async throws -> String {
        let result = try await Subprocess.run(
            .name("dbus-run-session"),
            arguments: Arguments(["--", "gio", "trash"] + arguments),
            environment: .inherit.updating([
                "HOME": sandbox.userHome.path,
                "XDG_DATA_HOME": sandbox.userHome.appending(path: ".local/share").path,
                "DBUS_SESSION_BUS_ADDRESS": nil,
            ]),
            output: .string(limit: 1 << 20),
            // dbus-daemon and gvfsd chatter on stderr even when all is well.
            error: .discarded
        )
        #expect(result.terminationStatus.isSuccess, "gio trash \(arguments.joined(separator: " ")) failed")
        return result.standardOutput
    }

    /// `gio trash --list`: each item's trash:// URI and the original path
    /// as gio shows it.
    static func list(_ sandbox: Sandbox) async throws -> [String: String] {
        let lines = try await run(sandbox, "--list").split(separator: "\n")
        return Dictionary(uniqueKeysWithValues: lines.map { line in
            let fields = line.split(separator: "\t", maxSplits: 1)
            return (String(fields[0]), fields.count > 1 ? String(fields[1]) : "")
        })
    }
}

/// `trash-restore` from trash-cli, answering its prompt with the first
/// (only) item trashed from `path`.
enum TrashRestoreCommand {
    static func run(_ sandbox: Sandbox, _ path: String) async throws {
        let result = try await Subprocess.run(
            .name("sh"), arguments: ["-c", "echo 0 | trash-restore \"$1\"", "sh", path],
            environment: .inherit.updating(["XDG_DATA_HOME": sandbox.userHome.appending(path: ".local/share").path]),
            output: .string(limit: 1 << 20),
            error: .string(limit: 1 << 16)
        )
        #expect(result.terminationStatus.isSuccess, "trash-restore: \(result.standardOutput) \(result.standardError)")
    }
}
