#if canImport(Glibc)
import Glibc
#endif
import CDocShims
import Synchronization

/// While plugins run, SIGINT and SIGTERM sent to the launcher are passed
/// to each plugin's process group, then SIGKILL follows after a grace
/// period; the launcher itself survives to clean up partial output.
///
/// The signals are taken over before a plugin is started, not once its
/// process group is known: a Ctrl-C in between would otherwise kill the
/// launcher and leave the plugin running, writing a temporary nobody
/// removes. A signal that arrives then is held and passed on as soon as the
/// plugin is registered.
final class PluginSignalForwarder: Sendable {
    static let shared = PluginSignalForwarder()
    static let gracePeriod: Duration = .seconds(5)

    private struct State {
        var running: [Int32: Int32?] = [:]
        var launching = 0
        /// The first signal received since the signals were taken over.
        var received: Int32?
        var takenOver = false
    }

    private let state = Mutex(State())

    /// The pipe the signals are caught into while plugins run
    /// (``SignalPipe``): taken over with SIG_IGN and a Dispatch source, a
    /// signal was lost when another source listened already (serve's).
    private static let pipeWriteEnd = SignalPipe.writeEnd { PluginSignalForwarder.shared.forward($0) }

    /// Before starting a plugin; then ``register(_:)`` or ``launchFailed()``.
    func willLaunch() {
        state.withLock { state in
            state.launching += 1
            guard !state.takenOver, Self.pipeWriteEnd >= 0 else { return }
            for number in [SIGINT, SIGTERM] { _ = cdocshims_take_over_signal(number, Self.pipeWriteEnd) }
            state.takenOver = true
        }
    }

    func register(_ processGroup: Int32) {
        let held = state.withLock { state in
            state.launching -= 1
            state.running[processGroup] = .some(state.received)
            return state.received
        }
        if let held { stop(processGroup, with: held) }
    }

    /// The signal received while the plugin was being started, if any.
    func launchFailed() -> Int32? {
        state.withLock { state in
            state.launching -= 1
            let received = state.received
            tearDownIfIdle(&state)
            return received
        }
    }

    /// The signal forwarded to this plugin, if any.
    func unregister(_ processGroup: Int32) -> Int32? {
        state.withLock { state in
            let forwarded = state.running.removeValue(forKey: processGroup) ?? nil
            tearDownIfIdle(&state)
            return forwarded
        }
    }

    private func tearDownIfIdle(_ state: inout State) {
        guard state.running.isEmpty, state.launching == 0, state.takenOver else { return }
        for number in [SIGINT, SIGTERM] { _ = cdocshims_give_back_signal(number) }
        state.takenOver = false
        state.received = nil
    }

    private func forward(_ number: Int32) {
        let groups = state.withLock { state in
            if state.received == nil { state.received = number }
            for group in state.running.keys { state.running[group] = .some(number) }
            return Array(state.running.keys)
        }
        for group in groups { stop(group, with: number) }
        // A command that catches the signal itself to stop gracefully
        // (serve, watch) hears of it too: taken over, it would never learn
        // it was asked to stop while a plugin ran.
        _ = cdocshims_pass_on_signal(number)
    }

    private func stop(_ group: Int32, with number: Int32) {
        kill(-group, number)
        Task {
            try? await Task.sleep(for: Self.gracePeriod)
            // Once unregistered the group is gone, and its number may be reused.
            if state.withLock({ $0.running[group] != nil }) { kill(-group, SIGKILL) }
        }
    }
}
