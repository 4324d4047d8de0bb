import Hummingbird

/// A request's context: the session ``WebSecurityMiddleware`` found for it.
public struct WebRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    var session: Sessions.Session?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// Uploads are streamed to a file under their own cap
    /// (``APITransferRoutes``), never collected whole by the router.
    public var maxUploadSize: Int { 1 << 20 }
}
