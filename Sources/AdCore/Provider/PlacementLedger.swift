/// The app-wide record of which creatives are shown or held in which placement, so one creative never appears
/// in two placements at once (rule Y18, and mediation's "no repeats across placements").
///
/// Holds are counted per creative and placement: two holders of the same creative in one placement (a slider and
/// its replacement loaded before the swap, or a provider and the mediator) each release their own hold, and the
/// creative stays excluded elsewhere until the last one does.
///
/// ```swift
/// let ledger = PlacementLedger()
/// ledger.hold(creative: "cr-1", in: "feed-top")
/// ledger.excludedCreatives(for: "feed-bottom")  // ["cr-1"]
/// ledger.release(placement: "feed-top")
/// ```
@MainActor
public final class PlacementLedger {
    private var holders: [String: [String: Int]] = [:]  // creative → placement → number of holds

    /// Creates an empty ledger.
    public init() {}

    /// Records that `placement` shows or holds `creative`.
    public func hold(creative: String, in placement: String) {
        holders[creative, default: [:]][placement, default: 0] += 1
    }

    /// Records several creatives at once.
    public func hold(creatives: [String], in placement: String) {
        for creative in creatives { hold(creative: creative, in: placement) }
    }

    /// Forgets one creative in one placement.
    public func release(creative: String, in placement: String) {
        guard let count = holders[creative]?[placement] else { return }
        holders[creative]?[placement] = count > 1 ? count - 1 : nil
        if holders[creative]?.isEmpty == true { holders[creative] = nil }
    }

    /// Forgets everything a placement holds.
    public func release(placement: String) {
        for creative in Array(holders.keys) {
            holders[creative]?[placement] = nil
            if holders[creative]?.isEmpty == true { holders[creative] = nil }
        }
    }

    /// The creatives held by any *other* placement: the ones `placement` must not show.
    public func excludedCreatives(for placement: String) -> Set<String> {
        Set(holders.keys.filter { isExcluded($0, for: placement) })
    }

    /// Whether *another* placement holds `creative`, so that `placement` must not show it: one look-up, where
    /// ``excludedCreatives(for:)`` walks every held creative.
    ///
    /// ```swift
    /// ledger.hold(creative: "cr-1", in: "feed-top")
    /// ledger.isExcluded("cr-1", for: "feed-bottom")  // true
    /// ledger.isExcluded("cr-1", for: "feed-top")     // false
    /// ```
    public func isExcluded(_ creative: String, for placement: String) -> Bool {
        holders[creative]?.keys.contains { $0 != placement } ?? false
    }

    /// The placements that hold a creative.
    public func placements(holding creative: String) -> Set<String> { Set(holders[creative]?.keys ?? [:].keys) }
}
