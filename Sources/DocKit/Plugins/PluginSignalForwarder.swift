#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// While plugins run, SIGINT and SIGTERM sent to the launcher are passed
/// to each plugin's process group, then SIGKILL follows after a grace
/// period; the launcher itself survives to clean up partial output.
final class PluginSignalForwarder: Sendable {
    static let shared = PluginSignalForwarder()
    static let gracePeriod: Duration = .seconds(5)

    private struct State {
        var running: [Int32: Int32?] = [:]
        var sources: [any DispatchSourceSignal] = []
    }

    private let state = Mutex(State())

    func register(_ processGroup: Int32) {
        state.withLock { state in
            state.running[processGroup] = .some(nil)
            guard state.sources.isEmpty else { return }
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [weak self] in self?.forward(number) }
                source.resume()
                state.sources.append(source)
            }
        }
    }

    /// The signal forwarded to this plugin, if any.
    func unregister(_ processGroup: Int32) -> Int32? {
        state.withLock { state in
            let forwarded = state.running.removeValue(forKey: processGroup) ?? nil
            if state.running.isEmpty {
                for source in state.sources { source.cancel() }
                state.sources.removeAll()
                signal(SIGINT, SIG_DFL)
                signal(SIGTERM, SIG_DFL)
            }
            return forwarded
        }
    }

    private func forward(_ number: Int32) {
        let groups = state.withLock { state in
            for group in state.running.keys { state.running[group] = .some(number) }
            return Array(state.running.keys)
        }
        for group in groups { kill(-group, number) }
        Task {
            try? await Task.sleep(for: Self.gracePeriod)
            for group in groups { kill(-group, SIGKILL) }
        }
    }
}
