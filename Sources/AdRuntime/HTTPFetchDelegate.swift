import AdCore
import AdCreative
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one delegate of an ``HTTPFetchSession``, shared by every request of its ``HTTPFetcher``: keeps, per task, the
/// caller waiting for it, its cap and what arrived so far; collects each body up to its request's cap, maps the
/// outcome to an `AdError`, and resumes each caller exactly once. A task's entry is removed when its caller is resumed.
///
/// It follows no redirect: each one is refused at once (the completion handler gets `nil`, so nothing is sent to
/// the target) and answered as ``Answer/redirect(_:)``, and ``HTTPFetcher`` checks the target against its scheme and
/// address policies (R9) before it fetches it as a request of its own. The check may resolve a host name, which takes
/// time, and FoundationNetworking traps when a redirect's completion handler is called after the task was cancelled
/// or timed out, so the decision is never left waiting in here.
///
/// Sendable: its only stored state is a ``URLSessionTaskTable`` (a `Mutex`).
final class HTTPFetchDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// The caller of one request, waiting for its outcome.
    typealias Continuation = CheckedContinuation<Result<Answer, AdError>, Never>

    /// What one request got: a body, or a redirect for ``HTTPFetcher`` to check and follow.
    enum Answer: Sendable {
        /// The body of a 2xx answer, with its media type.
        case body(HTTPBody)
        /// A 3xx answer's target (absolute), not followed.
        case redirect(URL)
    }

    private struct Exchange {
        let url: URL
        let maxBodyBytes: Int
        let continuation: Continuation
        var body = Data()
        var mediaType: String?
        var redirect: URL?
        var failure: AdError?

        /// Keeps the failure `error` makes of this exchange unless an earlier one is kept; returns `false`, the
        /// answer that stops the exchange.
        mutating func refuse(_ error: (Exchange) -> AdError) -> Bool {
            if failure == nil { failure = error(self) }
            return false
        }

        /// The failure of a body longer than the request's cap.
        var bodyTooLarge: AdError {
            AdError(VASTLimit.bodyBytes.error("The body of \(url.absoluteString)", limit: maxBodyBytes))
        }
    }

    private let exchanges = URLSessionTaskTable<Exchange>()

    /// How many requests are waiting for their task to complete (0 once every request has returned).
    var pendingCount: Int { exchanges.count }

    /// Registers the caller of `task` (a GET of `url` with its body cap) and starts the task; a caller whose Swift
    /// task is already cancelled is answered at once with `.cancelled`.
    func start(_ task: URLSessionDataTask, url: URL, maxBodyBytes: Int, continuation: Continuation) {
        let exchange = Exchange(url: url, maxBodyBytes: maxBodyBytes, continuation: continuation)
        guard exchanges.insertUnlessCancelled(exchange, for: task) else {
            task.cancel()
            continuation.resume(returning: .failure(Self.cancelled(url)))
            return
        }
        task.resume()
    }

    private static func cancelled(_ url: URL) -> AdError {
        AdError(.cancelled, "The fetch of \(url.absoluteString) was cancelled.")
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode
        let mediaType = response.mimeType?.lowercased()
        let expected = response.expectedContentLength
        let allowed = exchanges.update(dataTask) { exchange -> Bool in
            // A refused redirect arrives as the final answer: its body is not wanted, its target is the answer.
            if exchange.redirect != nil { return false }
            if let status, !(200..<300).contains(status) {
                return exchange.refuse {
                    AdError(
                        .network, "HTTP \(status) for \($0.url.absoluteString).", providerCode: status,
                        hint: "The ad server answered with an error status.")
                }
            }
            if expected > Int64(exchange.maxBodyBytes) { return exchange.refuse(\.bodyTooLarge) }
            exchange.mediaType = mediaType
            return true
        }
        // No entry: nobody waits for this task any more.
        completionHandler(allowed == true ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = exchanges.update(dataTask) { exchange -> Bool in
            guard exchange.failure == nil else { return false }
            exchange.body.append(data)
            guard exchange.body.count > exchange.maxBodyBytes else { return false }
            exchange.failure = exchange.bodyTooLarge
            return true
        }
        if tooLarge == true { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let next = request.url
        _ = exchanges.update(task) { exchange in
            guard exchange.failure == nil else { return }
            guard let next else {
                exchange.failure = AdError(
                    .refusedURL, "\(exchange.url.absoluteString) redirected to no URL (Location: -).", vastCode: 301,
                    hint: "The ad server's redirect has no usable Location; report it to the ad server.")
                return
            }
            exchange.redirect = next
        }
        // Never followed here: HTTPFetcher checks the target (R9) and fetches it as a request of its own.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.remove(task) else { return }
        exchange.continuation.resume(returning: Self.outcome(of: exchange, error: error))
    }

    private static func outcome(of exchange: Exchange, error: (any Error)?) -> Result<Answer, AdError> {
        let url = exchange.url.absoluteString
        if let failure = exchange.failure { return .failure(failure) }
        if let redirect = exchange.redirect { return .success(.redirect(redirect)) }
        guard let error else { return .success(.body(HTTPBody(bytes: exchange.body, mediaType: exchange.mediaType))) }
        let urlError = error as? URLError
        switch urlError?.code {
        case .timedOut?:
            return .failure(AdError(.timeout, "\(url) did not answer in time.", vastCode: 301))
        case .cancelled?:
            return .failure(cancelled(exchange.url))
        default:
            return .failure(
                AdError(
                    .network, "Fetching \(url) failed: \(error.localizedDescription)", underlying: urlError))
        }
    }
}
