import AdCore
import AdCreative
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one delegate of ``URLSessionBeaconTransport``'s shared session: keeps, per task, the caller waiting for
/// it and the status it got; reads and discards bodies (up to 64 KiB, then the exchange is cut short); vets every
/// redirect (http(s) only, at most `maxRedirects`); and resumes each caller exactly once.
///
/// Sendable: its only stored state is `let` constants and a ``URLSessionTaskTable`` (a `Mutex`).
final class BeaconSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Exchange {
        let url: URL
        let continuation: CheckedContinuation<BeaconDeliveryOutcome, Never>
        var status: Int?
        var bodyBytes = 0
        var redirects = 0
        var failure: BeaconDeliveryOutcome?
    }

    /// The largest body read (and thrown away) before the exchange is cut short.
    static let maxBodyBytes = 64 << 10

    private let maxRedirects: Int
    private let addresses: VASTAddressPolicy
    private let exchanges = URLSessionTaskTable<Exchange>()

    init(maxRedirects: Int, addresses: VASTAddressPolicy) {
        self.maxRedirects = maxRedirects
        self.addresses = addresses
    }

    /// How many exchanges are waiting for their task to complete.
    var pendingCount: Int { exchanges.count }

    /// Registers the caller of `task` and starts it; a caller whose Swift task is already cancelled is answered at
    /// once (a cancelled delivery, retried later).
    func begin(
        _ task: URLSessionDataTask, url: URL, continuation: CheckedContinuation<BeaconDeliveryOutcome, Never>
    ) {
        guard exchanges.insertUnlessCancelled(Exchange(url: url, continuation: continuation), for: task) else {
            task.cancel()
            continuation.resume(returning: BeaconDeliveryOutcome(error: URLError(.cancelled), url: url))
            return
        }
        task.resume()
    }

    private func update(_ task: URLSessionTask, _ body: (inout Exchange) -> Void) {
        _ = exchanges.update(task, body)
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        update(dataTask) { $0.status = status }
        // Only a success's body is read (so the connection can be reused); the rest are decided by their status.
        completionHandler((200..<300).contains(status) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var tooLong = false
        update(dataTask) {
            $0.bodyBytes += data.count
            tooLong = $0.bodyBytes > Self.maxBodyBytes
        }
        if tooLong { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        var refusal: BeaconDeliveryOutcome?
        update(task) { exchange in
            exchange.redirects += 1
            let url = exchange.url.absoluteString
            if exchange.redirects > maxRedirects {
                refusal = .failed(
                    AdError(
                        .network, "The beacon \(url) was redirected more than \(maxRedirects) times (a loop?).",
                        hint: "Check the tracker URL; it is not tried again."))
            } else if let next = request.url, (try? VASTURLPolicy.validate(next)) != nil,
                (try? addresses.check(next)) != nil
            {
                refusal = nil
            } else {
                refusal = .failed(
                    AdError(
                        .refusedURL, "The beacon \(url) was redirected to a refused URL (\(request.url?.host ?? "-")).",
                        hint: "Only http(s) URLs on public hosts are pinged (R9); it is not tried again."))
            }
            exchange.failure = refusal
        }
        completionHandler(refusal == nil ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.remove(task) else { return }
        let outcome: BeaconDeliveryOutcome
        if let failure = exchange.failure {
            outcome = failure
        } else if let status = exchange.status {
            // Known from the status line, whatever happened to the body (cut short, cancelled after the headers).
            outcome = BeaconDeliveryOutcome(status: status, url: exchange.url)
        } else if let error {
            outcome = BeaconDeliveryOutcome(error: error as? URLError ?? URLError(.unknown), url: exchange.url)
        } else {
            outcome = .retry(AdError(.network, "The beacon \(exchange.url.absoluteString) got no HTTP answer."))
        }
        exchange.continuation.resume(returning: outcome)
    }
}
