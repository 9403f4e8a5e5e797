import AdCore
import AdCreative
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession` delegate behind one ``HTTPFetcher`` request: collects the body up to its cap, vets
/// redirects and resumes the caller exactly once.
///
/// Sendable: its only stored state is `let` constants and a `Mutex`.
final class HTTPFetchDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<HTTPBody, AdError>, Never>?
        var body = Data()
        var mediaType: String?
        var redirects = 0
        var failure: AdError?
        var finished = false
    }

    private let url: URL
    private let maxBodyBytes: Int
    private let maxRedirects: Int
    private let state = Mutex(State())

    init(url: URL, maxBodyBytes: Int, maxRedirects: Int) {
        self.url = url
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
    }

    func begin(_ continuation: CheckedContinuation<Result<HTTPBody, AdError>, Never>, task: URLSessionDataTask) {
        state.withLock { $0.continuation = continuation }
        task.resume()
    }

    private func finish(_ result: Result<HTTPBody, AdError>) {
        let continuation = state.withLock { state -> CheckedContinuation<Result<HTTPBody, AdError>, Never>? in
            guard !state.finished else { return nil }
            state.finished = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: result)
    }

    /// Keeps the first failure; the task ends through its completion handler or ``fail(_:task:)``.
    private func record(_ error: AdError) {
        state.withLock { if $0.failure == nil { $0.failure = error } }
    }

    private func fail(_ error: AdError, task: URLSessionTask) {
        record(error)
        task.cancel()
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            record(
                AdError(
                    .network,
                    "HTTP \(http.statusCode) for \(url.absoluteString).",
                    providerCode: http.statusCode,
                    hint: "The ad server answered with an error status."
                )
            )
            completionHandler(.cancel)
            return
        }
        if response.expectedContentLength > Int64(maxBodyBytes) {
            record(AdError(VASTLimit.bodyBytes.error("The body of \(url.absoluteString)", limit: maxBodyBytes)))
            completionHandler(.cancel)
            return
        }
        let mediaType = response.mimeType?.lowercased()
        state.withLock { $0.mediaType = mediaType }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = state.withLock { state -> Bool in
            guard state.failure == nil else { return false }
            state.body.append(data)
            return state.body.count > maxBodyBytes
        }
        if tooLarge {
            fail(
                AdError(VASTLimit.bodyBytes.error("The body of \(url.absoluteString)", limit: maxBodyBytes)),
                task: dataTask)
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let count = state.withLock { state -> Int in
            state.redirects += 1
            return state.redirects
        }
        if count > maxRedirects {
            record(
                AdError(
                    .network, "More than \(maxRedirects) redirects from \(url.absoluteString) (a redirect loop?).")
            )
            completionHandler(nil)
            return
        }
        guard let next = request.url, (try? HTTPFetcher.validate(next)) != nil else {
            record(
                AdError(
                    .refusedURL,
                    "\(url.absoluteString) redirected to a refused URL (\(request.url?.scheme ?? "no scheme"))."
                )
            )
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (failure, body, mediaType) = state.withLock { ($0.failure, $0.body, $0.mediaType) }
        if let failure {
            finish(.failure(failure))
        } else if let error {
            let urlError = error as? URLError
            if urlError?.code == .timedOut {
                finish(.failure(AdError(.timeout, "\(url.absoluteString) did not answer in time.", vastCode: 301)))
            } else if urlError?.code == .cancelled {
                finish(.failure(AdError(.cancelled, "The fetch of \(url.absoluteString) was cancelled.")))
            } else {
                finish(
                    .failure(
                        AdError(
                            .network,
                            "Fetching \(url.absoluteString) failed: \(error.localizedDescription)",
                            underlying: urlError
                        )
                    )
                )
            }
        } else {
            finish(.success(HTTPBody(bytes: body, mediaType: mediaType)))
        }
    }
}
