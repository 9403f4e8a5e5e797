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
    /// One creative held in one placement.
    private struct Hold: Hashable {
        let creative: String
        let placement: String
    }

    // Exclusivity: the counts are changed only by this file's methods, through dictionary operations that run no
    // code but their own, so no two accesses overlap; the run-time check that proves it on each access is off.

    /// The number of holds of each creative in each placement (never zero: a released last hold is removed).
    @exclusivity(unchecked) private var holds: [Hold: Int] = [:]
    /// The number of placements holding each creative (never zero). Kept beside ``holds`` so that a creative held in
    /// one placement, almost always, costs one flat entry in each, not a dictionary of its own.
    @exclusivity(unchecked) private var placementCounts: [String: Int] = [:]

    /// Creates an empty ledger.
    public init() {}

    /// Records that `placement` shows or holds `creative`.
    public func hold(creative: String, in placement: String) {
        let key = Hold(creative: creative, placement: placement)
        if let count = holds[key] {
            holds[key] = count + 1
        } else {
            holds[key] = 1
            placementCounts[creative, default: 0] += 1
        }
    }

    /// Records several creatives at once.
    public func hold(creatives: [String], in placement: String) {
        for creative in creatives { hold(creative: creative, in: placement) }
    }

    /// Forgets one creative in one placement.
    public func release(creative: String, in placement: String) {
        let key = Hold(creative: creative, placement: placement)
        guard let count = holds[key] else { return }
        guard count == 1 else {
            holds[key] = count - 1
            return
        }
        holds[key] = nil
        forgetPlacement(of: creative)
    }

    /// Forgets everything a placement holds.
    public func release(placement: String) {
        for key in holds.keys.filter({ $0.placement == placement }) {
            holds[key] = nil
            forgetPlacement(of: key.creative)
        }
    }

    /// The creatives held by any *other* placement: the ones `placement` must not show.
    public func excludedCreatives(for placement: String) -> Set<String> {
        Set(placementCounts.keys.filter { isExcluded($0, for: placement) })
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
        switch placementCounts[creative] ?? 0 {
        case 0: false
        case 1: holds[Hold(creative: creative, placement: placement)] == nil
        default: true
        }
    }

    /// The placements that hold a creative.
    public func placements(holding creative: String) -> Set<String> {
        guard placementCounts[creative] != nil else { return [] }
        return Set(holds.keys.lazy.filter { $0.creative == creative }.map(\.placement))
    }

    /// One placement fewer holds `creative`.
    private func forgetPlacement(of creative: String) {
        guard let count = placementCounts[creative] else { return }
        placementCounts[creative] = count > 1 ? count - 1 : nil
    }
}
