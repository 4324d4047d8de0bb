import DocKit
import Foundation

/// What a command works with, built once from the global options.
struct CommandContext {
    let options: GlobalOptions
    let home: Home
    let installation: Installation
    let output: Output

    init(_ options: GlobalOptions) {
        options.bootstrapLogging()
        self.options = options
        home = options.resolvedHome
        installation = Installation.locate()
        output = options.output
    }

    func typeRegistryStore() throws -> TypeRegistryStore {
        let handlers = HandlerManifestLocations.standard(installation: installation, home: home)
        let sources = TypeSources(
            systemDirectories: [installation.systemTypesDirectory],
            handlerManifests: handlers.manifestFiles(),
            sharedMimeInfoDirectories: TypeSources.sharedMimeInfoDirectories()
        )
        return try TypeRegistryStore(databaseURL: home.typeRegistryDatabase, sources: sources)
    }

    /// The registry, rebuilt if a source changed; problems found while
    /// rebuilding are warned about, once, at that rebuild.
    func typeRegistry(forceRebuild: Bool = false) throws -> TypeRegistryStore.Snapshot {
        let snapshot = try typeRegistryStore().snapshot(forceRebuild: forceRebuild)
        if snapshot.rebuild != nil {
            for problem in snapshot.problems {
                output.warning("\(problem.description) (skipped)")
            }
        }
        return snapshot
    }

    /// The catalog, after finishing what interrupted operations left
    /// (SPEC §3), so that no command ever sees a half-moved document.
    func documentCatalog() throws -> DocumentCatalog {
        let catalog = try DocumentCatalog(home: home, registry: typeRegistry().registry)
        let recovery = InterruptedOperations(home: home, trash: trash, locations: catalog.locations)
        for report in recovery.recover() {
            output.note(report.description)
        }
        return catalog
    }

    var trash: Trash { .home() }
}
