import AdCore
import AdSimulator
import BuiltInProviders

/// `adbench simulate-fast`: simulated ad requests per second on one core in the fast tier (``SimulationTier/fast``):
/// the default scenario's users (`Fixtures/scenarios/default.json`, every strategy) through the same mediation,
/// market draws, oracle and tally as the full tier, without parse, bind or geometry, on rates calibrated once by a
/// full-tier pilot (not timed: a sweep calibrates once for all its runs).
///
/// Baseline, measured in the same run: the full tier (`adbench simulate`'s measurement) on the pilot's users, in
/// requests per second. The ratio is the fast tier's speed-up over the full tier.
enum SimulateFastBenchmark {
    static let benchmark = Benchmark(
        name: "simulate-fast",
        abstract:
            "Simulated ad requests per second per core in the fast tier (default scenario), against the full tier."
    ) {
        try await run()
    }

    /// Users per strategy in the fast run: about 6,000 requests per strategy.
    private static let users = 400
    /// Users per strategy in the pilot and the full-tier baseline.
    private static let pilotUsers = 40

    @MainActor
    private static func run() async throws -> BenchmarkResult {
        let validated = try Scenario.loadBuiltIn()
        let clock = ContinuousClock()
        func seconds(since start: ContinuousClock.Instant) -> Double {
            let elapsed = start.duration(to: clock.now)
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        func requests(_ result: SimulationResult) -> UInt64 {
            result.variants.reduce(UInt64(0)) { $0 + result.tally.row(variant: $1).requests }
        }
        // The full tier on the pilot's users (after one warm-up user): the baseline.
        _ = try await SimulationRunner(validated: validated, providers: .builtIn, users: 1).run()
        let fullStart = clock.now
        let full = try await SimulationRunner(validated: validated, providers: .builtIn, users: pilotUsers).run()
        let fullRate = Double(requests(full)) / max(seconds(since: fullStart), 1e-9)

        var runner = SimulationRunner(validated: validated, providers: .builtIn, users: users)
        runner.tier = .fast
        runner.pilotUsers = pilotUsers
        runner.calibration = try await runner.calibrate()
        let start = clock.now
        let fast = try await runner.run()
        let elapsed = seconds(since: start)
        let fastRequests = requests(fast)
        guard fastRequests > 0, requests(full) > 0 else {
            throw AdError(.internal, "The benchmark counted \(fastRequests) fast and \(requests(full)) full requests.")
        }
        let rate = Double(fastRequests) / max(elapsed, 1e-9)
        print("scenario: \(validated.scenario.name ?? "default"), \(users) users x \(fast.variants.count) strategies")
        print("fast tier: \(fastRequests) requests in \(elapsed) s on one core: \(rate) requests/s (goal: >= 50000)")
        print("full tier (\(pilotUsers) users): \(fullRate) requests/s")
        return BenchmarkResult(name: "simulate-fast", value: rate, unit: "requests/s", baseline: fullRate)
    }
}
