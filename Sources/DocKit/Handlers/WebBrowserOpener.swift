import Foundation

/// Hands a URL to the desktop's web browser through `xdg-open`, as
/// `docbrowser serve --open` does with its own address.
public enum WebBrowserOpener {
    /// The identifier its launches are logged under in the home.
    public static let identifier = "org.freedesktop.xdg-open"

    /// Starts `xdg-open URL`, found on `PATH`, detached: the browser
    /// outlives nothing of ours and is never waited for.
    ///
    /// - Returns: The process it started.
    /// - Throws: ``DocKitError/Code/launchFailed``
    ///   when there is no `xdg-open` or it cannot be started.
    public static func open(_ url: String, home: Home, environment: [String: String]) async throws(DocKitError) -> pid_t {
        guard let executable = ProgramSearchPath(environment: environment).locate("xdg-open") else {
            throw DocKitError(HandlerError.launchFailed(handler: identifier, executable: "xdg-open", reason: "not found on PATH (install xdg-utils)"))
        }
        let invocation = HandlerInvocation(
            handler: identifier, document: RawPath(url), executable: executable, arguments: [Array(url.utf8)],
            environment: environment.map { Array("\($0.key)=\($0.value)".utf8) },
            workingDirectory: URL(fileURLWithPath: "/", isDirectory: true)
        )
        return try await HandlerLauncher.launchDetached(invocation, log: home.handlerLog(for: identifier))
    }
}
