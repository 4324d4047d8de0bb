import Synchronization

/// The hints that depend on the command rather than the error: a name
/// already taken is solved with `--on-conflict` when moving, with `--force`
/// when exporting, and not at all when creating.
struct ErrorHints: Sendable {
    /// Follows an `alreadyExists` error.
    var alreadyExists: String?
    /// Follows a `noService` error.
    var noService: String? = " (see 'docbrowser handlers')"

    private static let chosen = Mutex(ErrorHints())

    /// The running command's hints; one process runs one command.
    static var current: ErrorHints {
        get { chosen.withLock { $0 } }
        set { chosen.withLock { $0 = newValue } }
    }
}

/// A command whose errors take hints of its own.
protocol CommandWithErrorHints {
    static var errorHints: ErrorHints { get }
}

extension ErrorHints {
    /// A name taken at the destination, where `--on-conflict` decides.
    static let onConflict = ErrorHints(alreadyExists: "; use --on-conflict rename or replace")
}

extension MoveCommand: CommandWithErrorHints { static var errorHints: ErrorHints { .onConflict } }
extension CopyCommand: CommandWithErrorHints { static var errorHints: ErrorHints { .onConflict } }
extension TrashRestore: CommandWithErrorHints { static var errorHints: ErrorHints { .onConflict } }
extension ImportCommand: CommandWithErrorHints { static var errorHints: ErrorHints { .onConflict } }

extension StorageCommand: CommandWithErrorHints {
    static var errorHints: ErrorHints { ErrorHints(alreadyExists: " (use --on-conflict rename or replace)") }
}

extension ExportCommand: CommandWithErrorHints {
    static var errorHints: ErrorHints { ErrorHints(alreadyExists: "; use --force to replace it") }
}

extension ThumbnailCommand: CommandWithErrorHints {
    /// A file no thumbnailer takes is said plainly: registering one is rare.
    static var errorHints: ErrorHints { ErrorHints(noService: nil) }
}
