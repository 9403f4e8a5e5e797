import AdCore
import AdTestSupport
import Testing

/// `UnifiedAd.close()`: the one way a host ends an ad on screen, whatever its provider and format; where nothing
/// is on screen, a typed error and nothing changed.
@MainActor
@Suite("Closing any ad through UnifiedAd.close() (C1)")
struct UnifiedAdCloseTests {
    private let recorder = ScriptedAdRecorder()
    private let world: TestHost
    private let context: HostContextProvider

    init() throws {
        world = try TestHost(
            providers: [
                ScriptedProvider(
                    rule: ImpressionRule(minimumVisibleRatio: 1, minimumDuration: .zero), recorder: recorder)
            ])
        context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
    }

    private func presented(adUnit: String = "unit-1") async throws -> UnifiedAd {
        let ad = try await world.loadedAd(adUnit: adUnit, format: .interstitial)
        try ad.present(from: context)
        world.driver.runDue()
        return ad
    }

    @Test("C1: close() on a presented full-screen ad tells the provider, then dismisses it and frees the presenter")
    func c1_closePresentedFullScreenAd() async throws {
        let ad = try await presented()
        try ad.close()
        #expect(ad.phase == .closed)
        #expect(ad.presentation == nil)
        #expect(recorder.calls == ["present", "impression", "close"])
        #expect(
            world.events(of: ad) == [
                "loadStarted", "loadSucceeded(scripted unit-1)", "willPresent", "impression(unit-1)", "willDismiss",
                "didDismiss",
            ])
        // The overlay is gone and the window's presenter is free: the next full-screen ad presents there.
        let next = try await presented(adUnit: "unit-2")
        #expect(next.phase == .presented)
    }

    @Test("C1: the provider's own close (its .closed event) takes the same path; a dismissal it sends after is ignored")
    func c1_providerCloseEventTakesTheSamePath() async throws {
        let ad = try await presented()
        recorder.lastAd?.events?.sendNow(.closed)
        recorder.lastAd?.events?.sendNow(.didDismiss)
        #expect(ad.phase == .closed)
        #expect(recorder.calls == ["present", "impression", "close"])
        #expect(world.events(of: ad).filter { $0 == "didDismiss" }.count == 1)
    }

    @Test("C1: the host's own close from its context ends the presented ad the same way, whoever holds the ad")
    func c1_hostClosesFromItsContext() async throws {
        let ad = try await presented()
        try world.host.closePresentedAd(from: context)
        #expect(ad.phase == .closed)
        #expect(recorder.calls == ["present", "impression", "close"])
        #expect(world.events(of: ad).suffix(2) == ["willDismiss", "didDismiss"])
        #expect(world.host.presentedAd(in: world.window) == nil)
        // Nothing presented any more: a typed error, and a context in no window says so.
        #expect(thrownError { try world.host.closePresentedAd(from: context) }?.code == .notReady)
        let detached = try HostContextProvider(tree: world.tree)
        #expect(thrownError { try world.host.closePresentedAd(from: detached) }?.code == .presenterNotInWindow)
    }

    @Test("C1: close() on a bound native ad releases it and emits closed, as its close view does")
    func c1_closeBoundNativeAd() async throws {
        let card = try world.addCard(y: 100)
        let ad = try await world.loadedAd()
        try ad.bind(AdBinding(container: card.container, assets: [.title: card.title], clickViews: [card.cta]))
        try ad.close()
        #expect(ad.phase == .closed)
        #expect(ad.binding == nil)
        #expect(world.events(of: ad).last == "closed")
        #expect(ad.click(on: card.cta) != .counted)
    }

    @Test("C1: close() with nothing on screen is a typed error and changes nothing: loading, loaded, twice, destroyed")
    func c1_closeWithNothingOnScreenIsATypedError() async throws {
        let loading = try world.makeAd(AdRequest(adUnitID: "silent", format: .interstitial), provider: "scripted")
        _ = loading.load()
        #expect(thrownError { try loading.close() }?.code == .notReady)
        #expect(loading.phase == .loading)

        let loaded = try await world.loadedAd(adUnit: "kept", format: .interstitial)
        let before = world.events(of: loaded)
        let error = thrownError { try loaded.close() }
        #expect(error?.code == .notReady)
        #expect(error?.hint?.contains("presented full-screen ad") == true)
        #expect(loaded.phase == .loaded)
        #expect(world.events(of: loaded) == before)

        let closed = try await presented(adUnit: "shown")
        try closed.close()
        #expect(thrownError { try closed.close() }?.code == .alreadyUsed)
        #expect(world.events(of: closed).filter { $0 == "didDismiss" }.count == 1)

        loaded.destroy()
        #expect(thrownError { try loaded.close() }?.code == .cancelled)
    }

    @Test("C1: close() called from the ad's own event handler runs once the event is delivered")
    func c1_closeFromAnEventHandlerRunsAfterIt() async throws {
        let ad = try await world.loadedAd(format: .interstitial)
        ad.onEvent { [ad] event in
            if case .impression = event { try? ad.close() }
        }
        try ad.present(from: context)
        world.driver.runDue()
        #expect(ad.phase == .closed)
        #expect(Array(world.events(of: ad).suffix(3)) == ["impression(unit-1)", "willDismiss", "didDismiss"])
    }
}
