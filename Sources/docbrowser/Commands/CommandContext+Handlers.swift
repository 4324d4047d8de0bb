import DocKit
import Foundation

extension CommandContext {
    /// Every handler of the installation, `$XDG_DATA_DIRS` and the home;
    /// manifests that cannot be read are warned about and skipped.
    func handlerRegistry() -> HandlerRegistry {
        let registry = HandlerRegistry.load(HandlerManifestLocations.standard(installation: installation, home: home))
        if options.verbose {
            for problem in registry.problems { output.warning("\(problem.description) (skipped)") }
        }
        return registry
    }

    /// Plugins as the manifests declare them, the bundled archiver among them.
    func pluginLocator() throws -> HandlerServiceLocator {
        HandlerServiceLocator(handlers: handlerRegistry(), types: try typeRegistry().registry)
    }

    func handlerDefaults() throws -> HandlerDefaults {
        try HandlerDefaults.load(home: home)
    }
}
