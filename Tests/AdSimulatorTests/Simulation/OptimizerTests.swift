import AdCore
import AdMediation
import Foundation
import Testing

@testable import AdSimulator
@testable import adsim

/// The optimizer (issue 35, section 5) on `Fixtures/scenarios/optimize-floor.json`, a market whose optimum is worked
/// by hand: a rewarded placement, second price, two Google bidders that always fill: `high` bids 10000 micros and
/// answers in 400 ms, `low` bids 6000 and answers in 100 ms; floor 1000, line-item timeouts 5 s, deadline 1 s. Each
/// user watches 4 videos, each presented and counted. The search tries floors {0, 1000, 6000, 10000} and timeouts
/// and deadlines {110, 410 ms, as configured}. Per request (what an impression pays):
/// - Both bid in time (timeout above 400 ms): `high` wins and pays max(6000, F) for a floor F up to 6000, F itself
///   for F up to 10000 (`low` is under it): best F = 10000, 10000 an impression, p95 time to ad 400 ms.
/// - Only `low` in time (timeout 110 ms: `high` times out): `low` wins alone and pays the floor: best F = 6000 (at
///   10000 nothing fills), 6000 an impression, p95 110 ms.
/// So within a 500 ms budget the optimum is floor 10000 (10000 an impression); within 200 ms it is a 110 ms timeout
/// with floor 6000 (6000 an impression); no configuration answers within 50 ms.
@MainActor
@Suite struct OptimizerTests {
    static let path = ScenarioFixtures.folder.appending(path: "optimize-floor.json").path

    /// An optimizer of `validated` (by default optimize-floor.json) searching and confirming in the full tier.
    static func optimizer(
        budget: Int, users: Int = 4, of validated: ValidatedScenario? = nil
    ) throws -> SimulationOptimizer {
        let validated = try validated ?? Scenario.load(contentsOf: path, providers: ScenarioFixtures.providers)
        return SimulationOptimizer(
            validated: validated, budget: OptimizationBudget(p95Milliseconds: budget),
            search: try FullTierEvaluator(validated: validated, providers: .builtIn, users: users),
            confirm: try FullTierEvaluator(validated: validated, providers: .builtIn, users: users))
    }

    @Test("Within 500 ms the optimizer returns the analytic optimum: floor 10000, every impression paid 10000")
    func analyticOptimumWideBudget() async throws {
        let result = try await Self.optimizer(budget: 500).run()
        #expect(result.best.settings.map(\.description) == ["rewarded floor=10000"])
        #expect(result.best.revenueMicros == 4 * 4 * 10_000)
        #expect(result.best.worstP95Milliseconds == 400)
        #expect(result.meetsBudget)
        // The configuration as written (floor 1000: `high` pays `low`'s 6000) was confirmed beside it, and earns less.
        let written = try #require(result.confirmed.first { $0.settings.isEmpty })
        #expect(written.revenueMicros == 4 * 4 * 6_000)
    }

    @Test("Within 200 ms the optimizer returns the analytic optimum: a 110 ms timeout and floor 6000")
    func analyticOptimumTightBudget() async throws {
        let result = try await Self.optimizer(budget: 200).run()
        #expect(result.best.settings.map(\.description) == ["rewarded floor=6000", "rewarded timeout=110ms"])
        #expect(result.best.revenueMicros == 4 * 4 * 6_000)
        #expect(result.best.worstP95Milliseconds.map { $0 <= 200 } == true)
        #expect(result.meetsBudget)
        // The configuration as written waits for `high` (400 ms): over the budget.
        let written = try #require(result.searched.first { $0.settings.isEmpty })
        #expect(!written.meets(OptimizationBudget(p95Milliseconds: 200)))
    }

