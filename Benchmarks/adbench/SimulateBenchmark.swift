import AdCore
import AdMediation
import AdSimulator
import BuiltInProviders

/// `adbench simulate`: simulated ad requests per second on one core through the whole stack: the default
/// scenario's users (`Fixtures/scenarios/default.json`, every strategy) run in process by ``SimulationRunner``, each
/// request going through mediation, a real provider, the simulated ad server, the parser, binding into the user's
/// host tree and the geometry engine (each served file parsed once, its price put into the parse: the memo; the
/// same users are run once more with every response parsed, and that rate printed). A request is a placement's
/// mediation request (its line items' loads, the decision, the ad's life until it is released).
///
/// Baseline, measured in the same run: the bare mediation decision loop of `adbench mediation` (a hybrid placement
/// of 20 line items fed its answers directly), in decisions per second. The ratio is the share of that rate the
/// whole stack keeps.
enum SimulateBenchmark {
    static let benchmark = Benchmark(
        name: "simulate",
        abstract: "Simulated ad requests per second per core through the whole stack (default scenario)."
    ) {
        try await run()
    }

    /// Users per strategy: about 600 requests per strategy, 3,000 in all (a few seconds).
    private static let users = 40
    private static let decisionRounds = 200_000

    @MainActor
    private static func run() async throws -> BenchmarkResult {
        let validated = try Scenario.loadBuiltIn()
        // One user first, so the creatives are read and the code is warm.
        _ = try await SimulationRunner(validated: validated, providers: .builtIn, users: 1).run()
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await SimulationRunner(validated: validated, providers: .builtIn, users: users).run()
        let elapsed = start.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let requests = result.variants.reduce(UInt64(0)) { $0 + result.tally.row(variant: $1).requests }
        let rate = Double(requests) / max(seconds, 1e-9)
        // The same users with every response parsed (the memo off), for the memo's gain in the same run.
        var parsing = SimulationRunner(validated: validated, providers: .builtIn, users: users)
        parsing.memoisesLoads = false
        let parsingStart = clock.now
        _ = try await parsing.run()
        let parsingElapsed = parsingStart.duration(to: clock.now)
        let parsingSeconds =
            Double(parsingElapsed.components.seconds) + Double(parsingElapsed.components.attoseconds) / 1e18
        let parsingRate = Double(requests) / max(parsingSeconds, 1e-9)

        let (placement, bids) = MediationBenchmark.placement(itemCount: 20)
        var driver = MediationBenchmark.Driver(placement: placement, bids: bids)
        let decisionStart = clock.now
        for round in 0..<decisionRounds { driver.oneRequest(round) }
        let decisionElapsed = decisionStart.duration(to: clock.now)
        let decisionSeconds =
            Double(decisionElapsed.components.seconds) + Double(decisionElapsed.components.attoseconds) / 1e18
        guard driver.delivered == decisionRounds, requests > 0 else {
            throw AdError(.internal, "The benchmark counted \(requests) requests and \(driver.delivered) decisions.")
        }
        let baseline = Double(decisionRounds) / max(decisionSeconds, 1e-9)
        print("scenario: \(validated.scenario.name ?? "default"), \(users) users x \(result.variants.count) strategies")
        print("whole stack: \(requests) requests in \(seconds) s on one core: \(rate) requests/s (goal: >= 6000)")
        print("without the memo (every response parsed): \(parsingRate) requests/s; memo gain \(rate / parsingRate)x")
        print("bare decision loop (20 line items): \(baseline) decisions/s")
        return BenchmarkResult(name: "simulate", value: rate, unit: "requests/s", baseline: baseline)
    }
}
