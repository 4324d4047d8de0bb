import Foundation

/// The program this process runs, with symbolic links resolved: where an
/// installation's libexec and share folders are found from.
enum RunningExecutable {
    static var url: URL {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        }
        return URL(fileURLWithPath: path)
    }
}