    @Test("A placement no candidate fills is named, and the answer is the optimum on the others, not the fastest")
    func neverFilledPlacementIsSetAside() async throws {
        // optimize-floor.json with a second rewarded placement whose only line item never fills.
        var text = try String(contentsOfFile: Self.path, encoding: .utf8)
        text = text.replacing(
            #"{ "lineItem": "low", "priceMicros": 6000, "latencyMs": 100 }]"#,
            with:
                #"{ "lineItem": "low", "priceMicros": 6000, "latencyMs": 100 }, { "lineItem": "never", "fillRate": 0, "priceMicros": 5000, "latencyMs": 100 }]"#
        )
        text = text.replacing(
            #"{ "id": "low", "provider": "google", "adUnit": "sim/low", "mode": "bidder" }] }] },"#,
            with:
                #"{ "id": "low", "provider": "google", "adUnit": "sim/low", "mode": "bidder" }] }, { "id": "dead", "format": "rewarded", "strategy": "waterfall", "lineItems": [{ "id": "never", "provider": "google", "adUnit": "sim/never", "mode": "waterfall", "priceMicros": 5000 }] }] },"#
        )
        text = text.replacing(
            #"[{ "placement": "rewarded" }]"#, with: #"[{ "placement": "rewarded" }, { "placement": "dead" }]"#)
        let validated = try Scenario.load(
            Data(text.utf8), baseDirectory: ScenarioFixtures.folder, providers: ScenarioFixtures.providers)
        #expect(validated.configuration.placements.map(\.id) == ["rewarded", "dead"])
        func optimize(within budget: Int) async throws -> OptimizationResult {
            try await Self.optimizer(budget: budget, of: validated).run()
        }
        let result = try await optimize(within: 500)
        #expect(result.neverFilled == ["dead"])
        // Within 500 ms on `rewarded` the optimum is floor 10000 (400 ms), not the fastest 110 ms timeout.
        #expect(result.best.settings.map(\.description) == ["rewarded floor=10000"])
        #expect(result.best.worstP95Milliseconds == 400)
        #expect(!result.meetsBudget)
        #expect(result.table.contains("NOT met: dead never filled; the best on the other placements is shown"))
        #expect(result.table.contains("never filled: dead (no candidate filled a request"))
        let json = try #require(try JSONSerialization.jsonObject(with: result.json()) as? [String: Any])
        #expect(json["neverFilled"] as? [String] == ["dead"])
        #expect(json["meetsBudget"] as? Bool == false)
        #expect(json["meetsBudgetOnFilledPlacements"] as? Bool == true)
        // Within 50 ms nothing meets the budget, even leaving the dead placement out: the verdict says so.
        let tight = try await optimize(within: 50)
        #expect(tight.neverFilled == ["dead"])
        #expect(!tight.meetsBudgetOnFilledPlacements)
        #expect(
            tight.table.contains("NOT met by any candidate, even leaving out dead (never filled): the fastest is shown")
        )
    }

    /// `optimize-order.json`: a waterfall of `rich` (8000 micros, fills half the time, 400 ms) over `cheap` (2000,
    /// always fills, 100 ms). By price, `rich` is asked first: an impression pays 8000 or 2000, time to ad 400 or
    /// 500 ms. `cheap` first: always 2000 at 100 ms. Within 300 ms only `cheap` may answer first (a timeout cutting
    /// `rich` short still waits for it before `cheap`): the optimum asks `cheap` first.
    @Test(
        "Within 300 ms the optimizer orders the waterfall cheap item first (the analytic optimum); within 600 ms by price"
    )
    func analyticOptimumOrder() async throws {
        let validated = try Scenario.load(
            contentsOf: ScenarioFixtures.folder.appending(path: "optimize-order.json").path,
            providers: ScenarioFixtures.providers)
        func optimize(_ budget: Int) async throws -> OptimizationResult {
            try await SimulationOptimizer(
                validated: validated, budget: OptimizationBudget(p95Milliseconds: budget),
                search: try FullTierEvaluator(validated: validated, providers: .builtIn, users: 4),
                confirm: try FullTierEvaluator(validated: validated, providers: .builtIn, users: 4)
            ).run()
        }
        let tight = try await optimize(300)
        #expect(tight.best.settings.contains { $0.knob == .waterfallOrder(["cheap", "rich"]) })
        #expect(tight.best.revenueMicros == 4 * 4 * 2_000)
        #expect(tight.best.worstP95Milliseconds == 100)
        let wide = try await optimize(600)
        #expect(wide.best.settings.allSatisfy { $0.knob.dimension != "order" })
        #expect(wide.best.revenueMicros > 4 * 4 * 2_000)
        #expect(wide.meetsBudget)
    }

