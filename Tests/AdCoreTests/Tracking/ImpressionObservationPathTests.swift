import AdCore
import AdTestSupport
import Testing

/// C3 on the observation path: an impression counts after the full continuous duration whether the moment is
/// reached by the scheduled check or by a visibility observation (a tick, a tree change); an observation before it
/// never fires.
@MainActor
@Suite("C3: observations never fire before the continuous duration")
struct ImpressionObservationPathTests {
    @Test("C3: the state machine fires on an observation only once the whole second has passed")
    func c3_observationBeforeTheDurationNeverFires() {
        var machine = ImpressionStateMachine(rule: .mrcDisplay)
        machine.arm()
        #expect(
            machine.observe(ratio: 1, placement: 1, at: .zero) == .scheduleCheck(AdInstant(sinceEpoch: .seconds(1))))
        for milliseconds in [0, 1, 500, 999] {
            let now = AdInstant(sinceEpoch: .milliseconds(milliseconds))
            #expect(machine.observe(ratio: 1, placement: 1, at: now) == .none, "\(milliseconds) ms")
        }
        #expect(!machine.hasFired)
        #expect(machine.observe(ratio: 1, placement: 1, at: AdInstant(sinceEpoch: .seconds(1))) == .fire)
        #expect(machine.hasFired)
    }

    @Test("C3: IFLY's 500 ms rule on observations: 499 ms does not fire, 500 ms does")
    func c3_observationPathFollowsTheProvidersDuration() {
        let ifly = ImpressionRule(minimumVisibleRatio: 2.0 / 3.0, minimumDuration: .milliseconds(500))
        var machine = ImpressionStateMachine(rule: ifly)
        machine.arm()
        _ = machine.observe(ratio: 0.7, placement: 1, at: .zero)
        #expect(machine.observe(ratio: 0.7, placement: 1, at: AdInstant(sinceEpoch: .milliseconds(499))) == .none)
        #expect(machine.observe(ratio: 0.7, placement: 1, at: AdInstant(sinceEpoch: .milliseconds(500))) == .fire)
    }

    @Test("C3: ticks and tree changes during the second count nothing; the impression comes at 1 s")
    func c3_ticksDuringTheSecondCountNothing() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let card = try world.addCard(y: 100, height: 200)
        let ad = try await world.loadedAd()
        try ad.bind(AdBinding(container: card.container, clickViews: [card.cta]))
        let marker = try world.tree.makeNode(frame: Rect(x: 0, y: 0, width: 1, height: 1))
        try world.tree.addChild(marker, to: world.feed)
        for step in 1...9 {
            world.driver.advance(by: .milliseconds(100))
            world.host.tick()
            try world.tree.setFrame(marker, Rect(x: 0, y: 0, width: Double(step), height: 1))  // a tree change
            world.host.tick()
        }
        world.driver.advance(by: .milliseconds(99))
        world.host.tick()
        #expect(ad.impressionAt == nil)
        #expect(!world.events(of: ad).contains { $0.hasPrefix("impression") })
        world.driver.advance(by: .milliseconds(1))
        #expect(ad.impressionAt == AdInstant(sinceEpoch: .seconds(1)))
    }
}
