import DocKit
import Foundation

/// An item of the Trash as the user names it: by its name there (the NAME
/// column), by the path it had, or by that path's last part, as
/// trash-restore and `gio trash --restore` accept.
enum TrashItemArgument {
    static func resolve(_ argument: String, in trashes: [Trash]) throws -> TrashedItem {
        let name = RawPath(escaped: argument)
        if !argument.contains("/") {
            let named = try trashes.compactMap { try $0.item(named: name) }
            if named.count == 1 { return named[0] }
            if named.count > 1 {
                let places = named.map(\.trash.directory.description).joined(separator: ", ")
                throw DocKitError(.ambiguous, document: argument, description: "\(argument): in \(named.count) Trashes (\(places)); name it by the path it had")
            }
        }
        let items = try trashes.flatMap { try $0.items() }
        let path = RawPath(argument: argument)
        var matches = items.filter { $0.info.originalPath == path }
        if matches.isEmpty, !argument.contains("/") {
            matches = items.filter { $0.info.originalPath.lastComponent == name }
        }
        switch matches.count {
        case 0:
            throw DocKitError(.notFound, document: argument, description: "\(argument): not in the Trash (see 'docbrowser trash')")
        case 1:
            return matches[0]
        default:
            let names = matches.map(\.name.description).joined(separator: ", ")
            throw DocKitError(.ambiguous, document: argument, description: "\(argument): \(matches.count) items in the Trash had this name (\(names)); name one by its name in the Trash")
        }
    }
}
