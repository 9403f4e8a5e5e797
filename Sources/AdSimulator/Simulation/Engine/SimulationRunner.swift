public import AdCore
public import AdMediation

/// Runs a validated scenario: every strategy variant, in order, over the same users (0, 1, 2, ...), each user a
/// fresh ``UserSimulation`` on the variant's configuration, counted into one ``SimulationTally``. Sequential and
/// deterministic: the same scenario and seed give the same tally. With a ``SimulationShard`` it runs only that
/// shard's users (``runPartial()``); the partials of every shard merge into exactly the whole run's result.
///
/// ```swift
/// let result = try await SimulationRunner(validated: validated, providers: providers, users: 20).run()
/// print(SimulationReport(result: result).table)
/// let part = try await SimulationRunner(validated: validated, providers: providers, shard: third).runPartial()
/// ```
@MainActor
public struct SimulationRunner {
    /// The scenario.
    public let validated: ValidatedScenario
    /// The providers every user's host registers (the scenario was validated against their descriptors).
    public let providers: SimulationProviders
    /// The number of users per variant.
    public let users: Int
    /// The users this runner simulates: those of one shard, or all.
    public let shard: SimulationShard
    /// Called after each simulated user (of one variant) with the number done and the number to do.
    public var progress: (@MainActor (_ done: Int, _ total: Int) -> Void)?
    /// Called with every finished mediation request, in order (nil: no record is built).
    public let onRequest: ((SimulatedRequestRecord) -> Void)?
    /// The fidelity of the run (``SimulationTier``): the real stack (the default), or the fast tier calibrated on
    /// a full-tier pilot of ``pilotUsers`` users.
    public var tier = SimulationTier.full
    /// The users of the fast tier's full-tier pilot (the run's first ones; at most the run's users).
    public var pilotUsers = SimulationRunner.defaultPilotUsers
    /// The fast tier's pilot users unless told otherwise: 100 (about 1,500 full-tier requests per strategy on the
    /// default scenario).
    public nonisolated static let defaultPilotUsers = 100
    /// The fast tier's rates; nil (the default): a fast run calibrates them with its own pilot first
    /// (``calibrate()``). Sweeps and repeated runs of one scenario calibrate once and pass the rates on. A run
    /// refuses rates no pilot could have measured (``FastTierCalibration/Rate/problem``) or stated twice.
    public var calibration: FastTierCalibration?
    /// Whether each served file is parsed once and each fill's price put into that parse (the default), rather
    /// than every response parsed: the same result either way, faster with (``SimulatedMarket/memoisesLoads``).
    public var memoisesLoads = true
    /// Whether a fast run's mediators answer line-item loads from the fast tier's behaviors without a unified ad
    /// (``FastTierAnswers``) rather than through each ``FastTierProvider``: the same result either way (a test compares
    /// the reports), faster with. Package access: a switch for that comparison, not an option.
    package var answersFastTierLoads = true
    /// Whether a run first loads each creative once through its line item's provider and refuses to run when one
    /// cannot load (``creativeProblems()``): on by default; off for a caller that checked the same scenario already.
    public var checksCreatives = true

    /// A runner over `validated` on `providers`, with `users` users (default: the scenario's count), of which it
    /// runs `shard`'s; `onRequest` sees every finished mediation request (default none: records are not even built).
    public init(
        validated: ValidatedScenario, providers: SimulationProviders, users: Int? = nil,
        shard: SimulationShard = .whole, onRequest: ((SimulatedRequestRecord) -> Void)? = nil
    ) {
        self.validated = validated
        self.providers = providers
        self.users = users ?? validated.scenario.users.count
        self.shard = shard
        self.onRequest = onRequest
    }

    /// Runs every variant over the shard's users (every user by default).
    ///
    /// - Throws: `invalidRequest` when a creative cannot be read; what a user's stack refuses.
    public func run() async throws(AdError) -> SimulationResult {
        try await runPartial().result
    }

