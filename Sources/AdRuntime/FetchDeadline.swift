import AdCore
import Foundation

/// Races one fetch against its timeout on an injected clock: the first to finish wins and the other is
/// cancelled. A timeout is the one fetch timeout error, `AdError.fetchTimedOut` (code `timeout`, VAST code 301), the
/// same as the scheduler's race of a transport fetch (`TransportDeadline`) reports. ``HTTPFetcher`` holds a request's
/// timeout exactly with it (URLSession's own is in whole seconds) for callers that use it without a scheduler.
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
                return .failure(AdError.fetchTimedOut(url.absoluteString, after: timeout))
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
