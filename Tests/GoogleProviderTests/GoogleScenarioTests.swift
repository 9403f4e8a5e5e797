import AdCore
import AdTestSupport
import GoogleProvider
import Testing

/// The scenario: a rewarded ad in a host with two scenes, backgrounded mid-play, resumed, completed.
@MainActor
@Suite("Google scenario")
struct GoogleScenarioTests {
    @Test("G4, G8, G11: two scenes, background mid-play, resume, complete: one impression, one reward first")
    func g11_twoScenesBackgroundedResumedCompleted() async throws {
        let world = try GoogleTestWorld()
        // Scene "main" holds the context and a native ad beneath; scene "second" holds another native ad.
        let second = world.tree.addWindow(scene: "second", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let secondRoot = try world.tree.rootNode(of: second)
        let (beneath, beneathCard) = try await world.boundNative(y: 300)
        let (other, otherCard) = try await world.boundNative(in: secondRoot, y: 100)

        let ad = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        let log = world.contentLog(ad.onContentEvent)
        let rewards = RewardLog()
        try ad.present(from: world.context, userDidEarnReward: rewards.handler)

        // The full-screen ad covers its window: the native beneath loses visibility and never counts.
        #expect(world.host.engine.visibleRatio(of: beneathCard) == 0)
        #expect(world.host.engine.visibleRatio(of: otherCard) == 1)

        world.driver.advance(by: .seconds(6))
        world.tree.setSceneForeground("main", false)  // the user switches away mid-play
        world.driver.advance(by: .seconds(45))
        #expect(ad.googleAd?.position == .seconds(6))
        #expect(rewards.rewards.isEmpty)
        world.tree.setSceneForeground("main", true)
        world.driver.advance(by: .seconds(20))
        #expect(rewards.rewards == [AdReward(type: "coins", amount: 10)])
        try ad.userDidClose()

        #expect(log.events == ["willPresent", "impression", "rewardEarned(10 coins)", "willDismiss", "didDismiss"])
        #expect(world.urls("impression") == ["https://t.google.test/imp?ad=rewarded-1"])
        #expect(
            world.trackingEvents == [
                "start", "firstQuartile", "pause", "resume", "midpoint", "thirdQuartile", "complete",
            ])
        #expect(world.beaconKinds.first == "impression")
        #expect(world.urls("tracking:pause") == ["https://t.google.test/ev?ad=rw&e=pause&ph=00%3A00%3A06.000"])
        // The native beneath never counted while covered; the other scene's native counted, untouched.
        #expect(!world.world.events(of: beneath).contains { $0.hasPrefix("impression") })
        #expect(world.world.events(of: other).contains { $0.hasPrefix("impression") })
        #expect(world.world.events(of: other).allSatisfy { !$0.contains("Dismiss") })
        #expect(try world.tree.children(of: secondRoot) == [otherCard])
        // After dismissal the overlay is gone and the native beneath is visible again.
        #expect(world.host.engine.visibleRatio(of: beneathCard) == 1)
    }
}
