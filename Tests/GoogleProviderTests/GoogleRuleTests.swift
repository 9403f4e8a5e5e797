import AdCore
import AdTestSupport
import GoogleProvider
import Testing

/// One test (at least) per Google rule, G1-G11, named by the rule.
@MainActor
@Suite("Google rules G1-G11")
struct GoogleRuleTests {
    // MARK: G1

    @Test("G1: the provider serves exactly interstitial, rewarded and rewarded interstitial")
    func g1_servesTheThreeFullScreenFormats() throws {
        let provider = GoogleProvider()
        #expect(provider.descriptor.supportedFormats == [.interstitial, .rewarded, .rewardedInterstitial])
        #expect(provider.descriptor.supportedFormats.allSatisfy { $0.isFullScreen })
        let world = try GoogleTestWorld()
        let error = thrownError {
            _ = try world.host.makeAd(AdRequest(adUnitID: "x", format: .native), provider: "google")
        }
        #expect(error?.code == .unsupportedFormat)
    }

    @Test("G1: each format loads into its own ad type with its own creative")
    func g1_eachFormatLoadsItsOwnType() async throws {
        let world = try GoogleTestWorld()
        let interstitial = try await InterstitialAd.load(adUnitID: "video-interstitial", host: world.host)
        let rewarded = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        let rewardedInterstitial = try await RewardedInterstitialAd.load(
            adUnitID: "rewarded-interstitial", host: world.host)
        #expect(interstitial.ad.info?.format == .interstitial)
        #expect(rewarded.ad.info?.format == .rewarded)
        #expect(rewarded.reward == AdReward(type: "coins", amount: 10))
        #expect(rewardedInterstitial.ad.info?.format == .rewardedInterstitial)
        #expect(rewardedInterstitial.reward == AdReward(type: "extra life", amount: 1))
        #expect(interstitial.googleAd?.creative.reward == nil)
    }

    // MARK: G2

