import AdCore
import AdEmbedded
import AdMediation
import AdTestSupport
import Testing

/// A mediator whose line-item loads a `LineItemAnswering` answers (the simulator's fast tier): each answer is played
/// with a unified ad's timers, so mediation sees what a unified ad's load would give it, when it would; what the
/// answering side declines loads through a unified ad as usual.
@MainActor
@Suite("Mediator: loads answered without a unified ad")
struct AnsweredLoadTests {
    typealias H = MachineHarness

    /// Answers by ad unit from a script, and records what it was asked; an unscripted unit is declined.
    final class Script: LineItemAnswering {
        var answers: [String: LineItemAnswer] = [:]
        var asked: [AdRequest] = []

        func answer(_ request: AdRequest, descriptor: ProviderDescriptor, at now: AdInstant) -> LineItemAnswer? {
            asked.append(request)
            return answers[request.adUnitID]
        }
    }

    let world: TestHost
    let script = Script()

    init() throws {
        world = try TestHost(providers: [
            PricedProvider(id: "google", defaultTimeToLive: [.interstitial: .seconds(3_600)]),
            PricedProvider(id: "yandex"),
        ])
    }

    private func mediator(_ items: [LineItemConfiguration], strategy: PlacementConfiguration.Strategy = .waterfall)
        throws -> Mediator
    {
        let mediator = try Mediator(
            configuration: MediationConfiguration(placements: [H.placement(strategy, items)]), host: world.host,
            random: SeededRandom(seed: 3))
        mediator.answering = script
        return mediator
    }

    private func fill(_ creative: String, micros: Int64, after: Duration, delay: Duration = .zero) -> LineItemAnswer {
        // The info as the provider would load it: at the answer's end, with no expiry of its own.
        let loadedAt = AdInstant(sinceEpoch: after + delay)
        let info = LoadedAdInfo(
            providerID: "google", adUnitID: "unit", format: .interstitial, creativeID: creative, loadedAt: loadedAt,
            revenue: Revenue(micros: micros, currency: "USD", precision: .exact))
        return LineItemAnswer(answeredAfter: after, delay: delay, result: .success(info))
    }

    @Test("An answered fill wins at its answer's instant, taken without a unified ad and released")
    func answeredFillIsTakenWithoutAUnifiedAd() async throws {
        let mediator = try mediator([H.waterfall("top", price: 5_000, provider: "google")])
        script.answers["unit-top"] = fill("cr-1", micros: 2_400, after: .milliseconds(150), delay: .milliseconds(50))
        try mediator.load("p")
        await world.run(for: .milliseconds(199))
        #expect(!mediator.isReady("p"))
        await world.run(for: .milliseconds(1))
        #expect(mediator.isReady("p"))
        let report = try #require(mediator.lastReport(for: "p"))
        #expect(report.winner == "top")
        #expect(report.item("top")?.latency == .milliseconds(200))
        // The host admitted the request first: it carries the host's privacy signals and the line item's timeout.
        #expect(script.asked.map(\.adUnitID) == ["unit-top"])
        #expect(script.asked.first?.timeout == .seconds(5))

        #expect(throws: AdError.self) { try mediator.takeAd(for: "p") }  // an answered ad has no unified ad
        try mediator.load("p")
        await world.run(for: .milliseconds(200))
        let choice = try mediator.take(for: "p")
        #expect(choice.ad == nil)
        #expect(choice.providerID == "google")
        #expect(choice.lineItemID == "top")
        #expect(choice.price.micros == 2_400)  // the price the answer reported
        mediator.release(choice)
        #expect(world.host.ledger.isExcluded("cr-1", for: "other") == false)
        #expect(world.driver.pendingCount == 0)  // the answered load's timeout went with its end
    }

