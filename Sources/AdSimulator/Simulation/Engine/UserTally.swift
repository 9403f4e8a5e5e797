@_spi(AdBridgeInternal) import AdCore

/// What one user counts while it runs, until it joins the run's ``SimulationTally`` when the run ends.
///
/// A user counts into a few rows (each of its placements', and each provider's in it: sixteen at most in the
/// fixture scenarios), several times a request. Finding a row by comparing two short names costs less than hashing
/// the three strings of a tally key on every count, and the rows join the run's tally once
/// (``drain(into:variant:)``): every figure of a row is a sum of integers, so the totals are the same in any order.
/// An app with more placements or providers only makes the table longer.
///
/// ```swift
/// var counts = UserTally()
/// counts.update(placement: "feed", provider: "ifly") { $0.used += 1 }
/// counts.drain(into: &tally, variant: "configured")
/// ```
struct UserTally {
    /// Whose a row is: a placement's own (`provider` "") or a provider's in it.
    private struct RowKey: Equatable {
        let placement: String
        let provider: String
    }

    /// The rows, in the order first counted; room for a few placements' rows, made once.
    private var rows: SmallTable<RowKey, TallyRow>

    /// Room for `rows` rows before the first count grows it.
    init(rows: Int = 16) {
        self.rows = SmallTable(minimumCapacity: rows)
    }

    /// Changes the row of `provider` in `placement` ("" for the placement's own row), made empty when first counted.
    mutating func update(placement: String, provider: String, _ change: (inout TallyRow) -> Void) {
        // Found by the key's two names, so that a count makes no key (and copies no name) unless its row is new.
        if let index = rows.index(where: { $0.placement == placement && $0.provider == provider }) {
            rows.updateValue(at: index, change)
        } else {
            var counts = TallyRow()
            change(&counts)
            rows.set(RowKey(placement: placement, provider: provider), to: counts)
        }
    }

    /// Adds every row to `tally` under `variant` and empties this one.
    mutating func drain(into tally: inout SimulationTally, variant: String) {
        for (key, counts) in rows {
            tally.update(SimulationTally.Key(variant: variant, placement: key.placement, provider: key.provider)) {
                $0.merge(counts)
            }
        }
        rows.removeAll(keepingCapacity: true)
    }
}
