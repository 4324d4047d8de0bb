// The web app of `docbrowser serve`, over DocKit's services.
//
// Layout of this module (for whoever adds pages):
// - WebServer.swift: the application; what `serve` starts and stops.
// - WebConfiguration.swift: where it listens, which hosts name it.
// - Sessions.swift, WebSecurityMiddleware.swift: the token exchange, the
//   session cookie, CSRF, Origin and Host checks, the headers every
//   response carries. Every route is behind them.
// - WebRequestContext.swift: what a request carries past the middleware.
// - APIError.swift: `{"error": {"code", "message"}}` and its statuses.
// - API*Routes.swift: the JSON API under /api/ (docs/openapi.yaml).
// - PageRoutes.swift: the HTML pages, rendered from the mustache
//   templates in share/docbrowser/web/templates/, and /static/ serving
//   share/docbrowser/web/. Add page routes there.
import DocBrowserReports
import DocKit
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// `docbrowser serve`: an HTTP server on DocKit's services, with the
/// pages and the JSON API behind one session.
public struct WebServer: Sendable {
    public let configuration: WebConfiguration
    let services: WebServices
    let sessions: Sessions
    let boundPort: BoundPort

    /// - Parameters:
    ///   - configuration: Where to listen and how to let a browser in.
    ///   - library: The home whose documents it serves.
    ///   - catalog: That home's catalog, opened (and recovered) by the caller.
    public init(configuration: WebConfiguration, library: DocumentLibrary, catalog: DocumentCatalog) {
        self.configuration = configuration
        services = WebServices(library: library, catalog: catalog)
        sessions = Sessions(token: configuration.token, password: configuration.password)
        boundPort = BoundPort()
    }

    /// The application, for ``run(onListening:)`` and for tests.
    public func application(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) throws -> some ApplicationProtocol {
        let router = Router(context: WebRequestContext.self)
        router.add(middleware: WebSecurityMiddleware(configuration: configuration, sessions: sessions, boundPort: boundPort))
        PageRoutes(services: services, sessions: sessions, pages: try PageTemplates(installation: services.library.installation)).add(to: router)
        APIDocumentRoutes(services: services).add(to: router)
        APIOrganizeRoutes(services: services).add(to: router)
        APITransferRoutes(services: services, uploadLimit: configuration.uploadLimit).add(to: router)
        APIEventRoutes(services: services).add(to: router)
        APIVersionRoutes(services: services).add(to: router)
        APIVersionContentRoutes(services: services).add(to: router)
        APIFolderMoveRoutes(services: services).add(to: router)
        APISessionRoutes(sessions: sessions).add(to: router)
        let boundPort = boundPort
        var logger = Logger(label: "docbrowser.serve")
        logger.logLevel = .warning
        return Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                boundPort.set(port)
                await onListening(port)
            },
            logger: logger
        )
    }

    /// Serves until the first stop request, then stops gracefully.
    ///
    /// - Parameters:
    ///   - stopRequests: The signals that stop it, as the command catches them.
    ///   - onListening: Called once with the port it listens on.
    public func run(stopRequests: AsyncStream<Int32>, onListening: @escaping @Sendable (Int) async -> Void) async throws {
        let application = try application(onListening: onListening)
        let group = ServiceGroup(configuration: .init(services: [
            .init(service: application),
            .init(service: StopRequests(requests: stopRequests), successTerminationBehavior: .gracefullyShutdownGroup),
        ], logger: application.logger))
        try await group.run()
    }
}

/// The port the listening socket got, known once it listens (port 0
/// asks the system for a free one).
final class BoundPort: Sendable {
    private let port = Mutex<Int?>(nil)
    func set(_ value: Int) { port.withLock { $0 = value } }
    var value: Int? { port.withLock { $0 } }
}
