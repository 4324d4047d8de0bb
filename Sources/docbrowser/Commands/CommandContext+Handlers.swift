import DocKit
import Foundation

extension CommandContext {
    /// Every handler of the installation, `$XDG_DATA_DIRS` and the home, and
    /// the apps the desktop installed, with its mimeapps.list; manifests
    /// that cannot be read are warned about and skipped.
    func handlerRegistry() -> HandlerRegistry {
        let registry = HandlerRegistry.load(
            HandlerManifestLocations.standard(installation: installation, home: home),
            applications: DesktopApplications(directories: DesktopApplications.directories()),
            mimeApps: MimeAppsList.load(),
            mimeHierarchy: MIMETypeHierarchy.load()
        )
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
