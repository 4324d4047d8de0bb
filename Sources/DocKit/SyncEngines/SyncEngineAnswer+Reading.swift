import Foundation

extension SyncEngineAnswer {
    /// Reads the `result` line a sync-status adapter writes, as
    /// `docs/PLUGIN-PROTOCOL.md` defines it.
    ///
    /// An app that ships its own adapter can check what the adapter says
    /// with this, the reader DocKit itself uses.
    ///
    /// - Parameter result: The adapter's `result` line.
    /// - Returns: The answer; nil when it says there is no engine
    ///   (`"engine": null`).
    /// - Throws: ``DocKitError/Code/malformed`` when it is no such object,
    ///   a field has the wrong type, is too long or holds control
    ///   characters, or a path is absolute, empty or climbs out with `..`.
    public static func read(_ result: Data) throws(DocKitError) -> SyncEngineAnswer? {
        do {
            return try SyncEngineAnswer(result: result)
        } catch {
            throw DocKitError(.malformed, description: "a sync engine's answer: \(error.description)", underlying: error)
        }
    }
}
