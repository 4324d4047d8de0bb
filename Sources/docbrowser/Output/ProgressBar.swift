import DocKit
import Foundation
import Synchronization

/// One line on stderr, redrawn in place: bytes done of total, and rate.
final class ProgressBar: Sendable {
    private let enabled: Bool
    private let start = ContinuousClock.now
    private let drawn = Mutex(false)

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func update(_ progress: PluginProgress) {
        guard enabled, let bytes = progress.bytes else { return }
        let seconds = max((ContinuousClock.now - start) / .seconds(1), 0.001)
        let rate = ByteCountFormatter.string(fromByteCount: Int64(Double(bytes) / seconds), countStyle: .file)
        var line = ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)
        if let total = progress.totalBytes, total > 0 {
            let fraction = min(Double(bytes) / Double(total), 1)
            let width = 24
            let filled = Int(fraction * Double(width))
            line = "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] "
                + "\(Int(fraction * 100))% \(line) of \(ByteCountFormatter.string(fromByteCount: total, countStyle: .file))"
        }
        Terminal.standardError.write("\r\u{1B}[2K\(line), \(rate)/s")
        drawn.withLock { $0 = true }
    }

    func finish() {
        if drawn.withLock({ $0 }) { Terminal.standardError.write("\r\u{1B}[2K") }
    }
}
