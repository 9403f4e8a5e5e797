import Foundation

/// Races one fetch against its timeout on an injected clock: the first to finish wins and the other is
/// cancelled. A timeout is `VASTError.timeout` with VAST code 301. Shared by ``HTTPFetcher`` and the wrapper resolver.
enum FetchDeadline {
    /// Runs `operation`, failing with `timeout` if `timeout` passes on `clock` first.
    static func race(
        _ url: URL,
        timeout: Duration,
        clock: any Clock<Duration>,
        _ operation: @escaping @Sendable () async -> Result<Data, VASTError>
    ) async -> Result<Data, VASTError> {
        await withTaskGroup(of: Result<Data, VASTError>?.self) { group in
            group.addTask { await operation() }
            group.addTask {
                do {
                    try await clock.sleep(for: timeout)
                } catch {
                    return nil
                }
                return .failure(
                    VASTError(.timeout, "\(url.absoluteString) did not answer within \(timeout).", vastCode: 301))
            }
            var outcome: Result<Data, VASTError> = .failure(VASTError(.cancelled, "The fetch was cancelled."))
            for await result in group {
                if let result {
                    outcome = result
                    break
                }
            }
            group.cancelAll()
            return outcome
        }
    }
}
