import AdCore
import AdTestSupport
import Testing

@MainActor
@Suite("Impression tracking (C3)")
struct ImpressionTrackingTests {
    private func boundAd(
        _ world: TestHost, cardY: Double = 100, cardHeight: Double = 200
    ) async throws -> (UnifiedAd, HostNodeID) {
        let card = try world.addCard(y: cardY, height: cardHeight)
        let ad = try await world.loadedAd()
        try ad.bind(AdBinding(container: card.container, clickViews: [card.cta]))
        return (ad, card.container)
    }

    private func impressions(_ world: TestHost, _ ad: UnifiedAd) -> Int {
        world.events(of: ad).filter { $0.hasPrefix("impression") }.count
    }

    @Test("C3: impression fires once after 1 s at 50 %")
    func c3_impressionOnceAfterContinuousVisibility() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        // The card is 200 high at y = 700 in an 800-high window: 100 of 200 visible, exactly 50 %.
        let (ad, _) = try await boundAd(world, cardY: 700)
        world.driver.advance(by: .milliseconds(999))
        #expect(impressions(world, ad) == 0)
        world.driver.advance(by: .milliseconds(1))
        #expect(impressions(world, ad) == 1)
        #expect(ad.impressionAt == AdInstant(sinceEpoch: .seconds(1)))
        world.driver.advance(by: .seconds(30))
        world.host.tick()
        #expect(impressions(world, ad) == 1)
    }

    @Test("C3: 49 % visible never counts")
    func c3_belowThresholdNeverCounts() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (ad, _) = try await boundAd(world, cardY: 702)  // 98 of 200 visible
        world.driver.advance(by: .seconds(10))
        #expect(impressions(world, ad) == 0)
    }

    @Test("C3: the continuous timer restarts when visibility drops")
    func c3_timerRestartsWhenVisibilityDrops() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (ad, _) = try await boundAd(world)
        world.driver.advance(by: .milliseconds(600))
        try world.tree.setBoundsOrigin(world.feed, Point(x: 0, y: 500))  // scrolled away: card at -400
        world.driver.advance(by: .milliseconds(600))
        #expect(impressions(world, ad) == 0)
        try world.tree.setBoundsOrigin(world.feed, Point(x: 0, y: 0))
        world.driver.advance(by: .milliseconds(999))
        #expect(impressions(world, ad) == 0)
        world.driver.advance(by: .milliseconds(1))
        #expect(impressions(world, ad) == 1)
        #expect(ad.impressionAt == AdInstant(sinceEpoch: .milliseconds(2200)))
    }

    @Test("C3: never on load or render alone: a bound ad off screen counts nothing")
    func c3_neverOnLoadOrRenderAlone() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let loadedOnly = try await world.loadedAd(adUnit: "loaded-only")
        let (offscreen, _) = try await boundAd(world, cardY: 900)
        world.driver.advance(by: .seconds(60))
        #expect(impressions(world, loadedOnly) == 0)
        #expect(impressions(world, offscreen) == 0)
        #expect(world.events(of: offscreen).contains("rendered"))
    }

    @Test("C3: moving the ad to another container restarts the timer")
    func c3_movingToAnotherContainerRestartsTimer() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (ad, container) = try await boundAd(world)
        let other = try world.tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        try world.tree.addChild(other, to: world.feed)
        world.driver.advance(by: .milliseconds(700))
        try world.tree.move(container, to: other)
        world.driver.advance(by: .milliseconds(700))
        #expect(impressions(world, ad) == 0)
        world.driver.advance(by: .milliseconds(300))
        #expect(impressions(world, ad) == 1)
    }

    @Test("C3: the provider's rule is a parameter (IFLY: 2/3 for 500 ms)")
    func c3_providerRuleIsAParameter() async throws {
        let rule = ImpressionRule(minimumVisibleRatio: 2.0 / 3.0, minimumDuration: .milliseconds(500))
        let world = try TestHost(providers: [ScriptedProvider(rule: rule)])
        // 150 high at y = 700: 100 of 150 visible = 2/3 exactly.
        let (ad, _) = try await boundAd(world, cardY: 700, cardHeight: 150)
        world.driver.advance(by: .milliseconds(500))
        #expect(impressions(world, ad) == 1)
    }

    @Test("C3: a node removed while its ad is tracked counts nothing, and counts again once back")
    func c3_removedNodeStopsCounting() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (ad, container) = try await boundAd(world)
        world.driver.advance(by: .milliseconds(500))
        try world.tree.removeFromParent(container)
        world.driver.advance(by: .seconds(5))
        #expect(impressions(world, ad) == 0)
        try world.tree.addChild(container, to: world.feed)
        world.driver.advance(by: .seconds(1))
        #expect(impressions(world, ad) == 1)
    }

    @Test("C3: detach before the impression drops the timer; re-binding starts again")
    func c3_detachDropsTimer() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (ad, container) = try await boundAd(world)
        world.driver.advance(by: .milliseconds(800))
        try ad.detach()
        world.driver.advance(by: .seconds(3))
        #expect(impressions(world, ad) == 0)
        try ad.bind(AdBinding(container: container))
        world.driver.advance(by: .seconds(1))
        #expect(impressions(world, ad) == 1)
    }

    @Test("C3: a destroyed ad's pending impression never fires")
    func c3_destroyedAdNeverCounts() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (ad, _) = try await boundAd(world)
        world.driver.advance(by: .milliseconds(900))
        ad.destroy()
        world.driver.advance(by: .seconds(2))
        #expect(impressions(world, ad) == 0)
        #expect(world.host.trackers.count == 0)
    }

    @Test("C3: a background app counts nothing (Y22)")
    func c3_backgroundCountsNothing() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (ad, _) = try await boundAd(world)
        world.tree.setSceneForeground("main", false)
        world.driver.advance(by: .seconds(3))
        #expect(impressions(world, ad) == 0)
        world.tree.setSceneForeground("main", true)
        world.driver.advance(by: .seconds(1))
        #expect(impressions(world, ad) == 1)
    }

    @Test("C3: a self-reporting provider's impressions count once per ad and once per component")
    func c3_selfReportedImpressionsCountOnce() async throws {
        let recorder = ScriptedAdRecorder()
        let world = try TestHost(providers: [
            ScriptedProvider(
                selfReportsImpressions: true, components: [AdComponent(id: "card-1")], recorder: recorder)
        ])
        let card = try world.addCard(y: 0)
        let inner = try world.tree.makeNode(frame: Rect(x: 0, y: 60, width: 100, height: 100))
        try world.tree.addChild(inner, to: card.container)
        let ad = try await world.loadedAd()
        let data = ImpressionData(providerID: "scripted", adUnitID: "unit-1")
        let sink = AdEventSink(mailbox: world.driver.mailbox) { _ in }
        sink.sendNow(.impression(data))  // an unrelated sink reaches nothing
        try ad.bind(AdBinding(container: card.container))
        try ad.bind(AdBinding(container: inner), part: .component("card-1"))
        let events = try #require(recorder.lastAd?.events)
        var card1 = data
        card1.component = "card-1"
        events.sendNow(.impression(card1))
        events.sendNow(.impression(card1))
        events.sendNow(.impression(data))
        events.sendNow(.impression(data))
        world.driver.advance(by: .seconds(5))
        #expect(
            world.events(of: ad).filter { $0.hasPrefix("impression") } == ["impression(card-1)", "impression(unit-1)"])
    }

    @Test("C3: the state machine never fires before arming and never twice")
    func c3_stateMachineUnit() {
        var machine = ImpressionStateMachine(rule: .mrcDisplay)
        #expect(machine.observe(ratio: 1, placement: 1, at: .zero) == .none)
        machine.arm()
        #expect(
            machine.observe(ratio: 1, placement: 1, at: .zero) == .scheduleCheck(AdInstant(sinceEpoch: .seconds(1))))
        #expect(machine.deadlineReached(at: AdInstant(sinceEpoch: .milliseconds(999))) == .none)
        #expect(machine.deadlineReached(at: AdInstant(sinceEpoch: .seconds(1))) == .fire)
        #expect(machine.deadlineReached(at: AdInstant(sinceEpoch: .seconds(2))) == .none)
        #expect(machine.observe(ratio: 1, placement: 1, at: AdInstant(sinceEpoch: .seconds(3))) == .none)
        #expect(machine.hasFired)
    }
}
