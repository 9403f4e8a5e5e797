/// How far and how long wrapper resolution may go, and how much one resolution may fetch (R8).
///
/// ```swift
/// var policy = WrapperResolutionPolicy()
/// policy.maxDepth = 3
/// policy.hopTimeout = .seconds(2)
/// policy.maxFetches = 16
/// ```
public struct WrapperResolutionPolicy: Sendable, Equatable {
    /// The most wrappers followed in one chain (default 5); one more fails with VAST 302.
    public var maxDepth: Int = 5
    /// The longest one hop may take (default 5 s); a slower hop fails with VAST 301.
    public var hopTimeout: Duration = .seconds(5)
    /// The longest the whole resolution may take (default 10 s); past it, hops fail with VAST 301.
    public var totalTimeout: Duration = .seconds(10)
    /// The most documents one resolution fetches, over all its chains (default 64: a pod of a dozen ads, each
    /// through five wrappers). The fetch that would exceed it is not made: resolution stops with VAST 302
    /// (`limitExceeded`), keeping the ads resolved so far.
    public var maxFetches: Int = 64
    /// The most ads one resolution returns (default 32, the parser's ``VASTParserLimits/maxAds``): pods of wrappers
    /// that allow multiple ads multiply. One more stops resolution with VAST 302, keeping the first `maxResolvedAds`.
    public var maxResolvedAds: Int = 32
    /// The most bytes of fetched documents one resolution reads, added up over all its fetches (default 4 MiB: four
    /// documents of the parser's largest size, or 64 fetches of 64 KiB). The body that goes over it is not parsed:
    /// resolution stops with VAST 302.
    public var maxTotalBytes: Int = 4 << 20
    /// Which addresses a wrapper hop from a response may point at (R9): ``VASTAddressPolicy/publicOnly`` by default
    /// (loopback, link-local and private addresses refused with `refusedURL`, VAST 301);
    /// ``VASTAddressPolicy/allowingPrivate`` for tests against a loopback server and intranets. The URL a resolution
    /// starts from is the caller's own and is not checked. A hop's redirects, and the names its host resolves to, are
    /// the fetch layer's to check (AdRuntime's `HTTPFetcher.addresses`, which a loopback test sets alike).
    public var addresses: VASTAddressPolicy = .publicOnly

    /// The default policy.
    public init() {}
}
