import DocKit

/// DOC arguments of commands that act on several documents. All are
/// resolved before anything changes: a typo among them changes nothing,
/// as with `git rm`.
enum DocumentArguments {
    static func resolve(_ arguments: [String], in catalog: DocumentCatalog, output: Output) throws -> [Document] {
        var documents: [Document] = []
        var failures = FailureCollector()
        for argument in arguments {
            do {
                let document = try catalog.resolve(argument)
                if !documents.contains(where: { $0.path == document.path }) { documents.append(document) }
            } catch {
                failures.record(error, output: output)
            }
        }
        try failures.finish()
        return documents
    }
}
