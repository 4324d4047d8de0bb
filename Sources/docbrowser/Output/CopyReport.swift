import DocKit

/// What `copy` and `duplicate` say of each copy: the copy's name as
/// `list` shows it when it is in a location, else its path.
enum CopyReport {
    struct Event: Encodable {
        var event = "copied"
        var document: String
        var copy: String?
        var path: String
        var trashName: String?
    }

    static func result(_ result: DocumentCopier.Result, output: Output) throws {
        let copy = result.copy?.qualifiedName
        try output.event(Event(document: result.source.qualifiedName, copy: copy, path: result.destination.description, trashName: result.displacedTrashName)) { text in
            var sentence = "Copied \(result.source.qualifiedName) to \(copy ?? result.destination.description)"
            if let trashName = result.displacedTrashName { sentence += " (the one it replaced is in the Trash as \(trashName))" }
            text.confirmation(sentence)
        }
    }
}
