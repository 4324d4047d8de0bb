import Foundation
import Synchronization

/// The sessions a browser holds after showing the token: the token is
/// one-time, as the issue asks (unlike Jupyter's, which stays valid for
/// the server's life): the first exchange spends it, so that a URL left
/// in a terminal's scrollback or a browser's history opens nothing later.
/// Each session has its own CSRF token.
final class Sessions: Sendable {
    struct Session: Sendable {
        let id: String
        let csrfToken: String
    }

    private struct State {
        var token: String?
        var sessions: [String: Session] = [:]
    }

    private let state: Mutex<State>
    private let password: String?

    init(token: String, password: String?) {
        state = Mutex(State(token: token))
        self.password = password
    }

    /// A new session if `token` is the unspent token, which it then spends.
    func exchange(token: String) -> Session? {
        state.withLock { state in
            guard let expected = state.token, Self.constantTimeEqual(expected, token) else { return nil }
            state.token = nil
            return Self.open(in: &state)
        }
    }

    /// A new session if `password` is the `--password-file`'s.
    func login(password given: String) -> Session? {
        guard let password, Self.constantTimeEqual(password, given) else { return nil }
        return state.withLock { Self.open(in: &$0) }
    }

    func session(id: String) -> Session? {
        state.withLock { $0.sessions[id] }
    }

    private static func open(in state: inout State) -> Session {
        let session = Session(id: WebConfiguration.newToken(), csrfToken: WebConfiguration.newToken())
        state.sessions[session.id] = session
        return session
    }

    /// Compares without stopping at the first difference, so that the
    /// time taken tells nothing of how much of a guess was right.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    static let cookieName = "docbrowser_session"
}
