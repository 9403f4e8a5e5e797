/// One placement's view of the app-wide ``PlacementLedger``: what a provider may do with it while it loads and
/// shows an ad for that placement. It holds and releases creatives in its own placement only, and asks whether
/// another placement holds one (rule Y18); it cannot release another placement's holds or see which placement
/// holds what.
///
/// A provider receives it as ``ProviderEnvironment/holds``, scoped to the request's ``AdRequest/placementKey``.
///
/// ```swift
/// let kept = cards.filter { !environment.holds.isExcluded($0.creativeID) }
/// environment.holds.hold(creatives: kept.map(\.creativeID))
/// // on destroy:
/// environment.holds.release(creatives: kept.map(\.creativeID))
/// ```
@MainActor
public struct PlacementHolds {
    /// The placement whose holds these are.
    public let placement: String
    private let ledger: PlacementLedger

    /// Creates the view of `ledger` for `placement` (hosts and test kits do; providers receive one).
    public init(placement: String, ledger: PlacementLedger) {
        self.placement = placement
        self.ledger = ledger
    }

    /// Records that this placement shows or holds `creative`.
    public func hold(creative: String) { ledger.hold(creative: creative, in: placement) }

    /// Records several creatives at once.
    public func hold(creatives: [String]) { ledger.hold(creatives: creatives, in: placement) }

    /// Releases this placement's hold of `creative` (one hold: a creative held twice stays held once).
    public func release(creative: String) { ledger.release(creative: creative, in: placement) }

    /// Releases this placement's hold of each of `creatives`.
    public func release(creatives: [String]) {
        for creative in creatives { ledger.release(creative: creative, in: placement) }
    }

    /// Whether another placement holds `creative`, so this one must not show it (Y18).
    public func isExcluded(_ creative: String) -> Bool { ledger.isExcluded(creative, for: placement) }
}
