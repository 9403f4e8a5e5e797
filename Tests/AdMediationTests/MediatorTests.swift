import AdCore
import AdEmbedded
import AdMediation
import AdTestSupport
import Testing

/// End-to-end: the `Mediator` driver against a real `AdHost`, providers answering through the in-memory transport,
/// all in virtual time.
@MainActor
@Suite("Mediator: the driver against an AdHost in virtual time")
struct MediatorTests {
    typealias H = MachineHarness

    let world: TestHost
    var events: [MediationEvent] = []

    init() throws {
        // "google" declares Google's full-screen expiry (one hour, G10) in its descriptor, as GoogleProvider does.
        world = try TestHost(providers: [
            PricedProvider(id: "google", defaultTimeToLive: [.interstitial: .seconds(3_600)]),
            PricedProvider(id: "yandex"),
        ])
    }

    private func mediator(_ placements: [PlacementConfiguration], appCaps: [FrequencyCap] = []) throws -> (
        Mediator, EventLog
    ) {
        let mediator = try Mediator(
            configuration: MediationConfiguration(appCaps: appCaps, placements: placements), host: world.host,
            random: SeededRandom(seed: 3))
        let log = EventLog()
        mediator.onEvent { log.events.append($0) }
        return (mediator, log)
    }

    private func run(for duration: Duration) async { await world.run(for: duration) }

    private func reply(_ unit: String, _ reply: InMemoryTransport.Reply) {
        world.transport.respond(to: unit, with: reply)
    }

    private func body(_ text: String) -> InMemoryTransport.Reply { .body(Array(text.utf8)) }

    @Test("C7: a provider that never answers times out after its item's timeout and the next item fills")
    func c7_silentProviderTimesOut() async throws {
        let (mediator, log) = try mediator([
            H.placement(
                .waterfall,
                [
                    H.waterfall("silent", price: 5_000, provider: "google", timeout: .seconds(3)),
                    H.waterfall("next", price: 1_000, provider: "yandex"),
                ])
        ])
        reply("unit-silent", .never)
        reply("unit-next", .delayed(.milliseconds(200), body("cr-2")))
        try mediator.load("p")
        await run(for: .milliseconds(2_900))
        #expect(!mediator.isReady("p"))
        await run(for: .milliseconds(400))
        #expect(mediator.isReady("p"))
        let report = try #require(mediator.lastReport(for: "p"))
        #expect(report.state(of: "silent") == .timeout)
        #expect(report.item("silent")?.latency == .seconds(3))
        #expect(report.winner == "next")
        #expect(report.item("next")?.latency == .milliseconds(200))
        #expect(world.driver.now == AdInstant(sinceEpoch: .milliseconds(3_300)))
        #expect(log.events.first == .requestStarted(placementID: "p", request: 1, at: .zero))
    }

