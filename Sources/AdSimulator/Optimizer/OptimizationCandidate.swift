public import AdMediation

/// One configuration the optimizer ran, and what it earned on the same users as every other: its settings (what
/// differs from the scenario's configuration), revenue, requests, and each placement's p95 time to ad.
///
/// ```swift
/// let best = result.best
/// print(best.name, best.revenueMicros, best.worstP95Milliseconds ?? 0)
/// ```
public struct OptimizationCandidate: Sendable, Equatable, Codable {
    /// What differs from the scenario's configuration, one setting per placement and dimension, in placement
    /// order; empty for the configuration as written.
    public var settings: [OptimizationSetting]
    /// The configuration run.
    public var configuration: MediationConfiguration
    /// The impressions' revenue of every user run, in micros.
    public var revenueMicros: Int64
    /// The mediation requests of every user run.
    public var requests: UInt64
    /// The users run.
    public var users: Int
    /// Each placement's p95 time to ad of its filled requests, in milliseconds (absent: no filled request).
    public var p95Milliseconds: [String: Int]
    /// The placements that were asked for ads and filled none: a configuration that starves a placement never
    /// meets a budget, however fast its answers.
    public var unfilledPlacements: [String]

    /// Creates a candidate.
    public init(
        settings: [OptimizationSetting], configuration: MediationConfiguration, revenueMicros: Int64,
        requests: UInt64, users: Int, p95Milliseconds: [String: Int], unfilledPlacements: [String] = []
    ) {
        self.settings = settings
        self.configuration = configuration
        self.revenueMicros = revenueMicros
        self.requests = requests
        self.users = users
        self.p95Milliseconds = p95Milliseconds
        self.unfilledPlacements = unfilledPlacements
    }

    /// The candidate counted in `tally` under `variant`: its revenue, requests, and each placement's p95 time to ad.
    init(
        tally: SimulationTally, variant: String, settings: [OptimizationSetting],
        configuration: MediationConfiguration, users: Int
    ) {
        var p95: [String: Int] = [:]
        var unfilled: [String] = []
        for placement in configuration.placements {
            let row = tally.row(variant: variant, placement: placement.id)
            p95[placement.id] = row.timeToAd.percentile(0.95)
            if row.requests > 0 && row.fills == 0 { unfilled.append(placement.id) }
        }
        let total = tally.row(variant: variant)
        self.init(
            settings: settings, configuration: configuration, revenueMicros: total.revenueMicros,
            requests: total.requests, users: users, p95Milliseconds: p95, unfilledPlacements: unfilled)
    }

    /// The settings, `; `-separated, or `as configured`.
    public var name: String { settings.isEmpty ? "as configured" : settings.map(\.description).joined(separator: "; ") }

    /// The slowest placement's p95 time to ad, in milliseconds; `nil` when no request filled.
    public var worstP95Milliseconds: Int? { p95Milliseconds.values.max() }

    /// Revenue per user, in micros.
    public var revenuePerUserMicros: Double { users > 0 ? Double(revenueMicros) / Double(users) : 0 }

    /// Whether every placement meets `budget`: each one asked filled some requests, all within it.
    public func meets(_ budget: OptimizationBudget) -> Bool { meets(budget, ignoring: []) }

    /// Whether every placement but those in `dead` meets `budget` (the optimizer leaves out placements no
    /// candidate filled: no setting it tries mends them).
    public func meets(_ budget: OptimizationBudget, ignoring dead: Set<String>) -> Bool {
        // Some placement must be judged: a candidate that filled nothing meets no budget.
        p95Milliseconds.keys.contains { !dead.contains($0) } && unfilledPlacements.allSatisfy(dead.contains)
            && p95Milliseconds.allSatisfy { dead.contains($0.key) || budget.admits(p95Milliseconds: $0.value) }
    }

    /// `settings` with `setting` in place of the one of its placement and dimension, in placement order.
    static func settings(_ settings: [OptimizationSetting], with setting: OptimizationSetting, order: [String])
        -> [OptimizationSetting]
    {
        var result = settings.filter {
            !($0.placement == setting.placement && $0.knob.dimension == setting.knob.dimension)
        }
        result.append(setting)
        return result.sorted {
            let left = order.firstIndex(of: $0.placement) ?? 0
            let right = order.firstIndex(of: $1.placement) ?? 0
            return left != right ? left < right : $0.knob.dimension < $1.knob.dimension
        }
    }
}
