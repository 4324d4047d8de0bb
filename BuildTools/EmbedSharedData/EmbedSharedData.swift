import Foundation
import PackagePlugin

/// Compiles `share/docbrowser/types` and `share/docbrowser/handlers` into
/// DocKit as string literals, so that an app built against DocKit types
/// its documents with the source checkout gone and nothing installed: a
/// resource bundle would be found through a path baked in at build time,
/// and on Linux `Bundle.module` stops the program when it is missing.
@main
struct EmbedSharedData: BuildToolPlugin {
    /// The folders of share/docbrowser whose files ship inside DocKit.
    static let folders = ["types", "handlers"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let share = context.package.directoryURL.appending(path: "share/docbrowser", directoryHint: .isDirectory)
        var names: [String] = []
        for folder in Self.folders {
            let directory = share.appending(path: folder, directoryHint: .isDirectory)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            names += files.filter { $0.hasSuffix(".plist") || $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "BundledFile+All.swift")
        return [.buildCommand(
            displayName: "Embedding share/docbrowser/{\(Self.folders.joined(separator: ","))} in \(target.name)",
            executable: try context.tool(named: "embed-shared-data").url,
            arguments: [output.path, share.path] + names,
            inputFiles: names.map { share.appending(path: $0) },
            outputFiles: [output]
        )]
    }
}
