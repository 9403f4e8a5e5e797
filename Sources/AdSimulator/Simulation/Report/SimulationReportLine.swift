/// One row of a ``SimulationReport``: a strategy's total (`placement` nil), a placement (`provider` nil), or a
/// provider within a placement, with its counts and the users simulated per strategy (for ARPDAU).
///
/// ```swift
/// let line = SimulationReportLine(variant: "configured", placement: nil, provider: nil, row: TallyRow(), users: 10)
/// ```
struct SimulationReportLine: Sendable {
    /// The strategy variant.
    var variant: String
    /// The placement, nil for the strategy's total.
    var placement: String?
    /// The provider, nil for a placement's own row (and the total).
    var provider: String?
    /// The counts.
    var row: TallyRow
    /// Users simulated per variant.
    var users: Int

    /// Revenue per daily active user, in micros, rounded: every simulated user is one user of one day.
    var arpdauMicros: Int64 {
        users > 0 ? SimulationReport.rounded(Double(row.revenueMicros) / Double(users)) : 0
    }
}
