import DocKit

/// How move and storage report each document: a sentence, or a JSON line.
enum MoveReport {
    struct Event: Encodable {
        var event: String
        var document: String
        var from: String
        var to: String
        var name: String
        var path: String?
        var renamed: Bool
        var replaced: Bool
        var trashName: String?
        var crossedFileSystems: Bool?
        var dryRun: Bool
    }

    /// A rehearsal's line is its answer, kept with `--quiet`.
    static func plan(_ plan: DocumentMover.Plan, output: Output) throws {
        let target = "\(plan.destination):\(plan.destinationName)"
        let event = switch plan.action {
        case .move: "move"
        case .none: "unchanged"
        case .conflict: "conflict"
        }
        try output.event(Event(event: event, document: plan.document.qualifiedName, from: plan.document.location.rawValue, to: plan.destination.rawValue, name: plan.destinationName, renamed: plan.renamed, replaced: plan.replaces, dryRun: true)) { text in
            switch plan.action {
            case .none:
                text.line("\(plan.document.qualifiedName) is already in \(plan.destination); nothing to do")
            case .conflict:
                text.line("\(plan.document.qualifiedName) would not move: \(target) already exists")
            case .move:
                text.line("would move \(plan.document.qualifiedName) to \(target)\(plan.replaces ? ", replacing it (the old one to the Trash)" : "")")
            }
        }
    }

    static func result(_ result: DocumentMover.Result, output: Output) throws {
        let plan = result.plan
        try output.event(Event(
            event: plan.action == .none ? "unchanged" : "moved",
            document: plan.document.qualifiedName,
            from: plan.document.location.rawValue,
            to: plan.destination.rawValue,
            name: plan.destinationName,
            path: result.document.path.description,
            renamed: plan.renamed,
            replaced: plan.replaces,
            trashName: result.displacedTrashName,
            crossedFileSystems: result.crossedFileSystems,
            dryRun: false
        )) { text in
            if plan.action == .none {
                text.note("\(plan.document.qualifiedName) is already in \(plan.destination); nothing to do")
                return
            }
            var sentence = "Moved \(plan.document.qualifiedName) to \(plan.destination):\(plan.destinationName)"
            if let trashName = result.displacedTrashName { sentence += " (the one it replaced is in the Trash as \(trashName))" }
            text.confirmation(sentence)
        }
    }
}
