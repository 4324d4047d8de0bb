#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Subprocess
import Synchronization
import SystemPackage

/// One launch of a handler on a document: the program, argv and the
/// environment it gets. Never run through a shell.
public struct HandlerInvocation: Sendable, Hashable {
    /// The handler's identifier.
    public var handler: String
    /// What it opens: the document, or for `open-in` the Inbox copy.
    public var document: RawPath
    /// The program run.
    public var executable: URL
    /// argv after argv[0], as bytes: a document's path need not be UTF-8.
    public var arguments: [[UInt8]]
    /// `NAME=value` entries, as bytes.
    public var environment: [[UInt8]]
    /// The folder the handler starts in: the document's own.
    public var workingDirectory: URL

    /// ``arguments`` as text, for display; bytes that are not UTF-8 become U+FFFD.
    public var argumentStrings: [String] { arguments.map { String(decoding: $0, as: UTF8.self) } }
}

/// Starts handlers as child processes, argv only, with a minimal documented
/// environment (see the README, "Write a handler"):
/// - `DOCBROWSER_DOCUMENT`: the document's path (for `open-in`, the copy's);
/// - `DOCBROWSER_TYPE`: its type identifier;
/// - `DOCBROWSER_HOME`: docbrowser's home;
/// - `DOCBROWSER_HANDLER`: the handler's own identifier;
/// - `DOCBROWSER_SOURCE_APP`: for `open-in`, the app the document came from;
/// - and, when set in docbrowser's own environment, ``passedThrough``.
public enum HandlerLauncher {
    /// Variables a program needs to behave normally for the user (locale,
    /// display, terminal); everything else is left out. `LC_*` pass too.
    public static let passedThrough = [
        "PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR", "TERM",
        "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS",
    ]

