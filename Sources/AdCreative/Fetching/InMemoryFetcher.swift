public import Foundation
import Synchronization

/// A ``VASTFetcher`` that answers from a table: the fetcher of tests and of the simulator.
///
/// ```swift
/// let fetcher = InMemoryFetcher([
///     "https://ads.example/wrapper.xml": .body(wrapperData),
///     "https://ads.example/slow.xml": .hang,
/// ])
/// ```
public final class InMemoryFetcher: VASTFetcher {
    /// What the fetcher answers for one URL.
    public enum Response: Sendable {
        /// The body.
        case body(Data)
        /// A failure.
        case failure(VASTError)
        /// Never answers (until the fetching task is cancelled): a hop that times out.
        case hang
    }

    private let responses: [String: Response]
    private let log = Mutex<[URL]>([])

    /// Creates a fetcher answering `responses` (keyed by absolute URL string); other URLs fail with 404.
    public init(_ responses: [String: Response]) {
        self.responses = responses
    }

    /// Every URL fetched so far, in order.
    public var requestedURLs: [URL] { log.withLock { $0 } }

    /// Answers from the table; refuses non-http(s) URLs.
    public func fetch(_ url: URL, timeout: Duration) async throws(VASTError) -> Data {
        try VASTURLPolicy.validate(url)
        log.withLock { $0.append(url) }
        switch responses[url.absoluteString] {
        case .body(let data):
            return data
        case .failure(let error):
            throw error
        case .hang:
            let (stream, continuation) = AsyncStream<Never>.makeStream()
            for await _ in stream {}
            continuation.finish()
            throw VASTError(.cancelled, "The fetch of \(url.absoluteString) was cancelled.")
        case nil:
            throw VASTError(.network, "HTTP 404 for \(url.absoluteString).", status: 404)
        }
    }
}
