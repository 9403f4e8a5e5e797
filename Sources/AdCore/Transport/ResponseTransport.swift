/// How every provider fetches its ad responses: in memory for tests, from a fixture folder for the simulator,
/// over HTTP in apps (`AdRuntime`). Providers never talk to the network directly.
///
/// A transport ends every fetch: with bytes, or with a typed error (`noFill`, `network`, `timeout`,
/// `invalidRequest`, `cancelled` when the calling task is cancelled).
///
/// ```swift
/// struct MyTransport: ResponseTransport {
///     func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
///         TransportResponse(body: Array("<VAST version=\"4.2\"/>".utf8))
///     }
/// }
/// ```
public protocol ResponseTransport: Sendable {
    /// Fetches the response for a request.
    func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse
}
