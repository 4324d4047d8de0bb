import Foundation

extension LockDirectory {
    /// The documents held right now, by lock key: `locked` while a live
    /// process mutates one, `open` while a handler has it open. Lock files
    /// are checked by their holder's pid rather than by locking them, so
    /// that listing never makes a mutation think it is busy.
    func heldStates() -> [String: Set<DocumentState>] {
        guard let names = try? DirectoryReader.names(in: path), !names.isEmpty else { return [:] }
        var states: [String: Set<DocumentState>] = [:]
        for name in names where name.description.hasSuffix(".lock") {
            guard let data = try? Data(contentsOf: path.appending(name).url),
                  let holder = LockHolder.decode(data), holder.isAlive else { continue }
            states[String(name.description.dropLast(5)), default: []].insert(.locked)
        }
        for key in OpenDocumentRecord.allHolders(in: self).keys {
            states[key, default: []].insert(.open)
        }
        return states
    }
}

extension DocumentCatalog {
    func addingCoordinationStates(to documents: [Document]) -> [Document] {
        guard let add = coordinationStatesAdder() else { return documents }
        return documents.map { document in
            var document = document
            add(&document)
            return document
        }
    }

    /// Adds the states held right now to one document at a time, the lock
    /// directory read once, for a listing that never holds its documents;
    /// nil when no document is held.
    func coordinationStatesAdder() -> (@Sendable (inout Document) -> Void)? {
        let locks = LockDirectory(home: home)
        let held = locks.heldStates()
        guard !held.isEmpty else { return nil }
        return { document in
            if let states = held[locks.key(for: document.path)] { document.states.formUnion(states) }
        }
    }
}
