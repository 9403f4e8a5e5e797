import AdCore
import AdTestSupport
import GoogleProvider
import Testing

/// G9 held by the provider's own ad object: `GoogleFullScreenAd.present(_:context:)` refuses a second present by
/// itself, whether or not the unified layer (which also guards) is in front of it.
@MainActor
@Suite("G9: the provider's full-screen ad guards its own present")
struct GooglePresentGuardTests {
    private func providerContext(_ world: GoogleTestWorld) -> ProviderContext {
        let sink = AdEventSink(mailbox: world.host.scheduler.mailbox) { _ in }
        return world.host.makeProviderContext(
            adID: AdID(rawValue: 990), providerID: "google", events: sink, nodes: [])
    }

    private func presentation(_ world: GoogleTestWorld) throws -> PresentationContext {
        let window = world.world.window
        let overlay = try world.tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 800), isOpaque: true)
        try world.tree.addChild(overlay, to: try world.tree.rootNode(of: window))
        return PresentationContext(window: window, scene: try world.tree.scene(of: window), overlay: overlay)
    }

    @Test("G9: a Google ad loaded straight from the provider presents once; its second present throws alreadyUsed")
    func g9_providerAdRefusesASecondPresentOnItsOwn() async throws {
        let world = try GoogleTestWorld()
        let loaded = try await GoogleProvider().load(
            AdRequest(adUnitID: "image-interstitial", format: .interstitial),
            environment: world.host.environment(for: "google"))
        let ad = try #require(loaded as? GoogleFullScreenAd)
        let first = try presentation(world)
        try ad.present(first, context: providerContext(world))
        let second = try presentation(world)
        let error = thrownError { try ad.present(second, context: providerContext(world)) }
        #expect(error?.code == .alreadyUsed)
        #expect(error?.providerCode == GoogleErrorCode.adAlreadyUsed)
        #expect(ad.presentation == first)
        ad.destroy()
    }

    @Test("G9: behind the unified layer, the presented Google ad still refuses a present that reaches it directly")
    func g9_presentedThroughUnifiedAdRefusesADirectPresent() async throws {
        let world = try GoogleTestWorld()
        let interstitial = try await InterstitialAd.load(adUnitID: "image-interstitial", host: world.host)
        try interstitial.present(from: world.context)
        let google = try #require(interstitial.googleAd)
        let shown = try #require(google.presentation)
        let other = try presentation(world)
        let error = thrownError { try google.present(other, context: providerContext(world)) }
        #expect(error?.code == .alreadyUsed)
        #expect(google.presentation == shown)
        #expect(interstitial.ad.phase == .presented)
    }
}
