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
    /// The placements holding one creative, each with its number of holds (never zero: a released last hold is
    /// removed). The first placement is kept inline, so a creative held in one placement, almost always, costs one
    /// flat entry: no array of its own, and each operation on it finds the creative once.
    private struct Holders {
        /// The first placement holding the creative, and its holds.
        var placement: String
        var count: Int
        /// Any other placements, in the order they first held it.
        var others: [(placement: String, count: Int)] = []

        init(_ placement: String) {
            self.placement = placement
            self.count = 1
        }

        /// One more hold of the creative in `placement`.
        mutating func add(_ placement: String) {
            if placement == self.placement {
                count += 1
            } else if let index = others.firstIndex(where: { $0.placement == placement }) {
                others[index].count += 1
            } else {
                others.append((placement, 1))
            }
        }

        /// One hold fewer in `placement`; false once no placement holds the creative.
        mutating func remove(_ placement: String) -> Bool {
            if placement == self.placement {
                guard count == 1 else {
                    count -= 1
                    return true
                }
                guard !others.isEmpty else { return false }
                (self.placement, count) = others.removeFirst()
            } else if let index = others.firstIndex(where: { $0.placement == placement }) {
                if others[index].count > 1 { others[index].count -= 1 } else { others.remove(at: index) }
            }
            return true
        }

        /// Forgets every hold of `placement`; false once no placement holds the creative.
        mutating func removeAll(_ placement: String) -> Bool {
            others.removeAll { $0.placement == placement }
            guard placement == self.placement else { return true }
            guard !others.isEmpty else { return false }
            (self.placement, count) = others.removeFirst()
            return true
        }

        /// Whether a placement other than `placement` holds the creative.
        func holdsOutside(_ placement: String) -> Bool {
            placement != self.placement || !others.isEmpty
        }

        /// Every placement holding the creative.
        var placements: Set<String> { Set([placement] + others.map(\.placement)) }
    }

    // Exclusivity: the table is changed only by this file's methods, through a table's operations that run no code
    // but their own and the holders' here, so no two accesses overlap; the run-time check on each access is off.

    /// The placements holding each creative held (a creative no placement holds has no entry). An app holds the
    /// creatives of its loaded and shown ads, tens at most, and mediation looks one up for every fill and every ad
    /// taken: comparing a creative's ID with each costs less than hashing it at that size.
    @exclusivity(unchecked) private var holders = SmallTable<String, Holders>()

    /// Creates an empty ledger.
    public init() {}

    /// Records that `placement` shows or holds `creative`.
    public func hold(creative: String, in placement: String) {
        if let index = holders.index(of: creative) {
            holders.updateValue(at: index) { $0.add(placement) }
        } else {
            holders.set(creative, to: Holders(placement))
        }
    }

    /// Records several creatives at once.
    public func hold(creatives: [String], in placement: String) {
        for creative in creatives { hold(creative: creative, in: placement) }
    }

    /// Forgets one creative in one placement.
    public func release(creative: String, in placement: String) {
        guard let index = holders.index(of: creative) else { return }
        if !holders.updateValue(at: index, { $0.remove(placement) }) { holders.remove(at: index) }
    }

    /// Forgets everything a placement holds.
    public func release(placement: String) {
        holders.updateAll { !$0.removeAll(placement) }
    }

    /// The creatives held by any *other* placement: the ones `placement` must not show.
    public func excludedCreatives(for placement: String) -> Set<String> {
        Set(holders.lazy.filter { $0.1.holdsOutside(placement) }.map(\.0))
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
        holders.withValue(of: creative) { $0.holdsOutside(placement) } ?? false
    }

    /// The placements that hold a creative.
    public func placements(holding creative: String) -> Set<String> {
        holders.withValue(of: creative, \.placements) ?? []
    }
}
