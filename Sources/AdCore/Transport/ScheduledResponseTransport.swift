/// A transport that answers through a callback on the main actor, at a time of the scheduler's choosing, without
/// a task of its own: the simulated ad server, whose answers come after a delay of virtual time. ``TransportDeadline``
/// races such a transport's callback against the request's timeout directly, where it spawns the fetch of any other
/// transport as a task: a fetch then costs one timer and one continuation fewer, and no task.
///
/// ```swift
/// final class Server: ScheduledResponseTransport {
///     func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse { ... }
///     func fetch(_ request: TransportRequest, completion: @escaping @MainActor (Result<TransportResponse, AdError>) -> Void) {
///         scheduler.schedule(after: .milliseconds(120)) { completion(.success(response)) }
///     }
/// }
/// ```
public protocol ScheduledResponseTransport: ResponseTransport {
    /// Starts a fetch; `completion` is called once, on the main actor, with the response or the typed error.
    @MainActor
    func fetch(
        _ request: TransportRequest, completion: @escaping @MainActor (Result<TransportResponse, AdError>) -> Void)
}
