import AdCore
import BuiltInProviders
import Foundation
import Testing

@testable import AdSimulator
@testable import adsim

/// The fast tier of issue 35 (Docs/Simulation.md, "Tiers"): the same mediation outcome as the full tier for every
/// request both issue, aggregates within the stated tolerance, the calibration stated in the report.
@MainActor
@Suite struct FastTierTests {
    /// What decides a request's mediation outcome, as the records carry it.
    private struct Outcome: Equatable, CustomStringConvertible {
        var itemsAsked: Int
        var winner: String?
        var paid: Int64?
        var bid: Int64?
        var timeToAd: Int64?
        var outcome: String
        var belowFloor: Int
        var timeouts: Int
        var errors: Int

        init(_ record: SimulatedRequestRecord) {
            itemsAsked = record.itemsAsked
            winner = record.winnerLineItem
            paid = record.paidPriceMicros
            bid = record.bidPriceMicros
            timeToAd = record.timeToAdMs
            outcome = record.outcome
            belowFloor = record.belowFloor
            timeouts = record.timeouts
            errors = record.errors
        }

        var description: String {
            "\(outcome) \(winner ?? "-") asked \(itemsAsked) paid \(paid ?? -1) in \(timeToAd ?? -1) ms"
        }
    }

    private struct Key: Hashable {
        var variant: String
        var user: UInt64
        var placement: String
        var request: UInt64
    }

    private func run(
        _ validated: ValidatedScenario, users: Int, tier: SimulationTier
    ) async throws -> (result: SimulationResult, records: [Key: Outcome]) {
        var records: [Key: Outcome] = [:]
        var runner = SimulationRunner(validated: validated, providers: .builtIn, users: users) { record in
            let key = Key(
                variant: record.variant, user: record.user, placement: record.placement, request: record.requestKey)
            records[key] = Outcome(record)
        }
        runner.tier = tier
        runner.pilotUsers = users
        return (try await runner.run(), records)
    }

