/// What happened to one line item in one request (the states of MAX's waterfall info).
///
/// ```swift
/// if report.items[0].state == .timeout { print("raise the timeout of", report.items[0].lineItemID) }
/// ```
public enum LineItemState: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The request ended before the item's turn (or it was priced below the winning bid).
    case notAttempted
    /// The provider is loading.
    case loading
    /// The item filled and its ad was chosen.
    case filled
    /// The provider had no ad.
    case noFill
    /// The provider failed with another error.
    case error
    /// The provider did not answer within the item's timeout or the auction's deadline.
    case timeout
    /// The item filled, but another item paid more (or came first in the waterfall).
    case outbid
    /// The item's price or bid is below the floor.
    case belowFloor
    /// Frequency caps or pacing stopped the request before any item was asked.
    case capped
    /// The item's ad is a creative another placement shows or holds (rule Y18): the no-repeat exclusion, whether
    /// mediation found it in the placement ledger or the provider left it out itself (`AdError.Code.excludedCreative`,
    /// Yandex's cards); never `noFill`.
    case excludedCreative
    /// The provider's start failed, so it was not asked; the item's error says why (H3).
    case notReady
    /// The request's privacy signals exclude the provider (a child-directed request and a provider that cannot
    /// honour it, H5; a vendor the TC string gives no legal basis for basic ads, H15); the item's error says why.
    case excludedByPrivacy

    /// The state's name.
    public var description: String { rawValue }
}
