import AdMediation

/// A simulation scenario (version 1): the market, the app, the users, the strategies to compare and the seed,
/// read from the JSON file `Docs/Simulation.md` documents (`Fixtures/scenarios/default.json` is a complete one).
/// ``load(contentsOf:providers:)`` decodes and validates it, listing every problem with its JSON path in one
/// ``ScenarioError``, and resolves it into a ``ValidatedScenario`` the engine runs.
///
/// ```json
/// { "version": 1, "seed": 7,
///   "market": { "defaults": [ ... ], "lineItems": [ ... ] },
///   "app": { "mediation": "../mediation/example.json", "screens": [ ... ] },
///   "users": { "count": 5000, "sessionsPerUser": 3 },
///   "strategies": [{ "name": "configured", "kind": "configured" }] }
/// ```
///
/// ```swift
/// let validated = try Scenario.load(contentsOf: "Fixtures/scenarios/default.json", providers: registry.descriptors)
/// print(validated.variants.map(\.name))
/// ```
public struct Scenario: Sendable, Equatable, Codable {
    /// The scenario format version this build reads.
    public static let currentVersion = 1

    /// The format version: 1.
    public var version: Int
    /// An optional name for reports.
    public var name: String?
    /// The seed of every draw (``SimulationDraws``), in `0...2^53`. Default 1.
    public var seed: UInt64
    /// The simulated market.
    public var market: ScenarioMarket
    /// The simulated app.
    public var app: ScenarioApp
    /// The simulated users.
    public var users: ScenarioUsers
    /// The strategies to compare, at least one.
    public var strategies: [ScenarioStrategy]

    /// Creates a scenario.
    public init(
        version: Int = Scenario.currentVersion, name: String? = nil, seed: UInt64 = 1,
        market: ScenarioMarket = ScenarioMarket(), app: ScenarioApp, users: ScenarioUsers = ScenarioUsers(),
        strategies: [ScenarioStrategy]
    ) {
        self.version = version
        self.name = name
        self.seed = seed
        self.market = market
        self.app = app
        self.users = users
        self.strategies = strategies
    }

    /// Every variant the strategies expand into, in order (see ``ScenarioStrategy/variants``).
    public var variants: [StrategyVariant] { strategies.flatMap(\.variants) }

    private enum CodingKeys: String, CodingKey { case version, name, seed, market, app, users, strategies }

    /// Decodes the scenario. `version` is checked before decoding (``load(_:baseDirectory:providers:)``); here a
    /// missing one reads as the current version. `market` and `users` are optional; `app` and `strategies` are
    /// required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Read in the documented field order, so problems are listed in it; `app` (required) comes after fields
        // that may be left out, so those are read first and the ones present overwrite `init`'s defaults.
        var version: Int?
        try container.decodeWhole(&version, forKey: .version, userInfo: decoder.userInfo)
        let name = try container.decodeIfPresent(String.self, forKey: .name)
        var seed: Int?
        try container.decodeWhole(&seed, forKey: .seed, userInfo: decoder.userInfo)
        if let below = seed, below < 0 {
            try ScenarioDecoding.record(
                ConfigurationProblem(
                    .outOfRange, at: "$.seed", "\(below) is below 0.", hint: "Give a seed from 0 to 2^53, such as 7."),
                userInfo: decoder.userInfo)
        }
        let market = try container.decodeIfPresent(ScenarioMarket.self, forKey: .market)
        self.init(name: name, app: try container.decode(ScenarioApp.self, forKey: .app), strategies: [])
        if let version { self.version = version }
        if let unsigned = seed.flatMap(UInt64.init(exactly:)) { self.seed = unsigned }
        if let market { self.market = market }
        try container.decodeIfPresent(&users, forKey: .users)
        strategies = try container.decode([ScenarioStrategy].self, forKey: .strategies)
    }
}