    /// Every request key of the default scenario that both tiers issue meets the same mediation outcome: line items
    /// asked, winner, bid and price paid, time to ad, how it ended. In this scenario no user's requests depend on
    /// what they saw (no caps or pacing), so both tiers issue the very same requests.
    @Test func everyRequestBothTiersIssueHasTheSameMediationOutcome() async throws {
        let validated = try Scenario.loadBuiltIn()
        let full = try await run(validated, users: 8, tier: .full)
        let fast = try await run(validated, users: 8, tier: .fast)
        let common = Set(full.records.keys).intersection(fast.records.keys)
        #expect(full.records.count > 400)
        #expect(common.count == full.records.count)
        #expect(common.count == fast.records.count)
        var differing: [String] = []
        for key in common.sorted(by: { "\($0)" < "\($1)" }) where full.records[key] != fast.records[key] {
            differing.append(
                "\(key): full \(full.records[key]?.description ?? "-"), fast \(fast.records[key]?.description ?? "-")")
        }
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(3))")
    }

    /// The aggregates of the default scenario agree, per strategy, within the tolerance the fast tier states
    /// (Docs/Simulation.md, "Tiers"): requests, fills, the prices paid, the oracle, yield and p95 time to ad
    /// exactly (the same requests meet the same mediation); impressions within 4 binomial standard deviations of
    /// the ads used at the calibrated show rate, plus 1; revenue within 10 %.
    @Test func theAggregatesAgreeWithinTheStatedTolerance() async throws {
        let validated = try Scenario.loadBuiltIn()
        let full = try await run(validated, users: 24, tier: .full).result
        let fast = try await run(validated, users: 24, tier: .fast).result
        for variant in full.variants {
            let expected = full.tally.row(variant: variant)
            let row = fast.tally.row(variant: variant)
            #expect(row.requests == expected.requests, "\(variant)")
            #expect(row.fills == expected.fills, "\(variant)")
            #expect(row.used == expected.used, "\(variant)")
            #expect(row.paidPriceMicros == expected.paidPriceMicros, "\(variant)")
            #expect(row.oraclePriceMicros == expected.oraclePriceMicros, "\(variant)")
            #expect(row.yield == expected.yield, "\(variant)")
            #expect(row.timeToAd.percentile(0.95) == expected.timeToAd.percentile(0.95), "\(variant)")
            let share = Double(expected.impressions) / Double(max(expected.used, 1))
            let deviation = (Double(expected.used) * share * (1 - share)).squareRoot()
            let impressions = Double(row.impressions) - Double(expected.impressions)
            #expect(abs(impressions) <= 4 * deviation + 1, "\(variant): \(row.impressions) vs \(expected.impressions)")
            let revenue = Double(row.revenueMicros - expected.revenueMicros) / Double(max(expected.revenueMicros, 1))
            #expect(abs(revenue) <= 0.10, "\(variant): \(row.revenueMicros) vs \(expected.revenueMicros)")
        }
    }

    /// The fast tier's mediators answer line-item loads without a unified ad (`FastTierAnswers`); loaded instead
    /// through each `FastTierProvider`, the same run gives the same records and the same report, byte for byte.
    @Test func answeringLoadsWithoutAUnifiedAdChangesNothing() async throws {
        let validated = try Scenario.loadBuiltIn()
        var pilot = SimulationRunner(validated: validated, providers: .builtIn, users: 4)
        pilot.pilotUsers = 4
        let calibration = try await pilot.calibrate()
        func run(answering: Bool) async throws -> (report: SimulationReport, records: [SimulatedRequestRecord]) {
            var records: [SimulatedRequestRecord] = []
            var runner = SimulationRunner(validated: validated, providers: .builtIn, users: 30) { records.append($0) }
            runner.tier = .fast
            runner.calibration = calibration
            runner.answersFastTierLoads = answering
            return (SimulationReport(result: try await runner.run()), records)
        }
        let answered = try await run(answering: true)
        let loaded = try await run(answering: false)
        #expect(answered.records.count > 1_000)
        #expect(answered.records == loaded.records)
        #expect(answered.report.jsonLines == loaded.report.jsonLines)
        #expect(answered.report.table == loaded.report.table)
    }

    /// The behaviors found by an ad unit's number in the market are the ones found by its provider, ad unit and
    /// format, for every answer of every line item; a number that does not match the request (another format, a
    /// number out of range) falls back to the names and still answers right.
    @Test func behaviorsByUnitNumberEqualBehaviorsByName() async throws {
        let validated = try Scenario.loadBuiltIn()
        let markets = try SimulationMarkets(validated, memoisesLoads: true)
        let market = markets.market
        let behaviors = try await LoadBehaviors.probe(market: market, validated: validated, providers: .builtIn)
        var checked = 0
        for placement in validated.configuration.placements {
            for item in placement.lineItems {
                let boxed = try #require(market.boxed(provider: item.providerID, adUnit: item.adUnitID))
                let request = AdRequest(
                    adUnitID: item.adUnitID, format: placement.format, placementID: placement.id, timeout: .seconds(1))
                var answers: [LoadBehaviors.Answer] = [.noFill, .error(.network), .error(.timeout), .error(.noFill)]
                let creatives = boxed.entry.creativeFiles.count
                answers += (0...creatives).map { .fill($0) }
                for answer in answers {
                    let byName = behaviors.behavior(item.providerID, request, answer)
                    #expect(behaviors.behavior(item.providerID, request, answer, unit: boxed.unit) == byName)
                    #expect(behaviors.behavior(item.providerID, request, answer, unit: 10_000) == byName)
                    if case .fill(let index) = answer, index < creatives { #expect(byName != nil) }
                    checked += 1
                }
                var other = request
                other.format = placement.format == .rewarded ? .interstitial : .rewarded
                #expect(
                    behaviors.behavior(item.providerID, other, .noFill, unit: boxed.unit)
                        == behaviors.behavior(item.providerID, other, .noFill))
            }
        }
        #expect(checked > 20)
    }

    /// A fast-tier user's mediator answers its line items' loads itself (none through a unified ad, every provider
    /// having started at launch); with answering off, it asks none.
    @Test func aFastTierUsersMediatorAnswersItsLoads() async throws {
        let validated = try Scenario.loadBuiltIn()
        let markets = try SimulationMarkets(validated, memoisesLoads: true)
        let behaviors = try await LoadBehaviors.probe(
            market: markets.market, validated: validated, providers: .builtIn)
        for answering in [true, false] {
            var tally = SimulationTally()
            let providers = SimulationProviders.builtIn.fastTier(behaviors, answeringLoads: answering)
            let user = try await markets.simulate(
                user: 3, variant: "configured",
                prepared: SimulatedConfiguration(validated.configuration, of: validated, validatingFor: providers),
                providers: providers, fastRates: [:], counting: &tally)
            let answers = user.mediator.answering as? FastTierAnswers
            #expect((answers != nil) == answering)
            if answering { #expect((answers?.answered ?? 0) > 10) }
            #expect(tally.row(variant: "configured").requests > 5)
        }
    }

    /// The fast run states its calibration: the pilot's users and, per strategy and placement, the rates drawn.
    @Test func theReportStatesTheCalibration() async throws {
        let validated = try SimulationRuns.tiny()
        var runner = SimulationRunner(validated: validated, providers: .builtIn, users: 3)
        runner.tier = .fast
        runner.pilotUsers = 2
        let result = try await runner.run()
        let calibration = try #require(result.calibration)
        #expect(calibration.pilotUsers == 2)
        #expect(Set(calibration.rates.map(\.provider)) == ["ifly", "google"])
        let table = SimulationReport(result: result).table
        #expect(table.contains("FAST TIER: no parse, bind or geometry"))
        #expect(table.contains("pilot of the first 2 users per strategy"))
        let feed = try #require(calibration.rate(variant: "configured", placement: "feed", provider: "ifly"))
        #expect(feed.used > 0)
        #expect(table.contains("configured feed ifly: show \(SimulationReport.fixed(feed.showRate * 100, 1)) %"))
        // A given calibration is used as it is: no pilot runs.
        runner.calibration = FastTierCalibration(pilotUsers: 7, rates: [])
        let given = try await runner.run()
        #expect(given.calibration?.pilotUsers == 7)
        #expect(given.tally.row(variant: "configured").impressions == 0)
        #expect(given.tally.row(variant: "configured").used > 0)
    }

    /// A calibration a caller wrote that no pilot could have measured is refused before anything runs, naming the
    /// rate and what is wrong with it; exactly at the largest revenue per price it still runs.
    @Test(arguments: [
        (shown: UInt64(8), revenue: Int64(1_000), price: Int64(1_000), fails: "8 ads shown of 7 used"),
        (shown: 3, revenue: -1, price: 1_000, fails: "negative amount"),
        (shown: 3, revenue: 100_001, price: 1_000, fails: "times the price in revenue"),
        (shown: 3, revenue: Int64.max, price: 1, fails: "times the price in revenue"),
        (shown: 3, revenue: 100_000, price: 1_000, fails: ""),
    ])
    func aCalibrationNoPilotCouldMeasureIsRefused(
        rate: (shown: UInt64, revenue: Int64, price: Int64, fails: String)
    ) async throws {
        var runner = SimulationRunner(validated: try SimulationRuns.tiny(), providers: .builtIn, users: 2)
        runner.tier = .fast
        runner.calibration = FastTierCalibration(
            pilotUsers: 2,
            rates: [
                FastTierCalibration.Rate(
                    variant: "configured", placement: "feed", provider: "ifly", used: 7, shown: rate.shown, clicks: 0,
                    revenueMicros: rate.revenue, shownPriceMicros: rate.price)
            ])
        guard !rate.fails.isEmpty else {
            let result = try await runner.run()
            #expect(result.tally.row(variant: "configured").used > 0)
            return
        }
        let error = await #expect(throws: AdError.self) { try await runner.run() }
        #expect(error?.code == .invalidRequest)
        #expect(error?.message.contains("ifly in configured/feed") == true)
        #expect(error?.message.contains(rate.fails) == true, "\(error?.message ?? "")")
    }

    /// A calibration that states one strategy's placement and provider twice is refused, naming it: which rate a
    /// user would draw from would be undefined. The same placement and provider in another strategy is no repeat.
    @Test func aRateStatedTwiceIsRefused() async throws {
        func rate(_ variant: String, shown: UInt64) -> FastTierCalibration.Rate {
            FastTierCalibration.Rate(
                variant: variant, placement: "feed", provider: "ifly", used: 7, shown: shown, clicks: 0,
                revenueMicros: 1_000, shownPriceMicros: 1_000)
        }
        var runner = SimulationRunner(validated: try SimulationRuns.tiny(), providers: .builtIn, users: 2)
        runner.tier = .fast
        runner.calibration = FastTierCalibration(
            pilotUsers: 2, rates: [rate("configured", shown: 3), rate("x", shown: 3)])
        #expect(try await runner.run().tally.row(variant: "configured").used > 0)
        runner.calibration = FastTierCalibration(
            pilotUsers: 2, rates: [rate("configured", shown: 3), rate("configured", shown: 5)])
        let error = await #expect(throws: AdError.self) { try await runner.run() }
        #expect(error?.code == .invalidRequest)
        #expect(error?.message.contains("ifly in configured/feed is stated twice") == true, "\(error?.message ?? "")")
    }

    /// The fast provider reads the server's answers only; any other body is refused, never misread.
    @Test(arguments: [
        [], [1], [2, 0], [3], [1] + Array(repeating: 0, count: 15), [1] + Array(repeating: 255, count: 16),
    ])
    func aBodyThatIsNotAnAnswerIsRefused(body: [UInt8]) {
        #expect(FastAnswer(body: body) == nil)
    }

    @Test(arguments: [
        FastAnswer.noFill, .fill(creativeIndex: 0, priceMicros: 0), .fill(creativeIndex: 2, priceMicros: 1_000_000_000),
    ])
    func anAnswerReadsBackAsWritten(answer: FastAnswer) {
        #expect(FastAnswer(body: answer.body) == answer)
    }

    /// Partials of a fast run and a full run are not one run.
    @Test func partialsOfDifferentTiersDoNotMerge() async throws {
        let validated = try SimulationRuns.tiny()
        let first = try SimulationShard(index: 1, count: 2)
        let second = try SimulationShard(index: 2, count: 2)
        let full = try await SimulationRunner(validated: validated, providers: .builtIn, users: 2, shard: first)
            .runPartial()
        var runner = SimulationRunner(validated: validated, providers: .builtIn, users: 2, shard: second)
        runner.tier = .fast
        let fast = try await runner.runPartial()
        let error = #expect(throws: SimulationMergeError.self) { try SimulationPartial.merge([full, fast]) }
        #expect(error?.message.contains("the fast tier on a pilot of 2 users") == true)
    }

    /// `--tier fast` prints the table with its calibration; `--tier` takes fast or full only.
    @Test func theCommandLineRunsTheFastTier() async {
        let tiny = ScenarioFixtures.folder.appending(path: "tiny.json").path
        let output = CommandOutput.buffered()
        let status = await ADSim().run(["simulate", tiny, "--tier", "fast", "--jobs", "1"], output: output)
        #expect(status == .success)
        #expect(output.standardOutput.contains("FAST TIER"))
        let full = CommandOutput.buffered()
        _ = await ADSim().run(["simulate", tiny, "--tier", "full", "--jobs", "1"], output: full)
        #expect(!full.standardOutput.contains("FAST TIER"))
        let wrong = CommandOutput.buffered()
        #expect(await ADSim().run(["simulate", tiny, "--tier", "slow"], output: wrong) == .usage)
        #expect(wrong.standardError.contains("Error:"))
    }
}
