#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Named instants inside journaled operations where the crash tests kill
/// the process on purpose, the way git's `GIT_TEST_*` variables work:
/// setting `DOCBROWSER_TEST_CRASH_AT=NAME` makes the process send itself
/// SIGKILL there, so every step's recovery is tested deterministically
/// in the built binary, besides kills at random instants.
enum CrashPoint {
    private static let target = ProcessInfo.processInfo.environment["DOCBROWSER_TEST_CRASH_AT"]

    static func reached(_ name: String) {
        if target == name { kill(getpid(), SIGKILL) }
    }
}
