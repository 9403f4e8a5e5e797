import AdCore
import Foundation

/// Races one fetch against its timeout on an injected clock: the first to finish wins and the other is
/// cancelled. A timeout is `AdError.timeout` with VAST code 301. ``HTTPFetcher`` holds a request's timeout exactly with it (URLSession's own is in whole seconds).
enum FetchDeadline {
    /// Runs `operation`, failing with `timeout` if `timeout` passes on `clock` first.
    static func race<Value: Sendable>(
        _ url: URL,
        timeout: Duration,
        clock: any Clock<Duration>,
        _ operation: @escaping @Sendable () async -> Result<Value, AdError>
    ) async -> Result<Value, AdError> {
        await withTaskGroup(of: Result<Value, AdError>?.self) { group in
            group.addTask { await operation() }
            group.addTask {
                do {
                    try await clock.sleep(for: timeout)
                } catch {
                    return nil
                }
                return .failure(
                    AdError(.timeout, "\(url.absoluteString) did not answer within \(timeout).", vastCode: 301))
            }
            var outcome: Result<Value, AdError> = .failure(AdError(.cancelled, "The fetch was cancelled."))
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