    @Test("A report's fields read in place (provider, state, priced, winner a bidder) agree with its items")
    func inPlaceFieldsAgreeWithItems() async throws {
        let mediator = try mediator(
            [
                H.bidder("high", provider: "google"), H.bidder("low", provider: "yandex"),
                H.bidder("none", provider: "google"), H.waterfall("fixed", price: 500, provider: "yandex"),
            ], strategy: .hybrid)
        script.answers["unit-high"] = fill("cr-h", micros: 3_000, after: .milliseconds(100))
        script.answers["unit-low"] = fill("cr-l", micros: 1_000, after: .milliseconds(120))
        script.answers["unit-none"] = LineItemAnswer(
            answeredAfter: .milliseconds(80), delay: .zero, result: .failure(AdError(.noFill, "No ad.")))
        try mediator.load("p")
        await world.run(for: .seconds(1))
        let report = try #require(mediator.lastReport(for: "p"))
        #expect(report.winner == "high")
        #expect(report.winnerIsBidder)
        let items = report.items
        #expect(report.itemCount == items.count)
        #expect(Set(items.map(\.state)).count >= 3, "\(report)")  // filled, outbid, noFill at least
        for index in items.indices {
            #expect(report.providerID(ofItem: index) == items[index].providerID)
            #expect(report.state(ofItem: index) == items[index].state)
            #expect(report.isPriced(item: index) == (items[index].price != nil))
        }
        // A waterfall winner is not a bidder; no winner is not either.
        let waterfall = try self.mediator([H.waterfall("top", price: 5_000, provider: "google")])
        script.answers["unit-top"] = fill("cr-t", micros: 2_000, after: .milliseconds(100))
        try waterfall.load("p")
        await world.run(for: .seconds(1))
        #expect(try #require(waterfall.lastReport(for: "p")).winnerIsBidder == false)
        let empty = try self.mediator([H.waterfall("gone", price: 5_000, provider: "google")])
        script.answers["unit-gone"] = LineItemAnswer(
            answeredAfter: .milliseconds(10), delay: .zero, result: .failure(AdError(.noFill, "No ad.")))
        try empty.load("p")
        await world.run(for: .seconds(1))
        let unfilled = try #require(empty.lastReport(for: "p"))
        #expect(unfilled.winner == nil)
        #expect(unfilled.winnerIsBidder == false)
    }

    @Test("C7: an answer exactly at the load's timeout loses to the timeout; a millisecond earlier it fills")
    func c7_answerAtTheTimeoutLoses() async throws {
        for (after, delay, filled) in [
            (Duration.seconds(2), Duration.zero, false),
            (.milliseconds(1_500), .milliseconds(500), false),
            (.milliseconds(1_499), .milliseconds(500), true),
        ] {
            let world = try TestHost(providers: [PricedProvider(id: "google")])
            let item = H.waterfall("top", price: 5_000, provider: "google", timeout: .seconds(2))
            let mediator = try Mediator(
                configuration: MediationConfiguration(placements: [H.placement(.waterfall, [item])]), host: world.host,
                random: SeededRandom(seed: 3))
            mediator.answering = script
            script.answers["unit-top"] = fill("cr-1", micros: 2_400, after: after, delay: delay)
            try mediator.load("p")
            await world.run(for: .seconds(3))
            let report = try #require(mediator.lastReport(for: "p"))
            #expect(report.state(of: "top") == (filled ? .filled : .timeout), "\(after) + \(delay)")
            #expect(mediator.isReady("p") == filled)
        }
    }

    @Test("An answered error ends its line item with that error, attributed to the provider, and the next item fills")
    func answeredErrorIsAttributed() async throws {
        let mediator = try mediator([
            H.waterfall("top", price: 5_000, provider: "google"),
            H.waterfall("next", price: 1_000, provider: "google"),
        ])
        script.answers["unit-top"] = LineItemAnswer(
            answeredAfter: .milliseconds(100), delay: .zero, result: .failure(AdError(.noFill, "No ad.")))
        script.answers["unit-next"] = fill("cr-2", micros: 900, after: .milliseconds(100))
        try mediator.load("p")
        await world.run(for: .seconds(1))
        let report = try #require(mediator.lastReport(for: "p"))
        #expect(report.state(of: "top") == .noFill)
        #expect(report.item("top")?.error?.providerID == "google")
        #expect(report.winner == "next")
        #expect(report.item("next")?.latency == .milliseconds(100))
    }

    @Test("G10: an answered ad without an expiry of its own expires after its provider's time-to-live")
    func g10_answeredAdTakesTheProvidersTimeToLive() async throws {
        let mediator = try mediator([H.waterfall("top", price: 5_000, provider: "google")])
        script.answers["unit-top"] = fill("cr-1", micros: 2_400, after: .milliseconds(100))
        try mediator.load("p")
        await world.run(for: .milliseconds(100))
        #expect(mediator.isReady("p"))
        await world.run(for: .seconds(3_599))
        #expect(mediator.isReady("p"))
        await world.run(for: .seconds(1))
        #expect(!mediator.isReady("p"))
    }

    @Test("A load the answering side declines goes through a unified ad, taken as any other")
    func declinedLoadUsesAUnifiedAd() async throws {
        let mediator = try mediator([H.waterfall("top", price: 5_000, provider: "yandex")])
        world.transport.respond(to: "unit-top", with: .delayed(.milliseconds(300), .body(Array("cr-y".utf8))))
        try mediator.load("p")
        await world.run(for: .milliseconds(300))
        #expect(script.asked.count == 1)
        let choice = try mediator.take(for: "p")
        #expect(choice.ad?.providerID == "yandex")
        #expect(choice.ad?.phase == .loaded)
        mediator.release(choice)
        #expect(choice.ad?.phase == .destroyed)
    }

