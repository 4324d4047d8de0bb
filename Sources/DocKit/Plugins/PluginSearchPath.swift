import Foundation

/// Where plugin programs are found, by name (`docbrowser-archiver`, or any
/// other plugin shipped with an app), by one rule, first match wins:
///
/// 1. the folder the app passes (``DocumentLibrary/init(home:installation:trash:pluginDirectory:environment:)``);
/// 2. `$DOCBROWSER_LIBEXEC`;
/// 3. the installation's `PREFIX/libexec/docbrowser`, found from the running
///    program as `../libexec/docbrowser` (`make install` puts helpers there);
/// 4. the folder of the running program, where `swift build` leaves them.
///
/// A program is found in a folder when it is there and executable.
public struct PluginSearchPath: Sendable, Hashable {
    /// One folder searched, and why it is searched, for messages.
    public struct Place: Sendable, Hashable, CustomStringConvertible {
        /// Why a folder is searched.
        public enum Origin: Sendable, Hashable {
            /// The folder the app passed.
            case explicit
            /// `$DOCBROWSER_LIBEXEC`.
            case environment
            /// `../libexec/docbrowser` from the running program.
            case libexec
            /// The running program's own folder.
            case besideExecutable
        }

        /// The folder.
        public var directory: URL
        /// Why it is searched.
        public var origin: Origin

        /// Creates a place.
        ///
        /// - Parameters:
        ///   - directory: The folder.
        ///   - origin: Why it is searched.
        public init(_ directory: URL, origin: Origin) {
            self.directory = directory
            self.origin = origin
        }

        /// `/usr/local/libexec/docbrowser (the installation's libexec)`.
        public var description: String {
            let why = switch origin {
            case .explicit: "given by the app"
            case .environment: "$DOCBROWSER_LIBEXEC"
            case .libexec: "the installation's libexec"
            case .besideExecutable: "beside the program"
            }
            return "\(directory.path) (\(why))"
        }
    }

    /// The folders, searched in order.
    public var places: [Place]

    /// Searches exactly `places`, in order.
    ///
    /// - Parameter places: The folders.
    public init(places: [Place]) {
        self.places = places
    }

    /// The standard rule, from the app's folder down to the running program's.
    ///
    /// - Parameters:
    ///   - explicit: The folder the app passes, searched first; `nil` for none.
    ///   - environment: Where `DOCBROWSER_LIBEXEC` is read; an empty value counts as unset.
    ///   - executable: The running program, which the last two folders are found from.
    /// - Returns: The search path; a folder named twice is searched once.
    public static func standard(explicit: URL? = nil, environment: [String: String], executable: URL? = nil) -> PluginSearchPath {
        let executable = executable ?? RunningExecutable.url
        let bin = executable.deletingLastPathComponent()
        var places: [Place] = []
        if let explicit {
            places.append(Place(explicit, origin: .explicit))
        }
        if let libexec = environment["DOCBROWSER_LIBEXEC"], !libexec.isEmpty {
            places.append(Place(URL(fileURLWithPath: libexec, isDirectory: true), origin: .environment))
        }
        places.append(Place(bin.deletingLastPathComponent().appending(path: "libexec/docbrowser", directoryHint: .isDirectory), origin: .libexec))
        places.append(Place(bin, origin: .besideExecutable))
        var seen: Set<String> = []
        return PluginSearchPath(places: places.filter { seen.insert($0.directory.standardizedFileURL.path).inserted })
    }

    /// The first executable file named `name` in the folders.
    ///
    /// - Parameter name: The program's file name.
    /// - Returns: Its URL, or `nil` when no folder holds it.
    public func executable(named name: String) -> URL? {
        places.lazy.map { $0.directory.appending(path: name) }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The program named `name`, or an error naming every folder looked in.
    ///
    /// - Parameters:
    ///   - name: The program's file name.
    ///   - plugin: The plugin's identifier, for the error.
    /// - Returns: The program's URL.
    /// - Throws: ``DocKitError/Code/pluginFailed`` (`cannotLaunch`) when no folder holds it.
    public func locate(_ name: String, plugin: String) throws(DocKitError) -> URL {
        guard let found = executable(named: name) else {
            let looked = places.map(\.description).joined(separator: ", ")
            throw DocKitError(PluginError(plugin: plugin, reason: .cannotLaunch(reason: "no executable \(name) in \(looked)")))
        }
        return found
    }
}
