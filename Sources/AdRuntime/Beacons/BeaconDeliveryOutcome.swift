public import AdCore
public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one delivery attempt of a beacon came to, and so what the queue does next (rule R13).
///
/// - A 2xx status is ``delivered(status:)``: the beacon is deleted and never sent again.
/// - A 5xx status, 408 (request timeout), 429 (too many requests), a refused or reset connection, a lost network,
///   a DNS failure and a timeout are ``retry(_:)``: the beacon is tried again after a backoff.
/// - Any other status (4xx, or a 3xx left after redirects) and a refused URL or redirect are ``failed(_:)``: the
///   server will never accept it, so it is counted as failed and deleted.
///
/// ```swift
/// BeaconDeliveryOutcome(status: 204, url: url)  // .delivered(status: 204)
/// BeaconDeliveryOutcome(status: 503, url: url)  // .retry(network, HTTP 503)
/// BeaconDeliveryOutcome(status: 404, url: url)  // .failed(network, HTTP 404)
/// ```
public enum BeaconDeliveryOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The server answered with a success status.
    case delivered(status: Int)
    /// A transient failure: try again later.
    case retry(AdError)
    /// A permanent failure: never try again.
    case failed(AdError)

    /// The outcome of an HTTP answer with `status` for `url`.
    public init(status: Int, url: URL) {
        switch status {
        case 200..<300:
            self = .delivered(status: status)
        case 408, 429, 500..<600:
            self = .retry(
                AdError(
                    .network, "HTTP \(status) for the beacon \(url.absoluteString).", providerCode: status,
                    hint: "The tracking server is busy or failing; the beacon is tried again later."))
        default:
            self = .failed(
                AdError(
                    .network, "HTTP \(status) for the beacon \(url.absoluteString).", providerCode: status,
                    hint: "The tracking server refuses this URL; it is not tried again. Check the tracker URL."))
        }
    }

    /// The outcome of a request to `url` that ended with `error` before an answer.
    public init(error: URLError, url: URL) {
        switch error.code {
        case .timedOut:
            self = .retry(
                AdError(
                    .timeout, "The beacon \(url.absoluteString) got no answer in time.", vastCode: 301,
                    hint: "The tracking server is slow or unreachable; the beacon is tried again later.",
                    underlying: error))
        case .badURL, .unsupportedURL, .userAuthenticationRequired, .userCancelledAuthentication:
            self = .failed(
                AdError(
                    .network, "The beacon \(url.absoluteString) cannot be sent: \(error.localizedDescription)",
                    hint: "Check the tracker URL; it is not tried again.", underlying: error))
        default:
            self = .retry(
                AdError(
                    .network, "Sending the beacon \(url.absoluteString) failed: \(error.localizedDescription)",
                    hint: "The network or the tracking server failed; the beacon is tried again later.",
                    underlying: error))
        }
    }

    /// `delivered (HTTP 204)`, `retry: ...`, `failed: ...`.
    public var description: String {
        switch self {
        case .delivered(let status): "delivered (HTTP \(status))"
        case .retry(let error): "retry: \(error)"
        case .failed(let error): "failed: \(error)"
        }
    }
}
