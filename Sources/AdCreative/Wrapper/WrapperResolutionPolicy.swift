/// How far and how long wrapper resolution may go.
///
/// ```swift
/// var policy = WrapperResolutionPolicy()
/// policy.maxDepth = 3
/// policy.hopTimeout = .seconds(2)
/// ```
public struct WrapperResolutionPolicy: Sendable, Equatable {
    /// The most wrappers followed in one chain (default 5); one more fails with VAST 302.
    public var maxDepth: Int = 5
    /// The longest one hop may take (default 5 s); a slower hop fails with VAST 301.
    public var hopTimeout: Duration = .seconds(5)
    /// The longest the whole resolution may take (default 10 s); past it, hops fail with VAST 301.
    public var totalTimeout: Duration = .seconds(10)

    /// The default policy.
    public init() {}
}
