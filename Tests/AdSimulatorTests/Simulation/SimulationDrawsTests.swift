import AdSimulator
import Foundation
import Testing

@testable import adsim

@Suite("Simulation draws: keyed, counter-based random numbers")
struct SimulationDrawsTests {
    static let draws = SimulationDraws(seed: 7)
    static let item = SimulationDraws.lineItemKey(placement: "feed-native", lineItem: "ifly-feed")

    static func key(_ n: UInt64, purpose: DrawPurpose = .price) -> DrawKey {
        DrawKey(user: n / 10, request: n % 10, lineItem: item, purpose: purpose)
    }

    @Test("The same key gives the same value, from any instance and in any order")
    func sameKeySameValue() {
        let keys = (0..<1_000).map { Self.key(UInt64($0)) }
        let forward = keys.map(Self.draws.uniform)
        let backward = keys.reversed().map(SimulationDraws(seed: 7).uniform).reversed()
        #expect(forward == Array(backward))
        #expect(forward.allSatisfy { (0..<1).contains($0) })
        // Pinned values: a change of the mixing would silently change every simulation's market.
        #expect(Self.draws.bits(DrawKey(user: 0, request: 0, purpose: .outcome)) == 0x6380_7AB6_7D75_E69C)
        #expect(SimulationDraws.lineItemKey(placement: "p", lineItem: "a") == 0x7914_8119_578F_9134)
    }

    @Test("Changing any part of the key (seed, user, request, line item, purpose) changes the value")
    func differentKeysDiffer() {
        let base = DrawKey(user: 3, request: 5, lineItem: Self.item, purpose: .outcome)
        let value = Self.draws.uniform(base)
        var others = [SimulationDraws(seed: 8).uniform(base)]
        for change in [
            { (key: inout DrawKey) in key.user = 4 }, { $0.request = 6 }, { $0.lineItem = 0 },
            { $0.purpose = .latency },
        ] {
            var key = base
            change(&key)
            others.append(Self.draws.uniform(key))
        }
        #expect(others.allSatisfy { $0 != value })
        #expect(Set(others).count == others.count)
        #expect(
            SimulationDraws.lineItemKey(placement: "ab", lineItem: "c")
                != SimulationDraws.lineItemKey(placement: "a", lineItem: "bc"))
        let all = Set((0..<10_000).map { Self.draws.bits(Self.key(UInt64($0))) })
        #expect(all.count == 10_000)
    }

    @Test("Uniform draws: mean 1/2, variance 1/12, every tenth equally filled (fixed seed, deterministic)")
    func uniformMoments() {
        let values = (0..<100_000).map { Self.draws.uniform(Self.key(UInt64($0))) }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        #expect(abs(mean - 0.5) < 0.005)
        #expect(abs(variance - 1.0 / 12) < 0.002)
        var deciles = [Int](repeating: 0, count: 10)
        for value in values { deciles[Self.draws.index(below: 10, Self.key(UInt64(value * 1e9)))] += 1 }
        #expect(deciles.allSatisfy { abs($0 - 10_000) < 500 }, "\(deciles)")
    }

    @Test("Distributions: fixed, uniform and log-normal samples have the right median, mean and range")
    func distributionMoments() {
        let count = 50_000
        func samples(_ distribution: ScenarioDistribution) -> [Double] {
            (0..<count).map { Self.draws.sample(distribution, Self.key(UInt64($0), purpose: .latency)) }.sorted()
        }
        #expect(samples(.fixed(250)).allSatisfy { $0 == 250 })
        let uniform = samples(.uniform(min: 1_000, max: 3_000))
        #expect(uniform.first.map { $0 >= 1_000 } == true && uniform.last.map { $0 < 3_000 } == true)
        #expect(abs(uniform[count / 2] - 2_000) < 30)
        let logNormal = samples(.logNormal(median: 2_500, sigma: 0.5))
        #expect(abs(logNormal[count / 2] - 2_500) / 2_500 < 0.02)
        let mean = logNormal.reduce(0, +) / Double(count)
        #expect(abs(mean - ScenarioDistribution.logNormal(median: 2_500, sigma: 0.5).mean) / mean < 0.02)
        let logs = logNormal.map { log($0 / 2_500) }
        let sigma = (logs.reduce(0) { $0 + $1 * $1 } / Double(count)).squareRoot()
        #expect(abs(sigma - 0.5) < 0.01)
        #expect(logNormal.allSatisfy { $0.isFinite })
    }

    @Test("Edges never trap: u = 0, 1, NaN; huge sigma; clamping; index of 0 or 1 values")
    func edges() {
        let wide = ScenarioDistribution.logNormal(median: 1, sigma: 4)
        for u in [0, 1, Double.nan, -3, 7, 0x1p-60] { #expect(wide.sample(atUniform: u).isFinite) }
        #expect(wide.sample(atUniform: .nan) == 1)
        #expect(
            abs(ScenarioDistribution.logNormal(median: 1, sigma: 1).sample(atUniform: 0.975) - exp(1.959964)) < 1e-5)
        let key = Self.key(1)
        #expect(Self.draws.sample(.fixed(5e9), key, in: 0...1e9) == 1e9)
        #expect(Self.draws.index(below: 0, key) == 0 && Self.draws.index(below: 1, key) == 0)
        #expect(Self.draws.index(below: .max, key) >= 0)
        #expect(Self.draws.happens(probability: 1, key) && !Self.draws.happens(probability: 0, key))
    }

    @Test("A line item's market outcome bands: never answers, error, fill, no fill")
    func outcomeBands() {
        let market = LineItemMarket(
            placement: "p", lineItem: "a", provider: "ifly", format: .native, fillRate: 0.5, errorRate: 0.2,
            neverAnswersRate: 0.1, priceMicros: .fixed(1), latencyMs: .fixed(1), creatives: [], noFill: nil)
        #expect(
            [0, 0.05, 0.1, 0.25, 0.31, 0.79, 0.8, 0.99].map(market.outcome(atUniform:)) == [
                .neverAnswers, .neverAnswers, .error, .error, .fill, .fill, .noFill, .noFill,
            ])
        let shares = (0..<100_000).reduce(into: [MarketOutcome: Int]()) { counts, n in
            counts[market.outcome(atUniform: Self.draws.uniform(Self.key(UInt64(n), purpose: .outcome))), default: 0] +=
                1
        }
        #expect(abs((shares[.fill] ?? 0) - 50_000) < 1_000)
        #expect(abs((shares[.neverAnswers] ?? 0) - 10_000) < 600)
    }
}
