import ServiceLifecycle

/// The requests to stop `serve` (the signals its command catches), as a
/// service of the server's group: it returns at the first, which shuts the
/// group down gracefully, or when the group shuts down for another reason.
struct StopRequests: Service {
    let requests: AsyncStream<Int32>

    func run() async {
        for await _ in requests.cancelOnGracefulShutdown() { return }
    }
}
