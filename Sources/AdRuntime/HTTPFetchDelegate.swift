import AdCore
import AdCreative
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one delegate of an ``HTTPFetchSession``, shared by every request of its ``HTTPFetcher``: keeps, per task, the
/// caller waiting for it, its limits and what arrived so far; collects each body up to its request's cap, vets
/// every redirect (http(s) only, at most the request's `maxRedirects`), maps the outcome to an `AdError`, and
/// resumes each caller exactly once. A task's entry is removed when its caller is resumed.
///
/// Sendable: its only stored state is a ``URLSessionTaskTable`` (a `Mutex`).
final class HTTPFetchDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// The caller of one request, waiting for its outcome.
    typealias Continuation = CheckedContinuation<Result<HTTPBody, AdError>, Never>

    private struct Exchange {
        let url: URL
        let maxBodyBytes: Int
        let maxRedirects: Int
        let continuation: Continuation
        var body = Data()
        var mediaType: String?
        var redirects = 0
        var failure: AdError?
    }

    private let exchanges = URLSessionTaskTable<Exchange>()

    /// How many requests are waiting for their task to complete (0 once every request has returned).
    var pendingCount: Int { exchanges.count }

    /// Registers the caller of `task` (a GET of `url` with its caps) and starts the task; a caller whose Swift task
    /// is already cancelled is answered at once with `.cancelled`.
    func start(
        _ task: URLSessionDataTask, url: URL, maxBodyBytes: Int, maxRedirects: Int, continuation: Continuation
    ) {
        let exchange = Exchange(
            url: url, maxBodyBytes: maxBodyBytes, maxRedirects: maxRedirects, continuation: continuation)
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
            let url = exchange.url.absoluteString
            if let status, !(200..<300).contains(status) {
                exchange.failure =
                    exchange.failure
                    ?? AdError(
                        .network, "HTTP \(status) for \(url).", providerCode: status,
                        hint: "The ad server answered with an error status.")
                return false
            }
            if expected > Int64(exchange.maxBodyBytes) {
                exchange.failure =
                    exchange.failure
                    ?? AdError(VASTLimit.bodyBytes.error("The body of \(url)", limit: exchange.maxBodyBytes))
                return false
            }
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
            exchange.failure = AdError(
                VASTLimit.bodyBytes.error("The body of \(exchange.url.absoluteString)", limit: exchange.maxBodyBytes))
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
        let followed = exchanges.update(task) { exchange -> Bool in
            exchange.redirects += 1
            let url = exchange.url.absoluteString
            if exchange.redirects > exchange.maxRedirects {
                exchange.failure =
                    exchange.failure
                    ?? AdError(.network, "More than \(exchange.maxRedirects) redirects from \(url) (a redirect loop?).")
                return false
            }
            guard let next, (try? HTTPFetcher.validate(next)) != nil else {
                exchange.failure =
                    exchange.failure
                    ?? AdError(.refusedURL, "\(url) redirected to a refused URL (\(next?.scheme ?? "no scheme")).")
                return false
            }
            return true
        }
        completionHandler(followed == true ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.remove(task) else { return }
        exchange.continuation.resume(returning: Self.outcome(of: exchange, error: error))
    }

    private static func outcome(of exchange: Exchange, error: (any Error)?) -> Result<HTTPBody, AdError> {
        let url = exchange.url.absoluteString
        if let failure = exchange.failure { return .failure(failure) }
        guard let error else { return .success(HTTPBody(bytes: exchange.body, mediaType: exchange.mediaType)) }
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
