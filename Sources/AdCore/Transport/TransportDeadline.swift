/// Races one transport fetch against its timeout on the scheduler (the one `DeadlineRace`): the first to finish
/// wins and the other is disarmed. The timeout holds whatever the transport does with ``TransportRequest/timeout``
/// (`InMemoryTransport` ignores it; a transport that never answers still ends at the deadline), and it is measured in
/// the scheduler's time, so virtual time decides it in tests. Exactly at the deadline the timeout wins, whichever
/// form of the fetch and of the transport.
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

    /// Fetches `request` from `transport` and calls `completion` once, on the main actor, with the response or the
    /// error (`timeout` when ``TransportRequest/timeout`` passes on `scheduler` first). A
    /// ``ScheduledResponseTransport`` is raced through callbacks alone: a timer and its answer, no task and no
    /// continuation. Any other transport is fetched by the async form in a task spawned on `scheduler` (a provider's
    /// environment gives the ad's task scope, which cancels it when the ad is destroyed).
    @MainActor
    package static func fetch(
        _ request: TransportRequest, from transport: any ResponseTransport, on scheduler: any AdScheduler,
        completion: @escaping @MainActor (Result<TransportResponse, AdError>) -> Void
    ) {
        guard let scheduled = transport as? any ScheduledResponseTransport else {
            scheduler.spawn {
                do throws(AdError) {
                    completion(.success(try await fetch(request, from: transport, on: scheduler)))
                } catch {
                    completion(.failure(error))
                }
            }
            return
        }
        DeadlineRace.race(
            timeout: request.timeout, on: scheduler, timedOut: timedOut(request),
            operation: { finish in scheduled.fetch(request, completion: finish) }, completion: completion)
    }

    /// The error of a fetch that did not answer within its timeout: the one fetch timeout error.
    static func timedOut(_ request: TransportRequest) -> AdError {
        AdError.fetchTimedOut(request.url ?? request.adUnitID, after: request.timeout, providerID: request.providerID)
    }
}
