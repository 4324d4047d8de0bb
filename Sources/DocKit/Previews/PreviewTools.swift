import Foundation

/// The outside tools previews run (poppler's, ffprobe), where they are
/// looked for and how long each run may take. A tool that is not found
/// leaves the preview to what docbrowser reads itself, with a note.
public struct PreviewTools: Sendable {
    /// Long enough for poppler on a large first page; short enough that a
    /// tool stuck on a hostile file is not waited for at the terminal.
    public static let defaultTimeLimit: Duration = .seconds(5)

    /// The directories searched for each tool, in order: `PATH` by default.
    public var searchPath: [String]
    /// How long one run may take before its process group is killed.
    public var timeLimit: Duration

    /// Creates the settings.
    ///
    /// - Parameters:
    ///   - searchPath: The directories searched for tools; `PATH`'s by default.
    ///   - timeLimit: How long one run may take; 5 seconds by default.
    public init(searchPath: [String]? = nil, timeLimit: Duration = PreviewTools.defaultTimeLimit) {
        self.searchPath = searchPath ?? Self.environmentSearchPath
        self.timeLimit = timeLimit
    }

    /// `PATH`'s directories, or the usual ones when it is not set.
    public static var environmentSearchPath: [String] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
    }

    /// Whether the tool is in a directory of ``searchPath``.
    func isInstalled(_ tool: String) -> Bool {
        ToolProcess.locate(tool, in: searchPath) != nil
    }

    /// Runs a tool within the time limit and `outputCap`.
    func run(_ tool: String, _ arguments: [String], outputCap: Int) async throws(ToolProcess.Failure) -> [UInt8] {
        try await ToolProcess(tool: tool, arguments: arguments, searchPath: searchPath, timeLimit: timeLimit, outputCap: outputCap).run()
    }
}
