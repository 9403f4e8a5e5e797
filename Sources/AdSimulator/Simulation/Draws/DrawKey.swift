/// The key of one random decision of a simulation: whose (`user`), which of their requests or events
/// (`request`), which line item (``SimulationDraws/lineItemKey(placement:lineItem:)``, or 0 for decisions about the
/// user alone) and what for (`purpose`). Every strategy asks the market with the same keys, so every strategy
/// meets the same market (common random numbers), whatever the order of events, the threads or the shards.
///
/// ```swift
/// let key = DrawKey(user: 41, request: 3,
///                   lineItem: SimulationDraws.lineItemKey(placement: "feed-native", lineItem: "ifly-feed"),
///                   purpose: .outcome)
/// ```
public struct DrawKey: Sendable, Hashable, Codable {
    /// The user's number, `0..<users.count`.
    public var user: UInt64
    /// The number of the user's request (or session, or gesture: the purpose says) the draw belongs to.
    public var request: UInt64
    /// The line item's key, or 0 when the decision is about the user alone.
    public var lineItem: UInt64
    /// What the draw decides.
    public var purpose: DrawPurpose

    /// Creates a key.
    public init(user: UInt64, request: UInt64, lineItem: UInt64 = 0, purpose: DrawPurpose) {
        self.user = user
        self.request = request
        self.lineItem = lineItem
        self.purpose = purpose
    }
}
