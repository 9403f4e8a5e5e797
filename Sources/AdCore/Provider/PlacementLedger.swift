/// The app-wide record of which creatives are shown or held in which placement, so one creative never appears
/// in two placements at once (rule Y18, and mediation's "no repeats across placements").
///
/// ```swift
/// let ledger = PlacementLedger()
/// ledger.hold(creative: "cr-1", in: "feed-top")
/// ledger.excludedCreatives(for: "feed-bottom")  // ["cr-1"]
/// ledger.release(placement: "feed-top")
/// ```
@MainActor
public final class PlacementLedger {
    private var holders: [String: Set<String>] = [:]  // creative → placements

    /// Creates an empty ledger.
    public init() {}

    /// Records that `placement` shows or holds `creative`.
    public func hold(creative: String, in placement: String) {
        holders[creative, default: []].insert(placement)
    }

    /// Records several creatives at once.
    public func hold(creatives: [String], in placement: String) {
        for creative in creatives { hold(creative: creative, in: placement) }
    }

    /// Forgets one creative in one placement.
    public func release(creative: String, in placement: String) {
        holders[creative]?.remove(placement)
        if holders[creative]?.isEmpty == true { holders[creative] = nil }
    }

    /// Forgets everything a placement holds.
    public func release(placement: String) {
        for creative in Array(holders.keys) { release(creative: creative, in: placement) }
    }

    /// The creatives held by any *other* placement: the ones `placement` must not show.
    public func excludedCreatives(for placement: String) -> Set<String> {
        Set(holders.compactMap { creative, placements in placements.subtracting([placement]).isEmpty ? nil : creative })
    }

    /// The placements that hold a creative.
    public func placements(holding creative: String) -> Set<String> { holders[creative] ?? [] }
}