    @Test("A load the host refuses is never answered: the refusal ends the line item, as it ends a unified ad's")
    func refusedRequestIsNotAnswered() async throws {
        // A provider the host does not know (the configuration taken as validated): the host refuses the request.
        let mediator = Mediator(
            validated: MediationConfiguration(placements: [
                H.placement(.waterfall, [H.waterfall("n", price: 1_000, provider: "unknown")])
            ]), host: world.host, random: SeededRandom(seed: 3))
        mediator.answering = script
        script.answers["unit-n"] = fill("cr-1", micros: 2_400, after: .milliseconds(100))
        try mediator.load("p")
        await world.run(for: .seconds(1))
        #expect(script.asked.isEmpty)
        #expect(mediator.lastReport(for: "p")?.state(of: "n") == .error)
    }

    @Test("A slower answered load that mediation discards ends with its timers: nothing of it fires afterwards")
    func discardedAnsweredLoadLeavesNoTimer() async throws {
        let mediator = Mediator(
            validated: MediationConfiguration(placements: [
                H.placement(
                    .waterfall,
                    [
                        H.waterfall("top", price: 5_000, provider: "google"),
                        H.waterfall("slow", price: 1_000, provider: "google"),
                    ]
                ) { $0.parallelTierSize = 2 }
            ]), host: world.host, random: SeededRandom(seed: 3))
        mediator.answering = script
        script.answers["unit-top"] = fill("cr-1", micros: 4_000, after: .milliseconds(100))
        script.answers["unit-slow"] = fill("cr-2", micros: 900, after: .seconds(2))
        try mediator.load("p")
        await world.run(for: .milliseconds(100))
        let report = try #require(mediator.lastReport(for: "p"))
        #expect(report.winner == "top")
        // Only the ready ad's expiry is left (G10, one hour): the slow load's answer (2 s) and timeout (5 s) are gone.
        #expect(world.driver.pendingCount == 1)
        #expect(world.driver.nextDeadline == AdInstant(sinceEpoch: .milliseconds(3_600_100)))
        await world.run(for: .seconds(10))
        #expect(mediator.lastReport(for: "p") == report)
        #expect(!world.host.ledger.isExcluded("cr-2", for: "other"))
    }

    @Test("C7: an answered load arms its timeout only when the answer comes at it or later, one timer more")
    func c7_timeoutArmedOnlyWhenItCanFire() async throws {
        var pending: [Duration: Int] = [:]
        for after in [Duration.milliseconds(4_999), .seconds(5)] {
            let world = try TestHost(providers: [PricedProvider(id: "google")])
            let mediator = try Mediator(
                configuration: MediationConfiguration(placements: [
                    H.placement(.waterfall, [H.waterfall("top", price: 5_000, provider: "google")])
                ]), host: world.host, random: SeededRandom(seed: 3))
            mediator.answering = script
            script.answers["unit-top"] = fill("cr-1", micros: 2_400, after: after)
            try mediator.load("p")
            pending[after] = world.driver.pendingCount
            await world.run(for: .seconds(6))
            #expect(mediator.lastReport(for: "p")?.state(of: "top") == (after < .seconds(5) ? .filled : .timeout))
        }
        // The same timers but one: the timeout a result taken before it would cancel unfired is never set.
        #expect(pending[.seconds(5)] == (pending[.milliseconds(4_999)] ?? 0) + 1, "\(pending)")
    }

    @Test("An answered load's timers do not keep its mediator alive; firing after it is gone, they do nothing")
    func answeredLoadTimersOutliveNoMediator() async throws {
        weak var gone: Mediator?
        do {
            let mediator = try mediator([H.waterfall("top", price: 5_000, provider: "google")])
            script.answers["unit-top"] = fill("cr-1", micros: 2_400, after: .seconds(6))
            try mediator.load("p")
            gone = mediator
        }
        #expect(gone == nil)
        #expect(world.driver.pendingCount > 0)  // its answer and timeout still armed
        await world.run(for: .seconds(10))
        #expect(world.driver.pendingCount == 0)
        #expect(!world.host.ledger.isExcluded("cr-1", for: "other"))
    }

    @Test("H14: a request that goes out without personalisation is not answered: it loads through a unified ad")
    func h14_nonPersonalisedRequestIsDeclined() async throws {
        // GDPR applies and no TC string names the provider's vendor: the request goes out without personalisation.
        world.host.privacy = PrivacySignals(gdprApplies: true)
        let mediator = try mediator([H.waterfall("top", price: 5_000, provider: "yandex")])
        script.answers["unit-top"] = fill("cr-1", micros: 2_400, after: .milliseconds(100))
        world.transport.respond(to: "unit-top", with: .delayed(.milliseconds(300), .body(Array("cr-y".utf8))))
        try mediator.load("p")
        await world.run(for: .milliseconds(300))
        #expect(script.asked.isEmpty)
        let choice = try mediator.take(for: "p")
        #expect(choice.ad?.consent.allowsPersonalisation == false)
        mediator.release(choice)
    }
}