    @Test("G2: the ad is presented from the host context provider's own window, covering it")
    func g2_presentedFromTheHostContextProvider() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "video-interstitial", host: world.host)
        try ad.present(from: world.context)
        let presentation = try #require(ad.ad.presentation)
        #expect(presentation.window == world.world.window)
        let overlayFrame = try world.tree.frameInWindow(of: presentation.overlay)
        #expect(overlayFrame == Rect(x: 0, y: 0, width: 400, height: 800))
        #expect(world.host.engine.visibleRatio(of: presentation.overlay) == 1)
        #expect(ad.ad.phase == .presented)
    }

    // MARK: G3

    @Test("G3: a context detached from any window fails with presenterNotInWindow and shows nothing")
    func g3_detachedContextFailsAndShowsNothing() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "video-interstitial", host: world.host)
        let log = world.contentLog(ad.onContentEvent)
        try world.tree.removeFromParent(world.context.node)
        let before = try world.rootChildren(of: world.world.window)
        #expect(thrownError { try ad.canPresent(from: world.context) }?.code == .presenterNotInWindow)
        let error = thrownError { try ad.present(from: world.context) }
        #expect(error?.code == .presenterNotInWindow)
        #expect(error?.providerID == "google")
        #expect(error?.hint?.contains("G3") == true)
        #expect(try world.rootChildren(of: world.world.window) == before)
        #expect(ad.ad.presentation == nil)
        #expect(log.events == ["failedToPresent(presenterNotInWindow)"])
        world.driver.advance(by: .seconds(5))
        #expect(world.beacons.sent.isEmpty)
        // Once the host places the context again, the same ad presents.
        try world.tree.addChild(world.context.node, to: world.world.feed)
        try ad.present(from: world.context)
        #expect(ad.ad.phase == .presented)
    }

    // MARK: G4

    @Test("G4: with two windows in two scenes the ad is presented in the context's window only")
    func g4_presentedInTheContextsWindow() async throws {
        let world = try GoogleTestWorld()
        let second = world.tree.addWindow(scene: "second", frame: Rect(x: 0, y: 0, width: 300, height: 600))
        let secondContext = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(secondContext.node, to: world.tree.rootNode(of: second))
        let (native, card) = try await world.boundNative()
        let ad = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        try ad.present(from: secondContext) { _ in }
        let presentation = try #require(ad.ad.presentation)
        #expect(presentation.window == second)
        #expect(presentation.scene == "second")
        #expect(try world.tree.frameInWindow(of: presentation.overlay) == Rect(x: 0, y: 0, width: 300, height: 600))
        // The first window (created first, and key) is untouched: its native stays fully visible.
        #expect(world.host.engine.visibleRatio(of: card) == 1)
        world.driver.advance(by: .seconds(1))
        #expect(world.world.events(of: native).contains { $0.hasPrefix("impression") })
    }

    // MARK: G5

    @Test("G5: the context provider is zero-sized and changes nobody's layout; one that takes room is refused")
    func g5_contextTakesNoRoom() async throws {
        let world = try GoogleTestWorld()
        let sibling = try world.tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        try world.tree.addChild(sibling, to: world.world.feed)
        let before = try world.tree.frameInWindow(of: sibling)
        let extra = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(extra.node, to: world.world.feed)
        #expect(world.tree.node(extra.node)?.frame == .zero)
        #expect(try world.tree.frameInWindow(of: sibling) == before)
        #expect(world.host.engine.visibleRatio(of: sibling) == 1)
        let ad = try await InterstitialAd.load(adUnitID: "video-interstitial", host: world.host)
        try world.tree.setFrame(extra.node, Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(thrownError { try ad.canPresent(from: extra) }?.code == .invalidRequest)
        #expect(thrownError { try ad.present(from: extra) }?.code == .invalidRequest)
        #expect(ad.ad.phase == .loaded)
    }

    // MARK: G6

    @Test("G6: presenting an ad that has not loaded fails with notReady (Google code 15); nothing is shown")
    func g6_notLoadedIsNotReady() throws {
        let world = try GoogleTestWorld()
        let unified = try world.host.makeAd(AdRequest(adUnitID: "rewarded", format: .rewarded), provider: "google")
        let ad = try RewardedAd(wrapping: unified, host: world.host)
        let check = thrownError { try ad.canPresent(from: world.context) }
        #expect(check?.code == .notReady)
        #expect(check?.providerCode == GoogleErrorCode.adNotReady)
        let error = thrownError { try ad.present(from: world.context) { _ in Issue.record("no reward") } }
        #expect(error?.code == .notReady)
        #expect(error?.providerCode == GoogleErrorCode.adNotReady)
        #expect(unified.presentation == nil)
        #expect(try world.rootChildren(of: world.world.window) == [world.world.feed])
    }

    @Test("G6: an ad whose load failed is not ready either")
    func g6_failedLoadIsNotReady() async throws {
        let world = try GoogleTestWorld()
        let unified = try world.host.makeAd(AdRequest(adUnitID: "no-fill", format: .interstitial), provider: "google")
        let ad = try InterstitialAd(wrapping: unified, host: world.host)
        await unified.load().value
        #expect(thrownError { try ad.canPresent(from: world.context) }?.code == .notReady)
        #expect(thrownError { try ad.present(from: world.context) }?.code == .notReady)
    }

    // MARK: G7

    @Test("G7: loading never presents; only the host's action does")
    func g7_nothingIsPresentedOnLoad() async throws {
        let world = try GoogleTestWorld()
        let ad = try await RewardedInterstitialAd.load(adUnitID: "rewarded-interstitial", host: world.host)
        let log = world.contentLog(ad.onContentEvent)
        world.driver.advance(by: .seconds(600))
        #expect(ad.ad.phase == .loaded)
        #expect(ad.ad.presentation == nil)
        #expect(log.events.isEmpty)
        #expect(world.beacons.sent.isEmpty)
        #expect(try world.rootChildren(of: world.world.window) == [world.world.feed])
        try ad.present(from: world.context) { _ in }  // the "watch an ad" button
        #expect(ad.ad.phase == .presented)
        #expect(log.events.first == "willPresent")
    }

    // MARK: G8

    @Test("G8: content events in order: willPresent, impression, click, willDismiss, didDismiss")
    func g8_contentEventsInOrder() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "video-interstitial", host: world.host)
        let log = world.contentLog(ad.onContentEvent)
        let unified = world.unifiedLog(of: ad.ad)
        try ad.present(from: world.context)
        world.driver.advance(by: .seconds(3))
        #expect(ad.userDidTap() == .counted)
        #expect(ad.userDidTap() == .repeated)
        world.driver.advance(by: .seconds(30))
        try ad.userDidClose()
        #expect(log.events == ["willPresent", "impression", "click", "willDismiss", "didDismiss"])
        #expect(ad.ad.phase == .closed)
        #expect(world.urls("click").count == 1)
        #expect(unified.events.contains("jumped(true)"))
        #expect(unified.events.last == "didDismiss")
    }

    @Test("G8: a presentation that fails is reported as failedToPresent with the error")
    func g8_failedToPresentIsReported() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "image-interstitial", host: world.host)
        let log = world.contentLog(ad.onContentEvent)
        try world.tree.removeFromParent(world.context.node)
        _ = thrownError { try ad.present(from: world.context) }
        #expect(log.events == ["failedToPresent(presenterNotInWindow)"])
    }

    // MARK: G9

    @Test("G9: a full-screen ad shows once; presenting it again fails with alreadyUsed (Google code 18)")
    func g9_presentsOnce() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "image-interstitial", host: world.host)
        try ad.present(from: world.context)
        let whileShown = thrownError { try ad.present(from: world.context) }
        #expect(whileShown?.code == .alreadyUsed)
        #expect(whileShown?.providerCode == GoogleErrorCode.adAlreadyUsed)
        #expect(try world.rootChildren(of: world.world.window).count == 2)  // the feed and one overlay
        world.driver.advance(by: .seconds(6))
        try ad.userDidClose()
        #expect(thrownError { try ad.canPresent(from: world.context) }?.code == .alreadyUsed)
        #expect(thrownError { try ad.present(from: world.context) }?.code == .alreadyUsed)
        #expect(try world.rootChildren(of: world.world.window) == [world.world.feed])
        #expect(world.urls("impression").count == 1)
    }

    @Test("G9: presenting a used ad again is refused and reported as failedToPresent, without changing its state")
    func g9_secondPresentReportsFailure() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "image-interstitial", host: world.host)
        let log = world.contentLog(ad.onContentEvent)
        try ad.present(from: world.context)
        world.driver.advance(by: .seconds(1))
        #expect(thrownError { try ad.present(from: world.context) }?.code == .alreadyUsed)
        #expect(ad.ad.phase == .presented)
        #expect(ad.ad.presentation != nil)
        world.driver.advance(by: .seconds(5))
        try ad.userDidClose()
        #expect(thrownError { try ad.present(from: world.context) }?.code == .alreadyUsed)
        #expect(ad.ad.phase == .closed)
        #expect(
            log.events == [
                "willPresent", "impression", "failedToPresent(alreadyUsed)", "willDismiss", "didDismiss",
                "failedToPresent(alreadyUsed)",
            ])
        ad.destroy()
        #expect(thrownError { try ad.present(from: world.context) }?.code == .cancelled)
        #expect(log.events.count == 6)  // a destroyed ad reports nothing (C5)
    }

    @Test("G2: one full-screen ad per window: a second is refused while the first is shown, and may follow it")
    func g2_oneFullScreenAdPerWindow() async throws {
        let world = try GoogleTestWorld()
        let rewarded = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        let interstitial = try await InterstitialAd.load(adUnitID: "image-interstitial", host: world.host)
        let rewards = RewardLog()
        let second = world.contentLog(interstitial.onContentEvent)
        try rewarded.present(from: world.context, userDidEarnReward: rewards.handler)
        world.driver.advance(by: .seconds(1))
        #expect(thrownError { try interstitial.canPresent(from: world.context) }?.code == .presenterBusy)
        let refused = thrownError { try interstitial.present(from: world.context) }
        #expect(refused?.code == .presenterBusy)
        #expect(refused?.hint?.contains("G2") == true)
        #expect(interstitial.ad.phase == .loaded)
        #expect(second.events == ["failedToPresent(presenterBusy)"])
        #expect(try world.rootChildren(of: world.world.window).count == 2)  // the feed and the rewarded overlay
        world.driver.advance(by: .seconds(19))
        #expect(rewards.rewards == [AdReward(type: "coins", amount: 10)])  // the shown ad plays on, undisturbed
        try rewarded.userDidClose()
        try interstitial.canPresent(from: world.context)
        try interstitial.present(from: world.context)
        #expect(interstitial.ad.phase == .presented)
        #expect(second.events == ["failedToPresent(presenterBusy)", "willPresent", "impression"])
    }

    // MARK: G10

    @Test("G10: a loaded ad expires after one hour on the injected clock; presenting it then fails with expired")
    func g10_expiresAfterOneHour() async throws {
        let world = try GoogleTestWorld()
        let ad = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        let log = world.contentLog(ad.onContentEvent)
        #expect(ad.ad.info?.expiresAt == AdInstant.zero.advanced(by: .seconds(3600)))
        world.driver.advance(by: .seconds(3599))
        try ad.canPresent(from: world.context)
        world.driver.advance(by: .seconds(1))
        #expect(ad.ad.phase == .expired)
        #expect(thrownError { try ad.canPresent(from: world.context) }?.code == .expired)
        let error = thrownError { try ad.present(from: world.context) { _ in Issue.record("no reward") } }
        #expect(error?.code == .expired)
        #expect(log.events == ["expired", "failedToPresent(expired)"])
        #expect(ad.ad.presentation == nil)
    }

    @Test("G10: without a TimeToLive in the response the ad expires after the default hour, to the millisecond")
    func g10_defaultOneHourWithoutTimeToLive() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "skippable", host: world.host)  // no <TimeToLive>
        #expect(ad.ad.info?.expiresAt == AdInstant.zero.advanced(by: .seconds(3600)))
        world.driver.advance(by: .milliseconds(3_599_999))
        try ad.canPresent(from: world.context)
        world.driver.advance(by: .milliseconds(1))
        #expect(ad.ad.phase == .expired)
        #expect(thrownError { try ad.canPresent(from: world.context) }?.code == .expired)
    }

    @Test("G10: the response's time-to-live replaces the default; a shown ad never expires")
    func g10_responseTimeToLiveAndShownAdsDoNotExpire() async throws {
        let world = try GoogleTestWorld()
        world.serve(
            xml: GoogleXML.video(extensionBody: "<Format>interstitial</Format><TimeToLive>60</TimeToLive>"), as: "short"
        )
        let short = try await InterstitialAd.load(adUnitID: "short", host: world.host)
        #expect(short.ad.info?.expiresAt == AdInstant.zero.advanced(by: .seconds(60)))
        let shown = try await InterstitialAd.load(adUnitID: "video-interstitial", host: world.host)
        try shown.present(from: world.context)
        world.driver.advance(by: .seconds(7200))
        #expect(short.ad.phase == .expired)
        #expect(shown.ad.phase == .presented)
    }

    // MARK: G11

    @Test("G11: a rewarded ad grants 10 coins once, at completion, before willDismiss and didDismiss")
    func g11_rewardOnceAtCompletionBeforeDismissal() async throws {
        let world = try GoogleTestWorld()
        let ad = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        let log = world.contentLog(ad.onContentEvent)
        let log2 = RewardLog()
        try ad.present(from: world.context, userDidEarnReward: log2.handler)
        world.driver.advance(by: .milliseconds(19_750))
        #expect(log2.rewards.isEmpty)
        world.driver.advance(by: .milliseconds(250))
        #expect(log2.rewards == [AdReward(type: "coins", amount: 10)])
        world.driver.advance(by: .seconds(10))
        try ad.userDidClose()
        #expect(log2.rewards.count == 1)
        #expect(log.events == ["willPresent", "impression", "rewardEarned(10 coins)", "willDismiss", "didDismiss"])
    }

    /// Where the host reports the user's close: the facade (`RewardedAd.userDidClose()`, the same as
    /// `UnifiedAd.close()`) or the player's own button (`GoogleFullScreenAd.userDidClose()`, reported as `.closed`).
    enum CloseButton: String, CaseIterable, CustomTestStringConvertible {
        case facade, player
        var testDescription: String { rawValue }
    }

    @Test(
        "G11: closing a rewarded ad before it is earned grants nothing, from the facade or the player's button",
        arguments: CloseButton.allCases)
    func g11_noRewardWhenDismissedEarly(close: CloseButton) async throws {
        let world = try GoogleTestWorld()
        let ad = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        let log = world.contentLog(ad.onContentEvent)
        try ad.present(from: world.context) { _ in Issue.record("the reward must not be granted") }
        world.driver.advance(by: .seconds(19))
        switch close {
        case .facade: try ad.userDidClose()
        case .player: ad.googleAd?.userDidClose()
        }
        world.driver.advance(by: .seconds(60))
        #expect(ad.ad.phase == .closed)
        #expect(log.events == ["willPresent", "impression", "willDismiss", "didDismiss"])
        #expect(world.trackingEvents.filter { $0 == "closeLinear" }.count == 1)
        #expect(!world.trackingEvents.contains("complete"))
        ad.googleAd?.userDidClose()  // a second tap on a player already gone does nothing
        #expect(world.trackingEvents.filter { $0 == "closeLinear" }.count == 1)
    }

    @Test(
        "G11: through UnifiedAd alone: the reward is known before presenting, close() fires closeLinear, grants nothing"
    )
    func g11_unifiedCloseBeforeRewardGrantsNothing() async throws {
        let world = try GoogleTestWorld()
        let ad = try world.host.makeAd(AdRequest(adUnitID: "rewarded", format: .rewarded), provider: "google")
        await ad.load().value
        #expect(ad.info?.reward == AdReward(type: "coins", amount: 10))
        #expect(ad.info?.videoDuration == .seconds(20))
        var events: [String] = []
        ad.onEvent { events.append("\($0)") }
        try ad.present(from: world.context)
        world.driver.advance(by: .seconds(19))
        try ad.close()
        world.driver.advance(by: .seconds(60))
        #expect(
            events == [
                "willPresent", "impression(rewarded)", "videoStateChanged(playing)", "willDismiss", "didDismiss",
            ])
        #expect(world.trackingEvents.last == "closeLinear")  // the fixture declares no `close` tracking
        #expect(!world.trackingEvents.contains("complete"))
        #expect(try world.rootChildren(of: world.world.window) == [world.world.feed])
        #expect(thrownError { try ad.close() }?.code == .alreadyUsed)
    }

    @Test("G11: a rewarded interstitial grants at its 80 % threshold; skipping before it grants nothing")
    func g11_rewardedInterstitialThreshold() async throws {
        let world = try GoogleTestWorld()
        let early = try await RewardedInterstitialAd.load(adUnitID: "rewarded-interstitial", host: world.host)
        try early.present(from: world.context) { _ in Issue.record("skipped before the threshold") }
        world.driver.advance(by: .seconds(6))
        try early.userDidSkip()
        #expect(early.ad.phase == .closed)

        let late = try await RewardedInterstitialAd.load(adUnitID: "rewarded-interstitial", host: world.host)
        let log = world.contentLog(late.onContentEvent)
        let log2 = RewardLog()
        try late.present(from: world.context, userDidEarnReward: log2.handler)
        world.driver.advance(by: .milliseconds(11_750))
        #expect(log2.rewards.isEmpty)
        world.driver.advance(by: .milliseconds(250))  // 12 s = 80 % of 15 s
        #expect(log2.rewards == [AdReward(type: "extra life", amount: 1)])
        try late.userDidSkip()
        #expect(log2.rewards.count == 1)
        #expect(log.events == ["willPresent", "impression", "rewardEarned(1 extra life)", "willDismiss", "didDismiss"])
    }
}
