/// A command that takes the global options, so that `main` can tell, once
/// parsing is done, how an error that ends the command is to be said
/// (one line, or a JSON object with `--json`).
protocol CommandWithGlobalOptions {
    var global: GlobalOptions { get }
    /// The option that waits for sync engines, as hints name it.
    static var syncWaitOption: String { get }
}

extension CommandWithGlobalOptions {
    static var syncWaitOption: String { ErrorMessage.defaultWaitOption }
}

extension ListCommand: CommandWithGlobalOptions {}
extension SearchCommand: CommandWithGlobalOptions {}
extension InfoCommand: CommandWithGlobalOptions {}
extension PreviewCommand: CommandWithGlobalOptions {}
extension NewCommand: CommandWithGlobalOptions {}
extension RenameCommand: CommandWithGlobalOptions {}
extension MoveCommand: CommandWithGlobalOptions {}
extension DeleteCommand: CommandWithGlobalOptions {}
extension StorageCommand: CommandWithGlobalOptions {}
extension VersionsCommand: CommandWithGlobalOptions {}
extension ResolveCommand: CommandWithGlobalOptions {}
extension WatchCommand: CommandWithGlobalOptions {}
extension OpenCommand: CommandWithGlobalOptions {}
extension OpenInCommand: CommandWithGlobalOptions {
    /// Its `--wait` waits for the app.
    static var syncWaitOption: String { "--wait-complete" }
}
extension InboxCommand: CommandWithGlobalOptions {}
extension HandlersShow: CommandWithGlobalOptions {}
extension HandlersRegister: CommandWithGlobalOptions {}
extension HandlersUnregister: CommandWithGlobalOptions {}
extension HandlersDefault: CommandWithGlobalOptions {}
extension ExportCommand: CommandWithGlobalOptions {}
extension ImportCommand: CommandWithGlobalOptions {}
extension ConfigCommand.List: CommandWithGlobalOptions {}
extension ConfigCommand.Get: CommandWithGlobalOptions {}
extension ConfigCommand.Set: CommandWithGlobalOptions {}
extension ConfigCommand.Unset: CommandWithGlobalOptions {}
extension TypesShow: CommandWithGlobalOptions {}
extension TypesLookup: CommandWithGlobalOptions {}
extension TypesConforms: CommandWithGlobalOptions {}
extension TypesRebuild: CommandWithGlobalOptions {}
extension DocBrowser: CommandWithGlobalOptions {}
