public import AdCore
public import AdCreative
import AdVAST
public import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one HTTP client of AdBridge: GETs a URL through `URLSession`, refusing non-http(s) schemes, capping the
/// body, following redirects itself after checking each target (R9), and mapping every failure to an `AdError`:
/// HTTP status ≥ 400, connection errors and redirect loops → `.network` (the status in `providerCode`), a timeout →
/// `.timeout`, an oversized body → `.limitExceeded`, a refused redirect → `.refusedURL` with VAST 301.
///
/// Every redirect target is a URL a server wrote (a `Location` header), so before it is followed it must pass the
/// scheme policy (`VASTURLPolicy`: http and https) and ``addresses`` (`VASTAddressPolicy`, `.publicOnly` by default:
/// no loopback, link-local, private or otherwise non-public address in any spelling). A refused target is never
/// contacted: the session is told not to follow it and the fetch fails with the same error a wrapper hop written
/// straight to that address gets. The URL given to ``fetch(_:timeout:)`` is the caller's own and is not checked;
/// ``HTTPResponseTransport`` checks the URLs it fetches for a response (wrapper hops, images) against
/// ``addresses`` too.
///
/// A host name is judged by what it resolves to: ``resolver`` (``SystemHostResolver`` by default) looks it up first,
/// and the name is refused when ANY of its answers is a non-public address (a client may connect to any of them).
/// A name that does not resolve passes (its fetch fails by itself). `URLSession` resolves the name again when it
/// connects, so an answer that changes in between (DNS rebinding) is not caught: Docs/Reliability.md, R9, says what
/// a host does about that.
///
/// A fetcher and every copy of it share one `URLSession`, created by the first request and invalidated when the
/// last copy is gone; its requests run side by side over it, each with its own headers, caps and timeout, and
/// reuse its connections. It keeps no cookies and no cache.
///
/// ```swift
/// let fetcher = HTTPFetcher()
/// let data = try await fetcher.get(URL(string: "https://ads.example.com/vast.xml")!, timeout: .seconds(5))
/// let local = HTTPFetcher(addresses: .allowingPrivate)  // tests against a loopback server, intranet ad servers
/// ```
public struct HTTPFetcher: Sendable {
    /// The largest body accepted (default 1 MiB); a larger one is cut off with `limitExceeded`.
    public var maxBodyBytes: Int
    /// The most redirects followed (default 5).
    public var maxRedirects: Int
    /// Extra request headers (for example `User-Agent`).
    public var headers: [String: String]
    /// The clock the timeout is measured on.
    public var clock: any Clock<Duration>
    /// Which addresses a redirect target, and a URL ``HTTPResponseTransport`` fetches for a response, may point at
    /// (R9): `.publicOnly` by default; `.allowingPrivate` for tests against a loopback server and intranet ad servers.
    public var addresses: VASTAddressPolicy
    /// Resolves a host name from a response before it is fetched, so that a name whose DNS answer is non-public is
    /// refused too (R9); `nil` judges names as names (only `localhost` is refused). Not asked when ``addresses``
    /// allows private addresses, nor for IPv6 literals.
    public var resolver: (any HostResolver)?
    /// The one session of this fetcher and its copies.
    let session: HTTPFetchSession

    /// Creates a fetcher.
    ///
    /// - Parameters:
    ///   - maxBodyBytes: the largest body read; a longer one fails the fetch.
    ///   - maxRedirects: how many redirects are followed before the fetch fails.
    ///   - headers: sent with every request (a request's own headers win).
    ///   - clock: measures each fetch's timeout.
    ///   - addresses: the address policy of redirect targets and of URLs from a response (R9).
    ///   - resolver: looks up a host name from a response before it is fetched (R9); `nil` to not resolve.
    public init(
        maxBodyBytes: Int = 1 << 20,
        maxRedirects: Int = 5,
        headers: [String: String] = [:],
        clock: any Clock<Duration> = ContinuousClock(),
        addresses: VASTAddressPolicy = .publicOnly,
        resolver: (any HostResolver)? = SystemHostResolver()
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.headers = headers
        self.clock = clock
        self.addresses = addresses
        self.resolver = resolver
        session = HTTPFetchSession()
    }

    /// Requests waiting for their exchange to end (for tests: 0 once every request has returned).
    var pendingCount: Int { session.pendingCount }

    /// GETs `url` and returns its body; `timeout` bounds the whole exchange, measured on ``clock``.
    public func get(_ url: URL, timeout: Duration) async throws(AdError) -> Data {
        try await fetch(url, timeout: timeout).bytes
    }

