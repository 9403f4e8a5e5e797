import Synchronization

/// Races one transport fetch against its timeout on the scheduler: the first to finish wins and the other is
/// cancelled. The timeout holds whatever the transport does with ``TransportRequest/timeout`` (`InMemoryTransport`
/// ignores it; a transport that never answers still ends at the deadline), and it is measured in the scheduler's
/// time, so virtual time decides it in tests.
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
        let fetchTask = Mutex<Task<Void, Never>?>(nil)
        let result: Result<TransportResponse, AdError> = await withTaskCancellationHandler {
            await scheduler.suspend { (resumer: AdResumer<Result<TransportResponse, AdError>>) in
                let timer = scheduler.schedule(after: request.timeout) {
                    if resumer.resume(returning: .failure(timedOut(request))) {
                        fetchTask.withLock { $0?.cancel() }
                    }
                }
                let task = scheduler.spawn {
                    let outcome: Result<TransportResponse, AdError>
                    do throws(AdError) {
                        outcome = .success(try await transport.fetch(request))
                    } catch {
                        outcome = .failure(error)
                    }
                    if resumer.resume(returning: outcome) { scheduler.cancel(timer) }
                }
                fetchTask.withLock { $0 = task }
                if Task.isCancelled { task.cancel() }
            }
        } onCancel: {
            fetchTask.withLock { $0?.cancel() }
        }
        return try result.get()
    }

    /// The error of a fetch that did not answer within its timeout: the one fetch timeout error.
    static func timedOut(_ request: TransportRequest) -> AdError {
        AdError.fetchTimedOut(request.url ?? request.adUnitID, after: request.timeout, providerID: request.providerID)
    }
}