    @Test("Bidding through the host: the best bid wins, a late bid is ignored, and the impression sends revenue")
    func biddingAndRevenueEvent() async throws {
        let (mediator, log) = try mediator([
            H.placement(.bidding, [H.bidder("g", provider: "google"), H.bidder("y", provider: "yandex")]) {
                $0.auction = AuctionPolicy(deadline: .seconds(1), pricing: .secondPrice)
                $0.floorMicros = 500
            }
        ])
        reply("unit-g", .delayed(.milliseconds(300), body("cr-g@2400")))
        reply("unit-y", .delayed(.milliseconds(1_500), body("cr-y@9000")))
        try mediator.load("p")
        await run(for: .seconds(2))
        let mediated = try mediator.takeAd(for: "p")
        #expect(mediated.lineItemID == "g")
        #expect(mediated.price == Revenue(micros: 500, currency: "USD", precision: .exact))
        #expect(mediated.report.state(of: "y") == .timeout)
        let context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
        try mediated.ad.present(from: context)
        await run(for: .seconds(1))
        let revenue = log.events.compactMap { event -> RevenueEvent? in
            if case .revenue(let paid) = event { return paid }
            return nil
        }
        #expect(
            revenue == [
                RevenueEvent(
                    providerID: "google", placementID: "p", lineItemID: "g", adUnitID: "unit-g",
                    revenue: Revenue(micros: 500, currency: "USD", precision: .exact), at: .seconds(2))
            ])
    }

    @Test("Y18: a creative held by one placement is excluded from the other, until the first releases it")
    func y18_noRepeatsAcrossPlacements() async throws {
        let items = [
            H.waterfall("g", price: 5_000, provider: "google"), H.waterfall("y", price: 1_000, provider: "yandex"),
        ]
        let (mediator, _) = try mediator([
            H.placement(.waterfall, items, id: "top"), H.placement(.waterfall, items, id: "bottom"),
        ])
        reply("unit-g", body("cr-same"))
        reply("unit-y", body("cr-other"))
        try mediator.load("top")
        await run(for: .seconds(1))
        #expect(world.host.ledger.placements(holding: "cr-same") == ["top"])
        try mediator.load("bottom")
        await run(for: .seconds(1))
        let bottom = try #require(mediator.lastReport(for: "bottom"))
        #expect(bottom.state(of: "g") == .excludedCreative)
        #expect(bottom.winner == "y")
        let shown = try mediator.takeAd(for: "top")
        mediator.release(shown)
        #expect(world.host.ledger.placements(holding: "cr-same").isEmpty)
        #expect(world.host.ledger.excludedCreatives(for: "top") == ["cr-other"])
    }

    @Test("Y18: a fill waiting in an auction already excludes its creative from a placement that loads meanwhile")
    func y18_waitingFillExcludesItsCreative() async throws {
        let (mediator, _) = try mediator([
            H.placement(
                .bidding, [H.bidder("fast", provider: "google"), H.bidder("slow", provider: "yandex")], id: "top"
            ) {
                $0.auction = AuctionPolicy(deadline: .seconds(1), pricing: .firstPrice)
            },
            H.placement(
                .waterfall,
                [
                    H.waterfall("same", price: 1_000, provider: "google"),
                    H.waterfall("other", price: 500, provider: "yandex"),
                ],
                id: "bottom"),
        ])
        reply("unit-fast", .delayed(.milliseconds(100), body("cr-x@3000")))
        reply("unit-slow", .never)
        reply("unit-same", .delayed(.milliseconds(200), body("cr-x")))
        reply("unit-other", .delayed(.milliseconds(100), body("cr-y")))
        try mediator.load("top")
        try mediator.load("bottom")
        await run(for: .milliseconds(500))  // top's auction still waits for its slow bidder
        #expect(world.host.ledger.placements(holding: "cr-x") == ["top"])
        await run(for: .seconds(2))
        #expect(mediator.isReady("top"))
        #expect(mediator.lastReport(for: "bottom")?.state(of: "same") == .excludedCreative)
        #expect(mediator.lastReport(for: "bottom")?.winner == "other")
        #expect(world.host.ledger.placements(holding: "cr-x") == ["top"])
        // A fill that is then discarded (outbid, timed out, excluded) gives its hold back.
        let top = try mediator.takeAd(for: "top")
        mediator.release(top)
        #expect(world.host.ledger.placements(holding: "cr-x").isEmpty)
    }

    @Test("Y18: releasing a mediated ad twice, or after it was dismissed, never frees another ad's hold")
    func y18_releaseTwiceKeepsOtherHolds() async throws {
        let (mediator, _) = try mediator([
            H.placement(.waterfall, [H.waterfall("g", price: 1_000, provider: "google")], id: "a") {
                $0.preload = true
            }
        ])
        reply("unit-g", body("cr-x"))
        try mediator.load("a")
        await run(for: .seconds(1))
        let first = try mediator.takeAd(for: "a")
        try mediator.load("a")
        await run(for: .seconds(1))
        #expect(mediator.isReady("a"))  // a second ad with the same creative, ready in the same placement
        mediator.release(first)
        #expect(world.host.ledger.placements(holding: "cr-x") == ["a"])
        mediator.release(first)
        #expect(world.host.ledger.placements(holding: "cr-x") == ["a"])
        #expect(world.host.ledger.excludedCreatives(for: "b") == ["cr-x"])
    }

    @Test("I23: calling load again while a retry is scheduled waits for it: no extra requests, the backoff holds")
    func i23_repeatedLoadsDoNotBypassBackoff() async throws {
        let (mediator, _) = try mediator([
            H.placement(.waterfall, [H.waterfall("g", price: 1_000, provider: "google")]) {
                $0.retry = RetryPolicy(maxAttempts: 8, baseDelay: .seconds(1), maximumDelay: .seconds(64))
            }
        ])
        reply("unit-g", .failure(AdError(.noFill, "no fill")))
        try mediator.load("p")
        for _ in 0..<60 {
            await run(for: .milliseconds(500))
            try mediator.load("p")  // an impatient app
        }
        // The first request at 0 s and its retries after 1, 2, 4 and 8 s more (at 1, 3, 7 and 15 s); the next
        // would be at 31 s. The sixty calls to load in between add nothing.
        #expect(world.transport.requests.count == 5)
    }

    @Test("Waterfall through the host: a provider that answers with an error is passed over for the next item")
    func providerErrorMovesOn() async throws {
        let (mediator, _) = try mediator([
            H.placement(
                .waterfall,
                [
                    H.waterfall("broken", price: 5_000, provider: "google"),
                    H.waterfall("next", price: 1_000, provider: "yandex"),
                ])
        ])
        reply("unit-broken", .delayed(.milliseconds(100), .failure(AdError(.network, "connection reset"))))
        reply("unit-next", .delayed(.milliseconds(200), body("cr-next")))
        try mediator.load("p")
        await run(for: .seconds(1))
        #expect(mediator.isReady("p"))
        let report = try #require(mediator.lastReport(for: "p"))
        #expect(report.winner == "next")
        #expect(report.state(of: "broken") == .error)
        #expect(report.item("broken")?.error?.code == .network)
        #expect(report.item("next")?.latency == .milliseconds(200))
        #expect(world.transport.requests.count == 2)
    }

    @Test("Frequency caps: a per-session app cap (no window) blocks every placement until startNewSession()")
    func appSessionCapResetsWithNewSession() async throws {
        let items = [H.waterfall("g", price: 1_000, provider: "google")]
        let (mediator, log) = try mediator(
            [H.placement(.waterfall, items, id: "one"), H.placement(.waterfall, items, id: "two")],
            appCaps: [FrequencyCap(maxImpressions: 1, window: nil)])
        reply("unit-g", body("cr-g"))
        let context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
        try mediator.load("one")
        await run(for: .seconds(1))
        let first = try mediator.takeAd(for: "one")
        try first.ad.present(from: context)
        await run(for: .seconds(1))
        #expect(log.events.contains { if case .revenue = $0 { true } else { false } })
        mediator.release(first)
        // A day later, in the same session: still capped, for the other placement too.
        await run(for: .seconds(86_400))
        try mediator.load("two")
        await run(for: .seconds(1))
        let capped = try #require(mediator.lastReport(for: "two"))
        #expect(capped.error?.code == .capped)
        #expect(capped.error?.message.contains("until a new session") == true)
        #expect(capped.items.allSatisfy { $0.state == .capped })
        #expect(!mediator.isReady("two"))
        mediator.startNewSession()
        try mediator.load("two")
        await run(for: .seconds(1))
        #expect(mediator.isReady("two"), "\(String(describing: mediator.lastReport(for: "two")))")
        let second = try mediator.takeAd(for: "two")
        try second.ad.present(from: context)
        await run(for: .seconds(1))
        mediator.release(second)
        // The new session's one impression is used: capped again.
        try mediator.load("one")
        await run(for: .seconds(1))
        #expect(mediator.lastReport(for: "one")?.error?.code == .capped)
    }

    @Test("Learned prices through the host: learnedPrices(for:) shows fill rates move, and the order follows them")
    func learnedPricesThroughTheMediator() async throws {
        let (mediator, _) = try mediator([
            H.placement(
                .waterfall,
                [
                    H.waterfall("rich", price: 3_000, provider: "google", learned: true),
                    H.waterfall("cheap", price: 2_000, provider: "yandex"),
                ])
        ])
        reply("unit-rich", .failure(AdError(.noFill, "not today")))
        reply("unit-cheap", body("cr-cheap"))
        var fillRates: [Double] = []
        var asked: [[String]] = []
        for round in 0..<4 {
            if round == 3 {
                reply("unit-rich", body("cr-rich@3000"))
                reply("unit-cheap", .failure(AdError(.noFill, "sold out")))
            }
            let before = world.transport.requests.count
            try mediator.load("p")
            await run(for: .seconds(1))
            asked.append(world.transport.requests.dropFirst(before).map { String($0.adUnitID.dropFirst(5)) })
            fillRates.append(try #require(mediator.learnedPrices(for: "p")["rich"]).fillRate)
            mediator.release(try mediator.takeAd(for: "p"))
        }
        // Smoothing 0.3: 1 → 0.7 → 0.49 after two misses (rank 1 470, below the fixed 2 000), then rises on a fill.
        #expect(asked == [["rich", "cheap"], ["rich", "cheap"], ["cheap"], ["cheap", "rich"]])
        #expect(zip(fillRates, [0.7, 0.49, 0.49, 0.643]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(mediator.learnedPrices(for: "p")["rich"]?.estimateMicros == 3_000)
        #expect(mediator.learnedPrices(for: "p").keys.sorted() == ["rich"])
    }

    @Test("Y12: after a failed request the next attempt starts only when its backoff timer fires, never at once")
    func y12_noReloadFromFailureCallback() async throws {
        let (mediator, log) = try mediator([
            H.placement(.waterfall, [H.waterfall("a", price: 1_000, provider: "google")]) {
                $0.retry = RetryPolicy(maxAttempts: 4)
            }
        ])
        reply("unit-a", .failure(AdError(.noFill, "nothing today")))
        try mediator.load("p")
        await run(for: .zero)
        #expect(world.transport.requests.count == 1)
        var requestTimes: [Double] = []
        for _ in 0..<130 {
            let before = world.transport.requests.count
            await run(for: .seconds(1))
            if world.transport.requests.count > before {
                requestTimes.append(Double(world.driver.now.sinceEpoch.components.seconds))
            }
        }
        #expect(requestTimes == [1, 3, 7, 15])
        let failures = log.events.filter {
            if case .requestFinished(let report) = $0 { return report.winner == nil }
            return false
        }
        #expect(failures.count == 5)
    }

    @Test("G10: a ready Google interstitial expires after one hour; it is destroyed and never handed out")
    func g10_readyAdExpires() async throws {
        let (mediator, log) = try mediator([
            H.placement(.waterfall, [H.waterfall("g", price: 1_000, provider: "google")])
        ])
        reply("unit-g", body("cr-g"))
        try mediator.load("p")
        await run(for: .seconds(3_599))
        #expect(mediator.isReady("p"))
        await run(for: .seconds(1))
        #expect(!mediator.isReady("p"))
        #expect(log.events.contains(.expired(placementID: "p", lineItemID: "g", at: .seconds(3_600))))
        #expect(thrownError { _ = try mediator.takeAd(for: "p") }?.code == .notReady)
        #expect(world.host.ledger.placements(holding: "cr-g").isEmpty)
    }

    @Test("Preload: taking the ready ad starts the next request on the scheduler's next turn, not inside take")
    func preloadAfterTake() async throws {
        let (mediator, log) = try mediator([
            H.placement(.waterfall, [H.waterfall("g", price: 1_000, provider: "google")]) { $0.preload = true }
        ])
        reply("unit-g", body("cr-g"))
        try mediator.load("p")
        await run(for: .seconds(1))
        let first = try mediator.takeAd(for: "p")
        #expect(world.transport.requests.count == 1)
        #expect(!mediator.isReady("p"))
        await run(for: .seconds(1))
        #expect(world.transport.requests.count == 2)
        #expect(mediator.isReady("p"))
        #expect(log.events.filter { if case .requestStarted = $0 { true } else { false } }.count == 2)
        mediator.release(first)
    }

    @Test("Unknown placements and invalid configurations are typed errors")
    func badInput() throws {
        let (mediator, _) = try mediator([H.placement(.waterfall, [H.waterfall("g", price: 1_000, provider: "google")])]
        )
        #expect(thrownError { try mediator.load("nowhere") }?.code == .invalidRequest)
        #expect(thrownError { _ = try mediator.takeAd(for: "p") }?.code == .notReady)
        do {
            _ = try Mediator(
                configuration: MediationConfiguration(placements: [
                    H.placement(.waterfall, [H.waterfall("x", price: 1, provider: "nosuch")])
                ]), host: world.host)
            Issue.record("accepted")
        } catch {
            #expect(error.kinds == [.unknownProvider])
        }
    }

    @Test("App-wide caps count impressions of every placement")
    func appCapsAcrossPlacements() async throws {
        let items = [H.waterfall("g", price: 1_000, provider: "google")]
        let (mediator, _) = try mediator(
            [H.placement(.waterfall, items, id: "one"), H.placement(.waterfall, items, id: "two")],
            appCaps: [FrequencyCap(maxImpressions: 1, window: .seconds(600))])
        reply("unit-g", body("cr-g"))
        try mediator.load("one")
        await run(for: .seconds(1))
        let first = try mediator.takeAd(for: "one")
        let context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
        try first.ad.present(from: context)
        await run(for: .seconds(1))
        try mediator.load("two")
        await run(for: .seconds(1))
        #expect(mediator.lastReport(for: "two")?.error?.code == .capped)
        mediator.release(first)
        await run(for: .seconds(600))
        try mediator.load("two")
        await run(for: .seconds(1))
        #expect(mediator.isReady("two"), "\(String(describing: mediator.lastReport(for: "two")))")
    }
}

