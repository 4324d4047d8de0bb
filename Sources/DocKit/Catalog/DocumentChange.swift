/// One change to the documents a ``DocumentChanges`` sequence watches.
public struct DocumentChange: Sendable, Hashable {
    /// What happened to the document.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `added` and `removed`: it appeared or went; `changed`: its size, modification date
        /// or type changed; `renamed`: the watcher saw it renamed whole (else it is a removal and an addition).
        case added, removed, changed, renamed
        /// Its states changed: incomplete to complete, downloaded, a
        /// conflict appeared or was resolved, opened or closed.
        case stateChanged
    }

    /// What happened.
    public var kind: Kind
    /// The document as it is now; for `removed`, as it was.
    public var document: Document
    /// For `renamed`, `changed` and `stateChanged`: as it was before.
    public var previous: Document?

    /// The changes between two listings. Renames the watcher saw whole
    /// (`renames`, as full paths) pair a removal with an addition.
    static func between(_ before: [DocumentKey: Document], _ after: [DocumentKey: Document], renames: [(from: RawPath, to: RawPath)]) -> [DocumentChange] {
        var removed = before.filter { after[$0.key] == nil }
        var added = after.filter { before[$0.key] == nil }
        var changes: [DocumentChange] = []
        for rename in renames {
            guard let old = removed.first(where: { $0.value.path == rename.from }), let new = added.first(where: { $0.value.path == rename.to }) else { continue }
            removed[old.key] = nil
            added[new.key] = nil
            changes.append(DocumentChange(kind: .renamed, document: new.value, previous: old.value))
        }
        changes += removed.values.map { DocumentChange(kind: .removed, document: $0) }
        changes += added.values.map { DocumentChange(kind: .added, document: $0) }
        for (key, now) in after {
            guard let then = before[key] else { continue }
            if then.size != now.size || then.modificationDate != now.modificationDate || then.type != now.type {
                changes.append(DocumentChange(kind: .changed, document: now, previous: then))
            }
            if then.states != now.states {
                changes.append(DocumentChange(kind: .stateChanged, document: now, previous: then))
            }
        }
        return changes.sorted { ($0.document.qualifiedName, $0.kind.rawValue) < ($1.document.qualifiedName, $1.kind.rawValue) }
    }
}

/// A document's identity between two listings: its location, folder and
/// filename. A document that was a placeholder or an engine's temporary
/// keeps it when it becomes the file itself, so that arriving is a change
/// of state, not a removal and an addition.
struct DocumentKey: Hashable {
    var location: Location
    var relativePath: RawPath

    init(_ document: Document) {
        location = document.location
        relativePath = document.relativePath.deletingLastComponent.appending(document.filename)
    }
}