    /// Runs every variant over the shard's users and returns them as a partial result, with the fingerprint of
    /// the scenario and its files (``SimulationPartial``).
    ///
    /// - Throws: `invalidRequest` when a creative cannot be read or its provider cannot load it; what a user's stack
    ///   refuses.
    public func runPartial() async throws(AdError) -> SimulationPartial {
        let markets = try SimulationMarkets(validated, memoisesLoads: memoisesLoads)
        let market = markets.market
        if checksCreatives {
            try await CreativeCheck.requireLoadable(market: market, validated: validated, providers: providers)
        }
        var fast: (providers: SimulationProviders, calibration: FastTierCalibration)?
        if tier == .fast, let (bad, problem) = calibration?.refusal() {
            throw AdError(
                .invalidRequest,
                "The fast tier's rate of \(bad.provider) in \(bad.variant)/\(bad.placement) \(problem).",
                hint: "Pass the rates of a pilot run (SimulationRunner.calibrate()), or leave calibration nil.")
        }
        if tier == .fast {
            let behaviors = try await LoadBehaviors.probe(market: market, validated: validated, providers: providers)
            // Without rates, the pilot runs on this run's markets (its files already read).
            var rates = calibration
            if rates == nil { rates = try await pilot(on: markets) }
            fast = rates.map { (providers.fastTier(behaviors, answeringLoads: answersFastTierLoads), $0) }
        }
        var tally = SimulationTally()
        let mine = shard.users(of: users)
        let total = shard.userCount(of: users) * validated.variants.count
        var done = 0
        for variant in validated.variants {
            let configuration = variant.configuration(
                from: validated.configuration, market: validated.market, bidders: validated.pricedProviders)
            let rates = fast.map { $0.calibration.rates(variant: variant.name) }
            // Validated, set up and laid out once here, not once per user.
            let users = fast?.providers ?? providers
            let prepared = try SimulatedConfiguration(configuration, of: validated, validatingFor: users)
            for index in mine {
                _ = try await markets.simulate(
                    user: UInt64(exactly: index) ?? 0, variant: variant.name, prepared: prepared, providers: users,
                    fastRates: rates, counting: &tally, onRequest: onRequest)
                done += 1
                progress?(done, total)
            }
        }
        let result = SimulationResult(
            name: validated.scenario.name, seed: validated.scenario.seed, users: users,
            variants: validated.variants.map(\.name), placements: validated.configuration.placements.map(\.id),
            currency: validated.configuration.currency, tally: tally, calibration: fast?.calibration)
        return SimulationPartial(
            fingerprint: SimulationPartial.fingerprint(of: validated, market: market), shard: shard, result: result)
    }

    /// The creatives of the scenario's market that the provider of the line item serving them cannot load (a
    /// wrapper, a malformed document, another vendor's dialect), one problem each: `adsim validate` lists them, and
    /// ``runPartial()`` refuses to run them (unless ``checksCreatives`` is off). Each is loaded once through the real
    /// provider in a fresh host.
    ///
    /// - Throws: `invalidRequest` when a creative cannot be read; what a host refuses.
    public func creativeProblems() async throws(AdError) -> [ConfigurationProblem] {
        let markets = try SimulationMarkets(validated, memoisesLoads: memoisesLoads)
        return try await CreativeCheck.problems(market: markets.market, validated: validated, providers: providers)
    }

    /// Runs the fast tier's full-tier pilot (``pilotUsers`` users, every variant) and returns its rates, for
    /// ``calibration``.
    ///
    /// - Throws: `invalidRequest` when a creative cannot be read; what a user's stack refuses.
    public func calibrate() async throws(AdError) -> FastTierCalibration {
        try await pilot(on: SimulationMarkets(validated, memoisesLoads: memoisesLoads))
    }

    /// The pilot of ``calibrate()`` on `markets`: every variant, ``pilotUsers`` users (at most the run's).
    private func pilot(on markets: SimulationMarkets) async throws(AdError) -> FastTierCalibration {
        let variants = validated.variants.map { variant in
            (
                name: variant.name,
                configuration: variant.configuration(
                    from: validated.configuration, market: validated.market, bidders: validated.pricedProviders)
            )
        }
        return try await Self.pilot(
            markets, variants: variants, providers: providers, users: max(min(pilotUsers, users), 1))
    }

    /// The fast tier's calibration: users `0..<count` (whatever the shard, so every shard calibrates the same)
    /// through the full tier, each of `variants`, their ads used, shown and clicked and the revenue of the shown ads
    /// against their prices counted per variant, placement and provider.
    static func pilot(
        _ markets: SimulationMarkets, variants: [(name: String, configuration: MediationConfiguration)],
        providers: SimulationProviders, users count: Int
    ) async throws(AdError) -> FastTierCalibration {
        var rates: [FastTierCalibration.Rate] = []
        for (name, configuration) in variants {
            var tally = SimulationTally()
            var shownPrices: [FastTierCalibration.Key: Int64] = [:]
            let prepared = try SimulatedConfiguration(configuration, of: markets.validated, validatingFor: providers)
            for index in 0..<count {
                let simulation = try await markets.simulate(
                    user: UInt64(exactly: index) ?? 0, variant: name, prepared: prepared, providers: providers,
                    fastRates: nil, counting: &tally)
                shownPrices.merge(simulation.shownPriceMicros, uniquingKeysWith: +)
            }
            for placement in configuration.placements.map(\.id) {
                for provider in tally.providers(variant: name, placement: placement) {
                    let row = tally.row(variant: name, placement: placement, provider: provider)
                    guard row.used > 0 else { continue }
                    let key = FastTierCalibration.Key(placement: placement, provider: provider)
                    rates.append(
                        FastTierCalibration.Rate(
                            variant: name, placement: placement, provider: provider, used: row.used,
                            shown: row.impressions, clicks: row.clicks, revenueMicros: row.revenueMicros,
                            shownPriceMicros: shownPrices[key] ?? 0))
                }
            }
        }
        return FastTierCalibration(pilotUsers: count, rates: rates)
    }
}
