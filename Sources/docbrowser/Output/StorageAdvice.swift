import DocKit

/// What `storage` says about the documents left in the location that is
/// not preferred. The cloud is shared by every device that syncs it, so
/// advice to take documents out of it says so, and offers to keep it as
/// it is; placeholders are named, never offered as something to move.
enum StorageAdvice {
    static func lines(preferred: Location, remaining: [Document]) -> [String] {
        let placeholders = remaining.filter { $0.states.contains(.notDownloaded) }
        let movable = remaining.count - placeholders.count
        var lines: [String] = []
        if movable > 0 {
            let some = "\(movable) document\(movable == 1 ? " is" : "s are")"
            switch preferred {
            case .cloud:
                lines.append("\(some) still only on this device (local); 'docbrowser storage cloud' moves \(movable == 1 ? "it" : "them") to the cloud")
            case .local:
                lines.append("\(some) in the cloud, which every device that syncs it shares; 'docbrowser storage local' moves "
                    + "\(movable == 1 ? "it" : "them") here and out of the cloud on every device, and "
                    + "'docbrowser storage local --keep-a-local-copy' leaves the cloud as it is and copies \(movable == 1 ? "it" : "them") here")
            }
        }
        if !placeholders.isEmpty {
            let names = placeholders.map(\.qualifiedName).joined(separator: ", ")
            lines.append("not downloaded on this device, so nothing here can move \(placeholders.count == 1 ? "it" : "them"): \(names); download \(placeholders.count == 1 ? "it" : "them") on a device that has \(placeholders.count == 1 ? "it" : "them")")
        }
        return lines
    }
}