    /// GETs `url` and returns its body with the media type the server declared; `timeout` bounds the whole
    /// exchange (redirects and a slow body included), measured on ``clock``. `url` itself is the caller's own and is
    /// not checked against ``addresses``; every redirect target is.
    public func fetch(_ url: URL, timeout: Duration) async throws(AdError) -> HTTPBody {
        try await fetch(url, timeout: timeout, fromResponse: false)
    }

    /// GETs `url`; when it came from a response (`fromResponse`), it is checked against ``addresses`` first, inside
    /// the same deadline.
    func fetch(_ url: URL, timeout: Duration, fromResponse: Bool) async throws(AdError) -> HTTPBody {
        try Self.validate(url)
        let timedOut = AdError.fetchTimedOut(url.absoluteString, after: timeout)
        let result = await DeadlineRace.run(timeout: timeout, on: clock, timedOut: timedOut) {
            () async -> Result<HTTPBody, AdError> in
            if fromResponse, let refusal = await refusal(of: url, redirectedFrom: nil) { return .failure(refusal) }
            return await follow(url, timeout: timeout)
        }
        return try result.get()
    }

    /// The scheme policy (`VASTURLPolicy`: http and https only) as an `AdError`.
    static func validate(_ url: URL) throws(AdError) {
        do throws(VASTError) {
            try VASTURLPolicy.validate(url)
        } catch {
            throw AdError(error)
        }
    }

    /// GETs `url`, then each redirect target that passes the scheme and address policies, up to ``maxRedirects``.
    private func follow(_ url: URL, timeout: Duration) async -> Result<HTTPBody, AdError> {
        var current = url
        var redirects = 0
        while true {
            switch await request(current, timeout: timeout) {
            case .failure(let error):
                return .failure(error)
            case .success(.body(let body)):
                return .success(body)
            case .success(.redirect(let next)):
                redirects += 1
                guard redirects <= maxRedirects else {
                    return .failure(
                        AdError(
                            .network,
                            "More than \(maxRedirects) redirects from \(url.absoluteString) (a redirect loop?).",
                            hint: "Check the URL with the ad server; HTTPFetcher.maxRedirects sets the limit."))
                }
                if let refusal = await refusal(of: next, redirectedFrom: current) { return .failure(refusal) }
                current = next
            }
        }
    }

    /// Why `url`, from a response (a redirect target when `source` is given), may not be fetched: `refusedURL` with
    /// VAST 301, as a wrapper hop written straight to it gets from the wrapper state machine; `nil` when it may.
    func refusal(of url: URL, redirectedFrom source: URL?) async -> AdError? {
        let target = "'\(url.absoluteString.prefix(200))'"
        let subject = source.map { "'\($0.absoluteString.prefix(200))' redirected to \(target), which" } ?? target
        do throws(VASTError) {
            try VASTURLPolicy.validate(url)
        } catch {
            return AdError(
                .refusedURL, "\(subject) is refused: \(error.message)", vastCode: 301,
                hint: "Only http and https URLs are fetched (R9); the ad server must redirect to one.")
        }
        guard !addresses.allowsPrivateAddresses, let host = url.host else { return nil }
        if let kind = VASTAddressPolicy.privateKind(ofHost: host) {
            return Self.refusedAddress("\(subject) points at a \(kind) address (\(host))")
        }
        // A name (or a public IPv4 literal, which resolves to itself at once); an IPv6 literal is judged above.
        guard let resolver, !host.contains(":") else { return nil }
        for answer in await resolver.addresses(of: host) {
            guard let kind = VASTAddressPolicy.privateKind(ofHost: answer) else { continue }
            return Self.refusedAddress("\(subject) points at \(host), whose DNS answer \(answer) is a \(kind) address")
        }
        return nil
    }

    /// The error of a URL from a response that points at a non-public address, `what` saying which and why.
    private static func refusedAddress(_ what: String) -> AdError {
        AdError(
            .refusedURL, "\(what): a URL from a server response may not reach the device or its network.",
            vastCode: 301,
            hint: "Allow it only for tests and intranets: HTTPFetcher(addresses: .allowingPrivate) (R9).")
    }

    /// One exchange over the fetcher's session. The request's own timeout (whole seconds on Linux, so rounded up,
    /// and at most ``HTTPFetchSession/sessionTimeout``) is only a backstop: the deadline race on ``clock`` holds the exact one.
    private func request(_ url: URL, timeout: Duration) async -> Result<HTTPFetchDelegate.Answer, AdError> {
        let exact = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let seconds = min(max(1, exact.rounded(.up)) + 1, HTTPFetchSession.sessionTimeout)
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.cachePolicy = .reloadIgnoringLocalCacheData
        // Set through the property: FoundationNetworking applies a request's own timeout only when it was set.
        request.timeoutInterval = seconds
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return await session.fetch(request, url: url, maxBodyBytes: maxBodyBytes)
    }
}
