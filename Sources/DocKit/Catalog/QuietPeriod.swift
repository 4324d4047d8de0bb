import Foundation

/// How long every entry of a cloud document must have been left alone
/// before the document counts as complete. Between two files of a package
/// Syncthing leaves no temporary, and the folder of a package it has just
/// made is empty, so a package still arriving can look whole; a change
/// that recent means a sync engine may still be delivering it. Listings
/// (`DocumentScanner`) and every mutation's check
/// (``SyncActivity/refuseIfIncomplete(_:force:quietPeriod:)``) ask this one
/// rule, so that a document listed complete is one a command acts on.
///
/// The time judged is the status change time (`st_ctime`): the kernel
/// moves it with every write, rename, permission or time change, so it is
/// never older than the modification time a writer leaves, while that
/// modification time can be another device's (Syncthing keeps the
/// sender's) and lie in the past or the future. A package's time is the
/// latest of its own and of every entry inside it, as the catalog keeps it
/// (`PackageContents.latestChangeTime`); a plain folder's is its own.
///
/// Only the cloud location is judged: no engine writes the local one, and
/// a document just saved there is never held back.
public struct QuietPeriod: Sendable, Hashable {
    /// How long a document must stay untouched; zero switches the rule off.
    public let length: Duration

    /// Three seconds: measured on two Syncthing devices on loopback, the
    /// files of a 17-file package arrive at most about a tenth of a second
    /// apart once the sender has announced them, and about a second apart
    /// (the pair's watcher delay) while the sender is still writing them;
    /// short enough that a document just moved or saved is refused only for
    /// a moment.
    public static let standard = QuietPeriod(length: .seconds(3))

    /// The longest period `cloud.quiet-seconds` takes: an hour.
    static let longest: Duration = .seconds(3600)

    /// - Parameter length: How long a document must stay untouched; zero or
    ///   less switches the rule off.
    public init(length: Duration) {
        self.length = max(length, .zero)
    }

    /// The period a setting's value gives: a decimal number of seconds,
    /// such as `3` or `0.5`, at most an hour.
    ///
    /// - Parameter text: The value, as written in `config.json`.
    /// - Returns: nil when it is no such number.
    public init?(seconds text: String) {
        // Digits and one point only: Double would also take "inf", "nan",
        // exponents, hex and signs.
        guard !text.isEmpty, text.count <= 16, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              text.filter({ $0 == "." }).count <= 1, text != ".", let seconds = Double(text)
        else { return nil }
        let length = Duration.nanoseconds(Int64((seconds * 1e9).rounded()))
        guard length <= Self.longest else { return nil }
        self.init(length: length)
    }

    /// The length in seconds, as `config get` shows it: `3`, `0.5`.
    public var seconds: String {
        let components = length.components
        return String(format: "%g", Double(components.seconds) + Double(components.attoseconds) * 1e-18)
    }

    /// The period that holds back a document whose own status is `status`:
    /// none for a plain file when the sync engine was asked and needs none
    /// of it, this one otherwise. Syncthing renames a file into place only
    /// once it holds every block of the version announced, and says so at
    /// once, so waiting longer would only delay a document already whole
    /// (a live search's report of it, a command acting on it). A package's
    /// or folder's files are announced a few at a time while the sender
    /// still writes them, so the engine needing none of them now does not
    /// make the package whole: the period still covers it.
    ///
    /// - Parameters:
    ///   - status: The document's own `lstat`.
    ///   - engineHasIt: Whether an engine answered and needs none of it.
    func holdingBack(_ status: FileStatus, engineHasIt: Bool) -> QuietPeriod {
        engineHasIt && status.kind == .regular ? QuietPeriod(length: .zero) : self
    }

    /// How long ago the document whose own status is `status` (and whose
    /// contents, for a package, are `package`) changed, when that was
    /// within the period; nil once it has been quiet that long, when the
    /// rule is off, or outside the cloud location.
    ///
    /// - Parameters:
    ///   - location: The document's location.
    ///   - status: The document's own `lstat`.
    ///   - package: Its contents when it is a package; nil for any other
    ///     document, plain folders included.
    ///   - now: The current time, in nanoseconds since 1970.
    func changedAgo(in location: Location, status: FileStatus, package: PackageContents?, now: Int64) -> Duration? {
        guard location == .cloud, length > .zero else { return nil }
        let latest = max(status.changeTime, package?.latestChangeTime ?? .min)
        let elapsed = Nanoseconds.elapsed(from: latest, to: now)
        // A change time ahead of the clock by more than its coarse tick
        // means the clock was set back: that says nothing about an engine.
        guard elapsed > -Self.clockTick, Duration.nanoseconds(elapsed) < length else { return nil }
        return .nanoseconds(max(elapsed, 0))
    }

    /// The kernel stamps change times from a clock that lags the one read
    /// here by up to a scheduler tick.
    private static let clockTick: Int64 = 20_000_000
}

extension Configuration {
    /// How long a cloud document must stay untouched before it counts as
    /// complete: `cloud.quiet-seconds`, or ``QuietPeriod/standard``.
    public var quietPeriod: QuietPeriod {
        self[.cloudQuietSeconds].flatMap(QuietPeriod.init(seconds:)) ?? .standard
    }
}
