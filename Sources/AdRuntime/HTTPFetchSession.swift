import AdCore
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one `URLSession` of an ``HTTPFetcher`` and of every copy of it, with its one ``HTTPFetchDelegate``.
///
/// The session is created by the first request (a fetcher that never fetches opens nothing) and lives until the
/// last copy of the fetcher is gone: then `deinit` calls `finishTasksAndInvalidate()` (no request is running by
/// then: each holds the fetcher until it returns). One session per fetcher instead of one per request leaves
/// FoundationNetworking on Linux one session to tear down instead of one per ad request (Docs/Reliability.md, R15),
/// and lets requests to one host reuse connections.
///
/// Every per-request setting travels with the request: headers and the backstop timeout on the `URLRequest`, the
/// body cap in the delegate's entry for the task. Redirects are not followed by the session: ``HTTPFetcher`` checks
/// and fetches each target itself (R9). The session's own settings are the same for all:
/// - timeouts: a week (`sessionTimeout`, Apple's default resource timeout) for both the request (idle) and the
///   resource (whole exchange) timeout, so that the session never cuts a request shorter than its own timeout;
///   each request's deadline is the one deadline race (`DeadlineRace`) on the fetcher's clock, with the request's
///   `timeoutInterval` as the backstop;
/// - no cache, no cookies, no credential storage: nothing one response sets reaches another request, as when
///   every request had a session of its own;
/// - at most 6 connections per host (`maxConnectionsPerHost`, the default on Linux and macOS): a further request
///   to the same host waits for a connection, its deadline running.
///
/// Sendable: its only stored state is `let` constants and a `Mutex`.
final class HTTPFetchSession: Sendable {
    /// The session's request and resource timeouts, in seconds: a week. A request's backstop timeout is capped at it.
    static let sessionTimeout: TimeInterval = 7 * 24 * 60 * 60

    /// The most connections open to one host at a time.
    static let maxConnectionsPerHost = 6

    private let delegate = HTTPFetchDelegate()
    private let session = Mutex<URLSession?>(nil)

    /// Creates the owner; the session itself waits for the first request.
    init() {}

    deinit {
        session.withLock { $0 }?.finishTasksAndInvalidate()
    }

    /// Requests waiting for their task to complete (for tests: 0 once every request has returned).
    var pendingCount: Int { delegate.pendingCount }

    /// Whether the session was created (a request was made).
    var isStarted: Bool { session.withLock { $0 != nil } }

    /// The delegate, for tests that check it is released once the session is invalidated.
    var sessionDelegate: AnyObject { delegate }

    private func started() -> URLSession {
        session.withLock { session in
            if let session { return session }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = Self.sessionTimeout
            configuration.timeoutIntervalForResource = Self.sessionTimeout
            configuration.httpMaximumConnectionsPerHost = Self.maxConnectionsPerHost
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            configuration.httpCookieAcceptPolicy = .never
            configuration.urlCredentialStorage = nil
            let created = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            session = created
            return created
        }
    }

    /// Runs `request` (a GET of `url`) over the session: its body, or the target of a redirect (not followed);
    /// cancelling the calling task cancels the exchange.
    func fetch(_ request: URLRequest, url: URL, maxBodyBytes: Int) async -> Result<HTTPFetchDelegate.Answer, AdError> {
        let task = started().dataTask(with: request)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: HTTPFetchDelegate.Continuation) in
                delegate.start(task, url: url, maxBodyBytes: maxBodyBytes, continuation: continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }
}