    @Test("Searched in the fast tier and confirmed in the full tier, the answer is the same analytic optimum")
    func fastTierSearch() async throws {
        let validated = try Scenario.load(contentsOf: Self.path, providers: ScenarioFixtures.providers)
        let search = try await FastTierEvaluator(validated: validated, providers: .builtIn, users: 4, pilotUsers: 4)
        let result = try await SimulationOptimizer(
            validated: validated, budget: OptimizationBudget(p95Milliseconds: 200), search: search,
            confirm: try FullTierEvaluator(validated: validated, providers: .builtIn, users: 4)
        ).run()
        #expect(result.best.settings.map(\.description) == ["rewarded floor=6000", "rewarded timeout=110ms"])
        #expect(result.best.revenueMicros == 4 * 4 * 6_000)
        // The fast tier's mediation figures are the full tier's: the same p95 for the answer in both.
        let searched = try #require(result.searched.first { $0.settings == result.best.settings })
        #expect(searched.worstP95Milliseconds == result.best.worstP95Milliseconds)
        #expect(searched.requests == result.best.requests)
    }

    @Test("The frontier holds no candidate another beats on both revenue and worst p95")
    func frontierIsNonDominated() async throws {
        let result = try await Self.optimizer(budget: 500, users: 5).run()
        #expect(!result.frontier.isEmpty)
        for point in result.frontier {
            let p95 = try #require(point.worstP95Milliseconds)
            let dominated = result.searched.contains { other in
                guard let otherP95 = other.worstP95Milliseconds else { return false }
                return other.revenueMicros >= point.revenueMicros && otherP95 <= p95
                    && (other.revenueMicros > point.revenueMicros || otherP95 < p95)
            }
            #expect(!dominated, "\(point.name)")
        }
        #expect(result.frontier.contains { $0.settings == result.best.settings })
    }

