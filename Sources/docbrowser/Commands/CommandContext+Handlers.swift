import DocKit
import Foundation

extension CommandContext {
    /// Every handler, as ``DocumentLibrary/handlers()`` finds them;
    /// manifests that cannot be read are warned about with --verbose.
    func handlerRegistry() -> HandlerRegistry {
        reportingProblems(of: library.handlers())
    }

    /// `registry`, its unreadable manifests warned about with `--verbose`.
    func reportingProblems(of registry: HandlerRegistry) -> HandlerRegistry {
        if options.verbose {
            for problem in registry.problems { output.warning("\(problem.description) (skipped)") }
        }
        return registry
    }

    /// Plugins as the manifests declare them, the bundled archiver among them.
    func pluginLocator() throws -> HandlerServiceLocator {
        pluginLocator(registry: try typeRegistry().registry)
    }

    /// ``pluginLocator()`` with a registry already at hand.
    func pluginLocator(registry: TypeRegistry) -> HandlerServiceLocator {
        library.plugins(registry: registry, handlers: handlerRegistry())
    }

    func handlerDefaults() throws -> HandlerDefaults {
        try library.handlerDefaults()
    }
}
