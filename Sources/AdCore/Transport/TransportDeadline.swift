/// Races one transport fetch against its timeout on the scheduler (the one `DeadlineRace`): the first to finish
/// wins and the other is cancelled. The timeout holds whatever the transport does with ``TransportRequest/timeout``
/// (`InMemoryTransport` ignores it; a transport that never answers still ends at the deadline), and it is measured in
/// the scheduler's time, so virtual time decides it in tests.
///
/// ```swift
/// let response = try await TransportDeadline.fetch(request, from: transport, on: scheduler)
/// ```
public enum TransportDeadline {
    /// Fetches `request` from `transport`, failing with `timeout` when ``TransportRequest/timeout`` passes on
    /// `scheduler` first; `cancelled` when the calling task is cancelled.
    @MainActor
    public static func fetch(
        _ request: TransportRequest, from transport: any ResponseTransport, on scheduler: any AdScheduler
    ) async throws(AdError) -> TransportResponse {
        if let scheduled = transport as? any ScheduledResponseTransport {
            // The transport answers through a callback on the scheduler's turns: raced directly, no task.
            let result = await DeadlineRace.run(
                timeout: request.timeout, on: scheduler, timedOut: timedOut(request),
                starting: { finish in scheduled.fetch(request, completion: finish) })
            return try result.get()
        }
        let result = await DeadlineRace.run(timeout: request.timeout, on: scheduler, timedOut: timedOut(request)) {
            () async -> Result<TransportResponse, AdError> in
            do throws(AdError) {
                return .success(try await transport.fetch(request))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The error of a fetch that did not answer within its timeout: the one fetch timeout error.
    static func timedOut(_ request: TransportRequest) -> AdError {
        AdError.fetchTimedOut(request.url ?? request.adUnitID, after: request.timeout, providerID: request.providerID)
    }
}
