import AdCore
import AdTestSupport
import Testing

@MainActor
@Suite("Host context provider (G2-G5 in the unified layer)")
struct HostContextProviderTests {
    @Test("G3: presenting from a context in no window fails with presenterNotInWindow and shows nothing")
    func g3_detachedContextFails() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let context = try HostContextProvider(tree: world.tree)
        let ad = try await world.loadedAd(format: .interstitial)
        #expect(thrownError { try ad.present(from: context) }?.code == .presenterNotInWindow)
        #expect(ad.phase == .loaded)
        #expect(world.events(of: ad).last == "failedToPresent(presenterNotInWindow)")
        #expect(try world.tree.children(of: world.tree.rootNode(of: world.window)) == [world.feed])
        try world.tree.addChild(context.node, to: world.feed)
        try ad.present(from: context)
        #expect(ad.phase == .presented)
    }

    @Test("G4: with two scenes the ad is presented in the context's own window, and covers only it")
    func g4_presentsInContextWindow() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let second = world.tree.addWindow(scene: "second", frame: Rect(x: 0, y: 0, width: 300, height: 600))
        let context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.tree.rootNode(of: second))
        let card = try world.addCard(y: 0)
        #expect(world.host.engine.visibleRatio(of: card.container) == 1)
        let ad = try await world.loadedAd(format: .interstitial)
        try ad.present(from: context)
        #expect(ad.presentation?.window == second)
        #expect(ad.presentation?.scene == "second")
        #expect(world.host.engine.visibleRatio(of: card.container) == 1)
    }

    @Test("G2: while presented, the full-screen ad covers its window: a native ad beneath loses visibility")
    func g2_presentedAdCoversItsWindow() async throws {
        let recorder = ScriptedAdRecorder()
        let world = try TestHost(providers: [ScriptedProvider(recorder: recorder)])
        let card = try world.addCard(y: 0)
        let context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
        let fullScreen = try await world.loadedAd(adUnit: "fs", format: .interstitial)
        try fullScreen.present(from: context)
        #expect(world.host.engine.geometry(of: card.container).zeroReason == .covered)
        recorder.lastAd?.events?.sendNow(.didDismiss)
        #expect(world.host.engine.visibleRatio(of: card.container) == 1)
    }

    @Test("G5: the context provider takes no room; a resized one is refused")
    func g5_contextTakesNoRoom() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
        #expect(world.tree.node(context.node)?.frame == .zero)
        try world.tree.setFrame(context.node, Rect(x: 0, y: 0, width: 10, height: 10))
        let ad = try await world.loadedAd(format: .interstitial)
        #expect(thrownError { try ad.present(from: context) }?.code == .invalidRequest)
    }

    @Test("G6: presenting an ad that has not loaded is a typed notReady error")
    func g6_notLoadedIsNotReady() throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
        let ad = try world.makeAd(AdRequest(adUnitID: "u", format: .interstitial), provider: "scripted")
        #expect(thrownError { try ad.present(from: context) }?.code == .notReady)
    }

    @Test("G10: a loaded ad past its time-to-live expires and cannot be presented")
    func g10_expiredAdCannotPresent() async throws {
        let world = try TestHost(providers: [ScriptedProvider(timeToLive: .seconds(3600))])
        let context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
        let ad = try await world.loadedAd(format: .interstitial)
        world.driver.advance(by: .seconds(3599))
        #expect(ad.phase == .loaded)
        world.driver.advance(by: .seconds(1))
        #expect(ad.phase == .expired)
        #expect(thrownError { try ad.present(from: context) }?.code == .expired)
        #expect(world.events(of: ad).suffix(2) == ["expired", "failedToPresent(expired)"])
    }
}