    @Test("A budget no candidate meets: the answer is the fastest and says so")
    func budgetNotMet() async throws {
        let result = try await Self.optimizer(budget: 50, users: 5).run()
        #expect(!result.meetsBudget)
        #expect(result.table.contains("NOT met"))
        let fastest = result.confirmed.compactMap(\.worstP95Milliseconds).min()
        #expect(result.best.worstP95Milliseconds == fastest)
        // A candidate as fast as the search's fastest (one filling every placement) is among those confirmed, not only
        // the configuration as written.
        let searchedFastest = try #require(
            result.searched.filter { $0.unfilledPlacements.isEmpty }
                .min { ($0.worstP95Milliseconds ?? .max) < ($1.worstP95Milliseconds ?? .max) })
        #expect(
            result.confirmed.contains {
                $0.unfilledPlacements.isEmpty && $0.worstP95Milliseconds == searchedFastest.worstP95Milliseconds
            })
        // A candidate that starves a placement has no time to ad: it is never the answer while another fills.
        #expect(result.best.unfilledPlacements.isEmpty)
        // Of the searched candidates as fast as the answer, none earned more (a tie goes to revenue).
        let asFast = result.searched.filter {
            $0.unfilledPlacements.isEmpty && $0.worstP95Milliseconds == searchedFastest.worstP95Milliseconds
        }
        let answerInSearch = try #require(result.searched.first { $0.settings == result.best.settings })
        #expect(asFast.allSatisfy { $0.revenueMicros <= answerInSearch.revenueMicros })
        #expect(result.searched.contains { !$0.unfilledPlacements.isEmpty }, "the search met a starving candidate")
    }

    @Test("Over budget, of two candidates as fast the one earning more is the answer; within it, more revenue wins")
    func tiesBrokenByRevenue() throws {
        let configuration = try Scenario.load(contentsOf: Self.path, providers: ScenarioFixtures.providers)
            .configuration
        func candidate(revenue: Int64, p95: Int) -> OptimizationCandidate {
            OptimizationCandidate(
                settings: [], configuration: configuration, revenueMicros: revenue, requests: 10, users: 1,
                p95Milliseconds: ["rewarded": p95])
        }
        // (candidate, other, budget, whether the candidate is the better answer), each as (revenue, p95).
        let cases: [((Int64, Int), (Int64, Int), Int, Bool)] = [
            // The same p95 (110 ms, over a 50 ms budget): six times the revenue is the better answer, either way round.
            ((240, 110), (40, 110), 50, true),
            ((40, 110), (240, 110), 50, false),
            // Over budget the faster still comes first, whatever it earns.
            ((1, 100), (240, 110), 50, true),
            // Within the budget revenue comes first, then the lower p95.
            ((240, 400), (40, 110), 500, true),
            ((40, 110), (40, 400), 500, true),
        ]
        for (one, other, budget, better) in cases {
            let isBetter = SimulationOptimizer.isBetter(
                candidate(revenue: one.0, p95: one.1), than: candidate(revenue: other.0, p95: other.1),
                within: OptimizationBudget(p95Milliseconds: budget))
            #expect(isBetter == better, "\(one) against \(other) within \(budget) ms")
        }
    }

    @Test("The written configuration is a mediation configuration the validator accepts, with the answer's floor")
    func configurationRoundTrips() async throws {
        let result = try await Self.optimizer(budget: 500, users: 5).run()
        let data = try result.configurationJSON()
        let decoded = try MediationConfiguration.decode(data, providers: ScenarioFixtures.providers)
        #expect(decoded.placement("rewarded")?.floorMicros == 10_000)
        #expect(decoded == result.best.configuration)
    }

    @Test("Budgets: p95=<ms> from 1 ms to ten minutes; anything else is a typed error with the form that works")
    func budgetParsing() throws {
        #expect(try OptimizationBudget(parsing: "p95=1").p95Milliseconds == 1)
        #expect(try OptimizationBudget(parsing: "p95=600000").p95Milliseconds == 600_000)
        for bad in ["p95=0", "p95=600001", "p99=100", "p95", "p95=", "p95=1.5", "p95=-3", "=100", ""] {
            #expect(throws: OptimizationError.self, "\(bad)") { try OptimizationBudget(parsing: bad) }
        }
        #expect(OptimizationBudget(p95Milliseconds: 100).admits(p95Milliseconds: 100))
        #expect(!OptimizationBudget(p95Milliseconds: 100).admits(p95Milliseconds: 101))
        #expect(OptimizationBudget(p95Milliseconds: 100).admits(p95Milliseconds: nil))
    }

    @Test("adsim optimize writes a configuration adsim validate accepts; exit 1 over budget, 64 without --budget")
    func command() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "best.json").path
        let html = folder.appending(path: "best.html").path
        let output = CommandOutput.buffered()
        let status = await ADSim().run(
            ["optimize", Self.path, "--budget", "p95=500", "--users", "5", "--out", out, "--html", html],
            output: output)
        #expect(status == .success, "\(output.standardError)")
        #expect(output.standardOutput.contains("best: rewarded floor=10000"))
        let validation = CommandOutput.buffered()
        #expect(await ADSim().run(["validate", out], output: validation) == .success)
        #expect(validation.standardOutput.contains("valid (mediation configuration: 1 placements"))
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("<svg id=\"optimization-frontier\""))
        let over = CommandOutput.buffered()
        #expect(
            await ADSim().run(
                ["optimize", Self.path, "--budget", "p95=50", "--users", "3", "--out", out], output: over)
                == .failure)
        let usage = CommandOutput.buffered()
        #expect(await ADSim().run(["optimize", Self.path], output: usage) == .usage)
        #expect(usage.standardError.contains("--budget"))
        let badBudget = CommandOutput.buffered()
        #expect(await ADSim().run(["optimize", Self.path, "--budget", "p99=3"], output: badBudget) == .usage)
        // A search on more users than the confirmation is a usage error, not silently cut to --users.
        let moreSearch = CommandOutput.buffered()
        #expect(
            await ADSim().run(
                ["optimize", Self.path, "--budget", "p95=500", "--users", "10", "--search-users", "50", "--out", out],
                output: moreSearch) == .usage)
        #expect(moreSearch.standardError.contains("--search-users 50 is more than the 10 users"))
        // Both given: refused before the scenario is read, so before what it holds (64 before 65).
        let invalid = ScenarioFixtures.folder.appending(path: "invalid-version.json").path
        let beforeData = CommandOutput.buffered()
        #expect(
            await ADSim().run(
                ["optimize", invalid, "--budget", "p95=500", "--users", "10", "--search-users", "50", "--out", out],
                output: beforeData) == .usage)
    }
}
