public import Foundation

/// Fetches the VAST document at a URL: what wrapper resolution calls for every hop.
///
/// Implementations: ``HTTPFetcher`` (the network), ``InMemoryFetcher`` (tests, simulation) and
/// ``FileFetcher`` (a folder standing in for a server).
///
/// ```swift
/// struct MyFetcher: VASTFetcher {
///     func fetch(_ url: URL, timeout: Duration) async throws(VASTError) -> Data { Data() }
/// }
/// ```
public protocol VASTFetcher: Sendable {
    /// The body at `url`, or an `VASTError` (`.network`, `.timeout`, `.refusedURL`, `.limitExceeded`).
    func fetch(_ url: URL, timeout: Duration) async throws(VASTError) -> Data
}
