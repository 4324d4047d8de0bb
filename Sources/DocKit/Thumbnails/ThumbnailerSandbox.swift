import Foundation

/// bubblewrap around a desktop thumbnailer, as GNOME's thumbnail factory
/// runs them: no network and no other namespace shared, the system
/// read-only, and of the user's files only the input (read-only) and the
/// output folder visible. A crafted document that takes the thumbnailer
/// over can then write nowhere else.
struct ThumbnailerSandbox: Sendable, Hashable {
    /// The `bwrap` program.
    var executable: String

    /// `bwrap` found in `PATH`, if it can make namespaces here: inside a
    /// container that forbids them, or with unprivileged user namespaces
    /// switched off, it is installed but cannot run anything.
    ///
    /// - Parameter environment: The variables whose `PATH` is searched.
    /// - Returns: The sandbox, or `nil` when it cannot be used.
    static func probe(environment: [String: String]) -> ThumbnailerSandbox? {
        guard let found = ProgramSearchPath(environment: environment).locate("bwrap") else { return nil }
        let sandbox = ThumbnailerSandbox(executable: found.path)
        let process = Process()
        process.executableURL = found
        process.arguments = sandbox.options() + ["/bin/true"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return nil
        }
        return process.terminationStatus == 0 ? sandbox : nil
    }

    /// `command` run inside the sandbox.
    ///
    /// - Parameters:
    ///   - command: The thumbnailer's command line, program first.
    ///   - input: The file read, bound read-only at its own path.
    ///   - outputFolder: The folder written, bound read-write at its own path.
    /// - Returns: The `bwrap` command line.
    func wrapping(_ command: [[UInt8]], input: RawPath, outputFolder: RawPath) -> [[UInt8]] {
        [Array(executable.utf8)] + options().map { Array($0.utf8) }
            + [Array("--ro-bind".utf8), input.bytes, input.bytes, Array("--bind".utf8), outputFolder.bytes, outputFolder.bytes] + command
    }

    private func options() -> [String] {
        var options = [
            "--ro-bind", "/usr", "/usr",
            "--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache",
            "--ro-bind-try", "/etc/alternatives", "/etc/alternatives",
            "--ro-bind-try", "/etc/fonts", "/etc/fonts",
            "--ro-bind-try", "/var/cache/fontconfig", "/var/cache/fontconfig",
            "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp",
            "--unshare-all", "--die-with-parent", "--new-session",
            "--setenv", "GIO_USE_VFS", "local", "--chdir", "/",
        ]
        // Merged-/usr systems link these; older ones have real folders.
        for folder in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder) {
                options += ["--symlink", target, folder]
            } else if FileManager.default.fileExists(atPath: folder) {
                options += ["--ro-bind", folder, folder]
            }
        }
        return options
    }
}
