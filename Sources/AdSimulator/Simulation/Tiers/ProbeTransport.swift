import AdCore

/// The transport of one probe of ``LoadBehaviors``: it answers every fetch of an ad unit at once with one response,
/// or throws one error, as the simulated ad server would after its latency; a fetch of a URL (a wrapper's next hop)
/// is refused as the server refuses it.
///
/// ```swift
/// let transport = ProbeTransport(answer: .success(file.response(priceMicros: 1_234, currency: "USD")))
/// ```
struct ProbeTransport: ResponseTransport {
    /// The response, or the error.
    let answer: Result<TransportResponse, AdError>

    /// Answers at once.
    func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
        guard request.url == nil else { throw SimulatedAdServer.refusal(ofURL: request) }
        return try answer.get()
    }
}
