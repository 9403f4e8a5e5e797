import AdCore
import AdTestSupport
import GoogleProvider
import Testing

/// Playback in virtual time: start, quartiles, progress, complete, skip, pause and resume, with macros expanded.
@MainActor
@Suite("Google playback")
struct GooglePlaybackTests {
    @Test("Quartile tracking fires once each, in order, at the right playhead ([ADPLAYHEAD] expanded)")
    func quartilesInOrderWithPlayhead() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "video-interstitial", host: world.host)
        try ad.present(from: world.context)
        world.driver.advance(by: .seconds(40))
        #expect(
            world.trackingEvents == ["start", "firstQuartile", "progress", "midpoint", "thirdQuartile", "complete"])
        let tracking = world.urls("tracking:")
        #expect(tracking[0] == "https://t.google.test/ev?e=start&ph=00%3A00%3A00.000")
        #expect(tracking[1] == "https://t.google.test/ev?e=q1&ph=00%3A00%3A07.500")
        #expect(tracking[2] == "https://t.google.test/ev?e=p10s&ph=00%3A00%3A10.000")
        #expect(tracking[5] == "https://t.google.test/ev?e=complete&ph=00%3A00%3A30.000")
        #expect(ad.googleAd?.playback.state == .completed)
        // The impression is the first beacon, its [CACHEBUSTING] filled from the seeded generator.
        let first = try #require(world.beacons.sent.first)
        #expect(first.kind == .impression)
        #expect(first.url.hasPrefix("https://t.google.test/imp?ad=video-1&cb="))
        #expect(!first.url.contains("[CACHEBUSTING]") && !first.url.hasSuffix("cb=-1"))
    }

    @Test("A skippable ad cannot be skipped before its skipoffset; after it, skip fires and dismisses")
    func skipAfterOffset() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "skippable", host: world.host)
        let log = world.contentLog(ad.onContentEvent)
        let unified = world.unifiedLog(of: ad.ad)
        try ad.present(from: world.context)
        world.driver.advance(by: .seconds(4))
        #expect(ad.googleAd?.canSkip == false)
        let early = thrownError { try ad.userDidSkip() }
        #expect(early?.code == .notReady)
        #expect(early?.message.contains("after 5") == true)
        world.driver.advance(by: .seconds(2))
        #expect(ad.googleAd?.canSkip == true)
        try ad.userDidSkip()
        #expect(world.trackingEvents == ["start", "skip"])
        #expect(world.urls("tracking:skip") == ["https://t.google.test/ev?ad=sk&e=skip&ph=00%3A00%3A06.000"])
        #expect(log.events.suffix(2) == ["willDismiss", "didDismiss"])
        world.driver.advance(by: .seconds(60))
        #expect(!world.trackingEvents.contains("complete"))
        #expect(unified.events.contains("videoStateChanged(skipped)"))
    }

    @Test("A non-skippable ad refuses every skip")
    func nonSkippableRefusesSkip() async throws {
        let world = try GoogleTestWorld()
        let ad = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        try ad.present(from: world.context) { _ in }
        world.driver.advance(by: .seconds(15))
        let error = thrownError { try ad.userDidSkip() }
        #expect(error?.code == .notReady)
        #expect(error?.message.contains("not skippable") == true)
        #expect(ad.ad.phase == .presented)
    }

    @Test("Playback pauses when the window goes to the background and resumes when it returns")
    func pauseAndResumeWithTheWindow() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "video-interstitial", host: world.host)
        try ad.present(from: world.context)
        world.driver.advance(by: .seconds(5))
        try world.tree.setForeground(world.world.window, false)
        world.driver.advance(by: .seconds(120))
        #expect(ad.googleAd?.position == .seconds(5))
        #expect(world.trackingEvents == ["start", "pause"])
        try world.tree.setForeground(world.world.window, true)
        world.driver.advance(by: .seconds(25))
        #expect(
            world.trackingEvents == [
                "start", "pause", "resume", "firstQuartile", "progress", "midpoint", "thirdQuartile",
            ])
        world.driver.advance(by: .milliseconds(500))
        #expect(world.trackingEvents.last == "complete")
        let pause = try #require(world.urls("tracking:pause").first)
        #expect(pause.hasSuffix("ph=00%3A00%3A05.000"))
    }

    @Test("G11: a presented rewarded ad covered by a host node pauses, earns nothing while hidden, and resumes")
    func g11_coveredAdPausesAndEarnsNothing() async throws {
        let world = try GoogleTestWorld()
        let ad = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        let rewards = RewardLog()
        try ad.present(from: world.context, userDidEarnReward: rewards.handler)
        world.driver.advance(by: .seconds(5))
        let root = try world.tree.rootNode(of: world.world.window)
        let windowFrame = try world.tree.frame(of: world.world.window)
        let cover = try world.tree.makeNode(
            frame: Rect(x: 0, y: 0, width: windowFrame.width, height: windowFrame.height), isOpaque: true)
        try world.tree.addChild(cover, to: root)  // drawn over the ad's overlay
        world.driver.advance(by: .seconds(60))
        #expect(ad.googleAd?.position == .seconds(5))
        #expect(rewards.rewards.isEmpty)
        #expect(world.trackingEvents.suffix(1) == ["pause"])
        try world.tree.removeFromParent(cover)
        world.driver.advance(by: .seconds(14))
        #expect(rewards.rewards.isEmpty)  // 19 s of the 20 s watched
        world.driver.advance(by: .seconds(2))
        #expect(rewards.rewards == [AdReward(type: "coins", amount: 10)])
        #expect(world.trackingEvents.contains("resume"))
    }

    @Test("Presented into a background window: no impression and no playback until it comes to the foreground")
    func impressionWaitsForTheForeground() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "video-interstitial", host: world.host)
        let log = world.contentLog(ad.onContentEvent)
        try world.tree.setForeground(world.world.window, false)
        try ad.present(from: world.context)
        world.driver.advance(by: .seconds(10))
        #expect(log.events == ["willPresent"])
        #expect(world.beacons.sent.isEmpty)
        if case .rejected(let error) = ad.userDidTap() {
            #expect(error.code == .clickRejected)
        } else {
            Issue.record("a tap before the impression must be rejected")
        }
        try world.tree.setForeground(world.world.window, true)
        world.driver.advance(by: .seconds(1))
        #expect(log.events == ["willPresent", "impression"])
        #expect(world.beaconKinds.prefix(2) == ["impression", "tracking:start"])
    }

    @Test("An image interstitial fires creativeView, counts its impression and its click, and closes")
    func imageInterstitial() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "image-interstitial", host: world.host)
        guard case .image(let url) = ad.googleAd?.creative.kind else {
            Issue.record("an image creative")
            return
        }
        #expect(url == "https://cdn.google.test/image-1.jpg")
        #expect(ad.googleAd?.creative.duration == .seconds(5))
        try ad.present(from: world.context)
        world.driver.advance(by: .seconds(1))
        #expect(ad.userDidTap() == .counted)
        try ad.userDidClose()
        #expect(world.beaconKinds == ["impression", "tracking:creativeView", "click"])
        #expect(world.urls("click") == ["https://t.google.test/click?ad=image-1"])
    }

    @Test("Destroying a presented ad stops playback: no beacon and no event afterwards (C5)")
    func destroyStopsEverything() async throws {
        let world = try GoogleTestWorld()
        let ad = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        let unified = world.unifiedLog(of: ad.ad)
        try ad.present(from: world.context) { _ in Issue.record("destroyed ads grant nothing") }
        world.driver.advance(by: .seconds(3))
        let sent = world.beacons.sent.count
        let logged = unified.events.count
        #expect(logged > 0)
        ad.destroy()
        world.driver.advance(by: .seconds(60))
        #expect(world.beacons.sent.count == sent)
        #expect(unified.events.count == logged)
        #expect(try world.rootChildren(of: world.world.window) == [world.world.feed])
        #expect(ad.userDidTap() != .counted)
    }

    @Test("N5: [CACHEBUSTING] comes from the host's seeded generator: the same seed replays, another differs")
    func n5_cacheBustingIsSeededByTheHost() async throws {
        func impressionURLs(seed: UInt64) async throws -> [String] {
            let world = try GoogleTestWorld(seed: seed)
            var urls: [String] = []
            for _ in 0..<2 {
                let before = world.urls("impression").count
                let ad = try await InterstitialAd.load(adUnitID: "video-interstitial", host: world.host)
                try ad.present(from: world.context)
                world.driver.advance(by: .seconds(1))
                urls += world.urls("impression").dropFirst(before)
                ad.destroy()
            }
            return urls
        }
        let first = try await impressionURLs(seed: 1)
        try #require(first.count == 2)
        #expect(first.allSatisfy { $0.range(of: "cb=[0-9]{8}($|&)", options: .regularExpression) != nil })
        #expect(first[0].suffix(8) != first[1].suffix(8))
        #expect(try await impressionURLs(seed: 1) == first)
        #expect(try await impressionURLs(seed: 2) != first)
    }

    @Test("The playback machine: nothing before the foreground, milestones once, nothing after stop")
    func playbackMachine() async throws {
        let world = try GoogleTestWorld()
        let ad = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        let creative = try #require(ad.googleAd?.creative)
        var playback = GooglePlayback(creative: creative)
        #expect(playback.sample(at: .zero, foreground: false).isEmpty)
        let started = playback.sample(at: .zero, foreground: true)
        #expect(started.first == .started)
        let atEnd = playback.sample(at: AdInstant.zero.advanced(by: .seconds(25)), foreground: true)
        #expect(atEnd.contains(.rewardEarned))
        #expect(atEnd.last == .completed)
        #expect(playback.position == .seconds(20))
        #expect(playback.sample(at: AdInstant.zero.advanced(by: .seconds(30)), foreground: true).isEmpty)
        var stopped = GooglePlayback(creative: creative)
        _ = stopped.sample(at: .zero, foreground: true)
        stopped.stop()
        #expect(stopped.sample(at: AdInstant.zero.advanced(by: .seconds(30)), foreground: true).isEmpty)
    }
}
