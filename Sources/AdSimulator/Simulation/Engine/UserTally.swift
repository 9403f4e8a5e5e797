/// What one user counts while it runs, until it joins the run's ``SimulationTally`` when the run ends.
///
/// A user counts into a dozen rows at most (each of its placements, and each provider in it), several times a
/// request. Finding a row by comparing two short names costs less than hashing the three strings of a tally key on
/// every count, and the rows join the run's tally once (``drain(into:variant:)``): every figure of a row is a sum of
/// integers, so the totals are the same in any order.
///
/// ```swift
/// var counts = UserTally()
/// counts.update(placement: "feed", provider: "ifly") { $0.used += 1 }
/// counts.drain(into: &tally, variant: "configured")
/// ```
struct UserTally {
    /// A row and whose it is: a placement's own (`provider` "") or a provider's in it.
    private struct Row {
        let placement: String
        let provider: String
        var counts = TallyRow()
    }

    /// The rows, in the order first counted; room for a few placements' rows, made once.
    private var rows: [Row] = []

    /// Room for `rows` rows before the first count grows it.
    init(rows: Int = 16) {
        self.rows.reserveCapacity(rows)
    }

    /// Changes the row of `provider` in `placement` ("" for the placement's own row), made empty when first counted.
    mutating func update(placement: String, provider: String, _ change: (inout TallyRow) -> Void) {
        for index in rows.indices where rows[index].placement == placement && rows[index].provider == provider {
            change(&rows[index].counts)
            return
        }
        var row = Row(placement: placement, provider: provider)
        change(&row.counts)
        rows.append(row)
    }

    /// Adds every row to `tally` under `variant` and empties this one.
    mutating func drain(into tally: inout SimulationTally, variant: String) {
        for row in rows {
            tally.update(SimulationTally.Key(variant: variant, placement: row.placement, provider: row.provider)) {
                $0.merge(row.counts)
            }
        }
        rows.removeAll(keepingCapacity: true)
    }
}
