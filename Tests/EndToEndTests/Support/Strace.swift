import Foundation
import Testing

/// strace(1), which tests of the work a command does run it under.
enum Strace {
    static let path = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static let installed = ConditionTrait.enabled(if: path != nil, "strace is not installed (scripts/install-system-packages.sh installs it)")
}
