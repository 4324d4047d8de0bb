import Foundation

/// One reader of outside input, fed arbitrary bytes. A target passes when
/// it returns, whatever the reader answered: refusing bad input is the
/// point. Only a crash, a trap or a sanitizer report fails it.
struct FuzzTarget: Sendable {
    let name: String
    let summary: String
    let run: @Sendable (_ input: [UInt8], _ scratch: FuzzScratch) -> Void

    static let all: [FuzzTarget] = handlerTargets + typeTargets + locationTargets + catalogTargets
        + coordinationTargets + archiveTargets + previewTargets + versionTargets + thumbnailTargets + searchTargets
        + syncEngineTargets

    static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
