/// One placement's view of the app-wide ``PlacementLedger``: what a provider may do with it while it loads and
/// shows an ad for that placement. It holds and releases creatives in its own placement only, and asks whether
/// another placement holds one (rule Y18); it cannot release another placement's holds or see which placement
/// holds what.
///
/// A provider receives it as ``ProviderEnvironment/holds``, scoped to the request's ``AdRequest/placementKey``.
/// The view of a test request (``AdRequest/isTest``) takes no part in the rule (H17): it holds nothing and
/// excludes nothing, since a test unit serves the same test creative to every placement that asks it, where in
/// production each placement's own unit serves its own ads.
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
    /// Whether these are a test request's holds, which take no part in the no-repeat rule (H17).
    public let isTest: Bool
    private let ledger: PlacementLedger

    /// Creates the view of `ledger` for `placement` (hosts and test kits do; providers receive one); a test
    /// request's view (`isTest`) holds and excludes nothing.
    public init(placement: String, ledger: PlacementLedger, isTest: Bool = false) {
        self.placement = placement
        self.ledger = ledger
        self.isTest = isTest
    }

    /// Records that this placement shows or holds `creative`.
    public func hold(creative: String) {
        guard !isTest else { return }
        ledger.hold(creative: creative, in: placement)
    }

    /// Records several creatives at once.
    public func hold(creatives: [String]) {
        guard !isTest else { return }
        ledger.hold(creatives: creatives, in: placement)
    }

    /// Releases this placement's hold of `creative` (one hold: a creative held twice stays held once).
    public func release(creative: String) {
        guard !isTest else { return }
        ledger.release(creative: creative, in: placement)
    }

    /// Releases this placement's hold of each of `creatives`.
    public func release(creatives: [String]) {
        guard !isTest else { return }
        for creative in creatives { ledger.release(creative: creative, in: placement) }
    }

    /// Whether another placement holds `creative`, so this one must not show it (Y18); never for a test request.
    public func isExcluded(_ creative: String) -> Bool { !isTest && ledger.isExcluded(creative, for: placement) }
}