    /// How a handler receives a document: a manifest handler gets its path
    /// as argv[1]; a `.desktop` handler its expanded Exec line. The child
    /// starts in the document's directory.
    ///
    /// - Parameters:
    ///   - handler: The handler to start.
    ///   - document: The document it opens.
    ///   - type: The document's type identifier, passed as `DOCBROWSER_TYPE`.
    ///   - home: The home, passed as `DOCBROWSER_HOME`.
    ///   - sourceApp: For `open-in`, the app the document came from.
    ///   - environment: docbrowser's environment, of which only
    ///     ``passedThrough`` and `LC_*` are kept.
    /// - Returns: The program, arguments, environment and working directory.
    /// - Throws: ``DocKitError/Code/refused`` when the handler
    ///   has no executable here.
    public static func invocation(
        of handler: HandlerManifest, document: RawPath, type: String, home: Home,
        sourceApp: String? = nil, environment: [String: String]
    ) throws(DocKitError) -> HandlerInvocation {
        guard let executable = handler.executable else {
            let reason = handler.declaredExecutable.map { "its executable '\($0)' is not here (types only)" } ?? "it names no executable (types only)"
            throw DocKitError(HandlerError.cannotOpen(handler: handler.identifier, reason: reason))
        }
        let arguments: [[UInt8]]
        if let commandLine = handler.commandLine {
            let context = DesktopCommandLine.Context(files: [document.description], name: handler.name, icon: handler.iconName, desktopFile: handler.manifestURL.path)
            let expanded = commandLine.expand(context).dropFirst()
            // The file arguments carry the real bytes, not the escaped text.
            arguments = expanded.map { $0 == document.description ? document.bytes : Array($0.utf8) }
        } else {
            arguments = [document.bytes]
        }
        var variables: [[UInt8]] = []
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) where passedThrough.contains(name) || name.hasPrefix("LC_") {
            variables.append(Array("\(name)=\(value)".utf8))
        }
        if environment["PATH"] == nil { variables.append(Array("PATH=/usr/local/bin:/usr/bin:/bin".utf8)) }
        variables.append(Array("DOCBROWSER_DOCUMENT=".utf8) + document.bytes)
        variables.append(Array("DOCBROWSER_TYPE=\(type)".utf8))
        variables.append(Array("DOCBROWSER_HOME=".utf8) + RawPath(home.url).bytes)
        variables.append(Array("DOCBROWSER_HANDLER=\(handler.identifier)".utf8))
        if let sourceApp { variables.append(Array("DOCBROWSER_SOURCE_APP=\(sourceApp)".utf8)) }
        return HandlerInvocation(
            handler: handler.identifier,
            document: document,
            executable: executable,
            arguments: arguments,
            environment: variables,
            workingDirectory: document.deletingLastComponent.url
        )
    }

    private static func configuration(_ invocation: HandlerInvocation, detached: Bool) -> Subprocess.Configuration {
        var options = PlatformOptions()
        // A new session: the terminal's hangup and Ctrl-C do not reach a
        // detached handler, which must outlive docbrowser.
        options.createSession = detached
        return Subprocess.Configuration(
            executable: .path(FilePath(invocation.executable.path)),
            // Byte arguments and environment entries must be NUL-terminated:
            // swift-subprocess hands them to strdup as they are.
            arguments: Arguments(invocation.arguments.map { $0 + [0] }),
            environment: .custom(invocation.environment.map { $0 + [0] }),
            workingDirectory: FilePath(invocation.workingDirectory.path),
            platformOptions: options
        )
    }

    /// A log kept from growing without end: past this size it starts over.
    public static let handlerLogLimit: Int64 = 1 << 20

    /// Starts the handler and returns its pid as soon as it runs, without
    /// waiting for it. Its standard input is /dev/null; its output and
    /// errors are appended to `log` (discarded without one), so it holds
    /// none of docbrowser's pipes open. It is in a session of its own.
    /// Within a long-lived process the child is reaped when it exits; a
    /// docbrowser that exits first leaves it running.
    ///
    /// - Parameters:
    ///   - invocation: What to start, from ``invocation(of:document:type:home:sourceApp:environment:)``.
    ///   - log: The file its output and errors are appended to, such as
    ///     ``Home/handlerLog(for:)``; `nil` discards them.
    /// - Returns: The handler's pid.
    /// - Throws: ``DocKitError/Code/launchFailed`` when
    ///   it cannot be started.
    public static func launchDetached(_ invocation: HandlerInvocation, log: URL? = nil) async throws(DocKitError) -> pid_t {
        let configuration = configuration(invocation, detached: true)
        let started = StartFlag()
        let output = log.flatMap { openLog($0, for: invocation) } ?? FileDescriptor(rawValue: open("/dev/null", O_WRONLY | O_CLOEXEC))
        let error = FileDescriptor(rawValue: dup(output.rawValue))
        do {
            return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<pid_t, any Error>) in
                Task.detached {
                    do {
                        _ = try await Subprocess.run(
                            configuration, input: .none,
                            output: .fileDescriptor(output, closeAfterSpawningProcess: true),
                            error: .fileDescriptor(error, closeAfterSpawningProcess: true)
                        ) { execution in
                            _ = started.mark()
                            continuation.resume(returning: execution.processIdentifier.value)
                        }
                    } catch {
                        // An error after the start is the child's business.
                        if started.mark() { continuation.resume(throwing: error) }
                    }
                }
            }
        } catch {
            throw DocKitError(HandlerError.launchFailed(handler: invocation.handler, executable: invocation.executable.path, reason: reason(error)))
        }
    }

    /// The log opened for appending, after a line saying which launch the
    /// lines below come from. A log that cannot be written is no reason not
    /// to open the document: nil, and the output is discarded.
    private static func openLog(_ log: URL, for invocation: HandlerInvocation) -> FileDescriptor? {
        let directory = RawPath(log.deletingLastPathComponent())
        guard (try? FileSystem.createDirectory(directory, mode: 0o700)) != nil else { return nil }
        let descriptor = RawPath(log).withCString { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { return nil }
        var status = stat()
        if fstat(descriptor, &status) == 0, Int64(status.st_size) > handlerLogLimit { _ = ftruncate(descriptor, 0) }
        let header = Array("--- \(Date().ISO8601Format()) \(invocation.handler) opens ".utf8) + invocation.document.bytes + [UInt8(ascii: "\n")]
        _ = header.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        return FileDescriptor(rawValue: descriptor)
    }

    /// How a waited-for handler ended.
    public enum Termination: Sendable, Hashable {
        /// It exited with this code.
        case exited(Int32)
        /// A signal, with this number, ended it.
        case signaled(Int32)

        /// The shell's convention: the exit code, or 128 + the signal.
        public var exitStatus: Int32 {
            switch self {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        }
    }

    /// Starts the handler with docbrowser's standard input, output and
    /// error, calls `onStart` with its pid as soon as it runs (to record the
    /// document as open, say), then waits for it to end. If `onStart`
    /// throws, the handler is terminated and the error rethrown.
    ///
    /// - Parameters:
    ///   - invocation: What to start, from ``invocation(of:document:type:home:sourceApp:environment:)``.
    ///   - onStart: Called with the handler's pid once it runs.
    /// - Returns: How the handler ended.
    /// - Throws: ``DocKitError/Code/launchFailed`` when
    ///   it cannot be started; once it has started, what `onStart` throws, or
    ///   the error that ended waiting for it.
    public static func launchAndWait(
        _ invocation: HandlerInvocation,
        onStart: (pid_t) async throws -> Void = { _ in }
    ) async throws -> Termination {
        let configuration = configuration(invocation, detached: false)
        let started = StartFlag()
        let result: ExecutionResult<Void, FileDescriptorOutput, FileDescriptorOutput>
        do {
            result = try await Subprocess.run(
                configuration,
                input: .currentStandardInput,
                output: .currentStandardOutput,
                error: .currentStandardError
            ) { execution in
                _ = started.mark()
                do {
                    try await onStart(execution.processIdentifier.value)
                } catch {
                    try? execution.send(signal: .terminate)
                    throw error
                }
            }
        } catch {
            if started.isMarked { throw error }
            throw DocKitError(HandlerError.launchFailed(handler: invocation.handler, executable: invocation.executable.path, reason: reason(error)))
        }
        switch result.terminationStatus {
        case .exited(let code): return .exited(code)
        case .signaled(let signal): return .signaled(signal)
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? SubprocessError, let underlying = error.underlyingError {
            return String(cString: strerror(underlying.rawValue))
        }
        return "\(error)"
    }
}

/// Set once the child runs, so that an error is reported once, and as a
/// failure to start only when it is one.
private final class StartFlag: Sendable {
    private let state = Mutex(false)

    /// Marks it; true if it was not marked before.
    func mark() -> Bool {
        state.withLock { marked in
            defer { marked = true }
            return !marked
        }
    }

    var isMarked: Bool { state.withLock { $0 } }
}
