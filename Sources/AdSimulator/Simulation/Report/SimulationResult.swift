/// The outcome of a simulation run: what was run (scenario name, seed, users per variant, the variants and
/// placements in the scenario's order) and what was counted (``SimulationTally``). ``SimulationReport`` formats it.
///
/// ```swift
/// let result = try await SimulationRunner(validated: validated, users: 20).run()
/// print(result.tally.row(variant: result.variants[0]).fillRate)
/// ```
public struct SimulationResult: Sendable, Equatable, Codable {
    /// The scenario's name, if it has one.
    public var name: String?
    /// The seed of every draw.
    public var seed: UInt64
    /// Users simulated per variant.
    public var users: Int
    /// The variants, in the scenario's order.
    public var variants: [String]
    /// The placements, in the configuration's order.
    public var placements: [String]
    /// The currency of every price.
    public var currency: String
    /// The counts.
    public var tally: SimulationTally
    /// The fast tier's rates, calibrated on a full-tier pilot; nil for a full-tier run.
    public var calibration: FastTierCalibration?

    /// Creates a result.
    public init(
        name: String?, seed: UInt64, users: Int, variants: [String], placements: [String], currency: String,
        tally: SimulationTally, calibration: FastTierCalibration? = nil
    ) {
        self.calibration = calibration
        self.name = name
        self.seed = seed
        self.users = users
        self.variants = variants
        self.placements = placements
        self.currency = currency
        self.tally = tally
    }
}
