import DocKit
import Foundation

/// What a command works with, built once from the global options: the
/// home opened through DocKit's ``DocumentLibrary``, and where output goes.
struct CommandContext {
    let options: GlobalOptions
    let library: DocumentLibrary
    let output: Output

    init(_ options: GlobalOptions) {
        options.bootstrapLogging()
        self.options = options
        // Read once: Foundation copies the whole environment at each read.
        let environment = ProcessInfo.processInfo.environment
        library = DocumentLibrary(home: Home.resolve(explicit: options.home, environment: environment), environment: environment)
        output = options.output
    }

    var home: Home { library.home }
    var installation: Installation { library.installation }
    var trash: Trash { library.trash }

    func typeRegistryStore() throws -> TypeRegistryStore {
        try library.typeRegistryStore()
    }

    /// The registry, rebuilt if a source changed; problems found while
    /// rebuilding are warned about, once, at that rebuild.
    func typeRegistry(forceRebuild: Bool = false) throws -> TypeRegistryStore.Snapshot {
        let snapshot = try library.typeRegistry(forceRebuild: forceRebuild)
        if snapshot.rebuild != nil {
            for problem in snapshot.problems {
                output.warning("\(problem.description) (skipped)")
            }
        }
        return snapshot
    }

    /// The catalog, after what interrupted operations left was finished or
    /// undone, each said in a note.
    func documentCatalog() throws -> DocumentCatalog {
        let opened = try library.openCatalog(registry: typeRegistry().registry)
        for report in opened.recovered {
            output.note(report.description)
        }
        return opened.catalog
    }
}
