import DocKit
import Foundation

extension FuzzTarget {
    /// A sync engine's adapter is another program, relaying what other
    /// devices said; its `result` line is outside input.
    static let syncEngineTargets = [
        FuzzTarget(name: "sync-engine-answer", summary: "a sync-status adapter's result line, and what it says of documents") { input, _ in
            let answer: SyncEngineAnswer
            do throws(DocKitError) {
                guard let read = try SyncEngineAnswer.read(Data(input)) else { return }
                answer = read
            } catch {
                if error.code != .malformed || !error.description.hasPrefix("a sync engine's answer: ") {
                    fatalError("refused with \(error.code): \(error)")
                }
                return
            }
            check(answer)
        },
    ]

    private static func check(_ answer: SyncEngineAnswer) {
        if answer.engine.isEmpty || answer.engine.count > 64 { fatalError("engine '\(answer.engine)' taken") }
        if answer.needed.count > SyncEngineAnswer.mostPaths { fatalError("\(answer.needed.count) paths taken") }
        // need(of:) searches the paths by halves: they must be in byte order.
        for (earlier, later) in zip(answer.needed, answer.needed.dropFirst()) where later.bytes.lexicographicallyPrecedes(earlier.bytes) {
            fatalError("'\(earlier)' is listed before '\(later)'")
        }
        for path in answer.needed {
            let components = path.bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            if path.bytes.isEmpty || path.bytes.contains(0) || components.contains(where: { $0.isEmpty || $0.elementsEqual("..".utf8) || $0.elementsEqual(".".utf8) }) {
                fatalError("the path '\(path)' is taken, though not inside the Documents folder")
            }
        }
        // Each listed path, and each folder above it, is counted as a plain
        // scan of the list counts it.
        var asked: Set<RawPath> = []
        for path in answer.needed.prefix(64) {
            var bytes = path.bytes
            while true {
                asked.insert(RawPath(bytes: bytes))
                guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { break }
                bytes = Array(bytes[..<slash])
            }
        }
        for document in asked {
            let key = document.bytes
            let count = answer.needed.count { $0.bytes == key || $0.bytes.starts(with: key + [UInt8(ascii: "/")]) }
            let need = answer.need(of: document)
            if need?.files != count || need?.moreUnlisted != answer.truncated {
                fatalError("'\(document)' holds \(count) needed paths, but the answer says \(String(describing: need))")
            }
        }
        // Written out again as an adapter would, it reads back the same.
        let needed = answer.needed.map { ["path": String(decoding: $0.bytes, as: UTF8.self)] }
        let object: [String: Any] = ["event": "result", "engine": answer.engine, "state": answer.state, "needed": needed, "truncated": answer.truncated, "wholeFiles": answer.wholeFiles]
        guard let line = try? JSONSerialization.data(withJSONObject: object),
              let reread = try? SyncEngineAnswer.read(line), reread == answer else {
            fatalError("the answer does not read back as itself")
        }
    }
}