@MainActor
final class EventLog {
    var events: [MediationEvent] = []
}

@MainActor
@Suite("Reporting: what a demo prints")
struct ReportingTests {
    @Test("A timeline prints every request as a table with states, bids, prices, latencies and errors")
    func timelinePrintsWell() async throws {
        let world = try TestHost(providers: [PricedProvider(id: "google"), PricedProvider(id: "yandex")])
        let placement = MachineHarness.placement(
            .hybrid,
            [
                MachineHarness.bidder("google-bid", provider: "google"),
                MachineHarness.waterfall("yandex-high", price: 5_000, provider: "yandex"),
                MachineHarness.waterfall("yandex-low", price: 1_000, provider: "yandex"),
            ], id: "level-end")
        let mediator = try Mediator(
            configuration: MediationConfiguration(placements: [placement]), host: world.host)
        let timeline = MediationTimeline(recording: mediator)
        world.transport.respond(
            to: "unit-google-bid", with: .delayed(.milliseconds(300), .body(Array("cr-1@2400".utf8))))
        world.transport.respond(to: "unit-yandex-high", with: .failure(AdError(.noFill, "none")))
        try mediator.load("level-end")
        await world.run(for: .seconds(1))
        #expect(
            timeline.text == """
                t=0.000s level-end #1 started
                level-end #1 (hybrid) t=0.000s → t=0.300s: filled by google-bid at $2.400 eCPM (exact)
                  google-bid   google  bidder     filled            bid  $2.400 eCPM (exact)     300 ms
                  yandex-high  yandex  waterfall  noFill                 -                       0 ms       noFill
                  yandex-low   yandex  waterfall  notAttempted           -
                """)
        #expect(timeline.reports.count == 1)
    }
}
