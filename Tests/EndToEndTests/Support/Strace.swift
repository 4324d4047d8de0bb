import Foundation
import Testing

/// strace(1), which tests of the work a command does run it under.
enum Strace {
    static let path = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static let installed = ConditionTrait.enabled(if: path != nil, "strace is not installed (scripts/install-system-packages.sh installs it)")
}

extension Sandbox {
    /// How many times `command` read the names of `folder` to their end,
    /// as strace saw its `getdents64` calls.
    func folderReads(of command: [String], folder: URL) async throws -> Int {
        let trace = root.appending(path: "trace-\(UUID().uuidString)")
        let result = try await run(command, tracedBy: [Strace.path!, "-f", "-qq", "-y", "-e", "trace=getdents64", "-o", trace.path])
        #expect(result.status == 0, "\(command): \(result)")
        let descriptor = "<" + folder.path + ">,"
        return try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains(descriptor) && $0.hasSuffix("= 0") }.count
    }
}
