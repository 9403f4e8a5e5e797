/// A timer the state machine asked for. Timers carry the request they belong to, so a stale one is ignored.
///
/// ```swift
/// let timer = MediationTimer(kind: .auctionDeadline, request: 3)
/// ```
public struct MediationTimer: Sendable, Hashable, CustomStringConvertible {
    /// What the timer is for.
    ///
    /// ```swift
    /// if case .itemTimeout(let index) = timer.kind { print("item", index) }
    /// ```
    public enum Kind: Sendable, Hashable {
        /// A line item's timeout.
        case itemTimeout(Int)
        /// The end of the auction: later bids are ignored.
        case auctionDeadline
        /// The next retry after a failed request (backoff, rules Y12, I23).
        case retry
        /// The ready ad's expiry (rule G10).
        case expiry
        /// Preloading the next ad after the ready one was taken or expired.
        case preload
    }

    /// What the timer is for.
    public var kind: Kind
    /// The request number it belongs to.
    public var request: Int

    /// Creates a timer key.
    public init(kind: Kind, request: Int) {
        self.kind = kind
        self.request = request
    }

    /// `auctionDeadline#3`.
    public var description: String { "\(kind)#\(request)" }
}
