@testable import DocKit
import Foundation

extension TestHome {
    /// The home's Trash, where recovery puts what it takes back.
    var trash: Trash { Trash(directory: RawPath(directory.url.appending(path: "Trash"))) }

    /// What recovery reports once an operation that a test let die has
    /// left its journal unlocked. A child that another test forks just
    /// then holds a copy of every descriptor until it execs, the dead
    /// journal's lock included, and recovery rightly leaves a locked
    /// journal to its owner: it is asked again a moment later, for up to
    /// five seconds, and what it reports first is returned.
    func recoverOnceUnlocked() async throws -> [String] {
        let recovery = InterruptedOperations(home: home, trash: trash, locations: try catalog().locations)
        for _ in 0..<500 {
            let reports = recovery.recover()
            if !reports.isEmpty { return reports.map(\.description) }
            try await Task.sleep(for: .milliseconds(10))
        }
        return []
    }
}
