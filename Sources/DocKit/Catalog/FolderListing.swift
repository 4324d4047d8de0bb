/// One folder's names, each judged once by ``DocumentEntryRules``: the
/// temporaries and conflict copies among them decide which of the other
/// entries are incomplete or in conflict, so a scan of some entries
/// still needs every name.
struct FolderListing {
    /// In byte order.
    let names: [RawPath]
    let verdicts: [DocumentEntryRules.Verdict]
    /// The first temporary of each document a sync engine is writing.
    let arriving: [RawPath: SyncTemporary]
    /// The first conflict copy of each document.
    let conflicted: [RawPath: ConflictCopy]

    /// - Parameter keeping: A cheap test on each raw name, for a listing
    ///   of some entries only: every entry that can bear on them must pass
    ///   it (their temporaries and conflict copies too), and the others
    ///   are never judged.
    init(_ directory: RawPath, atTopLevel: Bool, keeping: (RawPath) -> Bool = { _ in true }) throws {
        self.init(names: try DirectoryReader.names(in: directory), atTopLevel: atTopLevel, keeping: keeping)
    }

    /// The listing of a folder whose names the caller has just read.
    init(names read: [RawPath], atTopLevel: Bool, keeping: (RawPath) -> Bool = { _ in true }) {
        names = read.filter(keeping).sorted()
        verdicts = names.map { DocumentEntryRules.verdict(for: $0, atTopLevel: atTopLevel) }
        var arriving: [RawPath: SyncTemporary] = [:]
        for case .syncTemporary(let temporary) in verdicts where arriving[temporary.document] == nil {
            arriving[temporary.document] = temporary
        }
        var conflicted: [RawPath: ConflictCopy] = [:]
        for case .conflictCopy(let copy) in verdicts where conflicted[copy.original] == nil {
            conflicted[copy.original] = copy
        }
        self.arriving = arriving
        self.conflicted = conflicted
    }

    /// Whether the folder holds `name`: found by halving the sorted names,
    /// since few entries ask (temporaries, conflict copies, placeholders)
    /// and a set of a large folder's names took longer to make than all
    /// of their questions.
    func contains(_ name: RawPath) -> Bool {
        var low = 0
        var high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle] < name { low = middle + 1 } else { high = middle }
        }
        return low < names.count && names[low] == name
    }

    /// The entries that may be listed under a name `accepts` takes. It is
    /// asked nil for a placeholder, whose document's name is known only
    /// once the placeholder is read.
    func indices(listedAs accepts: (RawPath?) -> Bool) -> [Int] {
        names.indices.filter { index in
            switch verdicts[index] {
            case .ignored: false
            case .document: accepts(names[index])
            case .syncTemporary(let temporary): accepts(temporary.document)
            case .conflictCopy(let copy): accepts(copy.original)
            case .placeholder: accepts(nil)
            }
        }
    }
}
