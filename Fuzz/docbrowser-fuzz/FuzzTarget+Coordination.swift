import DocKit
import Foundation

extension FuzzTarget {
    static let coordinationTargets = [
        FuzzTarget(name: "journal", summary: "an operation journal, as recovery reads it") { input, _ in
            _ = OperationJournal.entries(in: Data(input))
        },
    ]
}
