import AdCore
import AdTestSupport
import Testing
import YandexProvider

@Suite("Yandex through the unified lifecycle")
@MainActor
struct UnifiedAdapterTests {
    @Test("The descriptor: Yandex serves the slider and the native formats; the unified ad counts and validates")
    func descriptor() {
        let descriptor = YandexProvider().descriptor
        #expect(descriptor.id == "yandex")
        #expect(descriptor.supportedFormats == [.nativeSlider, .native])
        // The block and its cards are the unified ad's parts: impressions and clicks are the core's, by Yandex's rule.
        #expect(!descriptor.selfReportsImpressions)
        #expect(!descriptor.selfReportsClicks)
        #expect(descriptor.impressionRule == .mrcDisplay.requiringFullyVisibleRequiredAssets)
        #expect(descriptor.retryPolicy == YandexProvider.retryPolicy)
        #expect(descriptor.clickPolicy.maximumDelayAfterImpression == .seconds(24 * 3600))
        #expect(descriptor.version.major == 7)
    }

    @Test("A slider through UnifiedAd: one block impression, one per card, card clicks with their component")
    func sliderThroughUnifiedAd() async throws {
        let world = try YandexWorld()
        try world.serve("slider-three-cards-sponsored.xml", as: "R-M-1")
        let ad = try world.test.makeAd(AdRequest(adUnitID: "R-M-1", format: .nativeSlider), provider: "yandex")
        await ad.load().value
        #expect(ad.phase == .loaded)
        let slider = try #require(ad.loadedAd as? SliderAd)
        #expect(slider.requiredAssets == [.sponsored])
        let nodes = try world.addSlider(cards: 3)
        let missing = thrownError { try ad.bind(AdBinding(container: nodes.slider)) }
        #expect(missing?.code == .bindingFailed)
        try ad.bind(AdBinding(container: nodes.slider, assets: [.sponsored: nodes.sponsored]))
        var containers: [NativeAdContainer] = []
        for (card, cardNodes) in zip(slider.cards, nodes.cards) { containers.append(try world.bind(card, cardNodes)) }
        world.driver.advance(by: .seconds(1))
        #expect(containers[0].click(on: nodes.cards[0].cta) == .counted)
        #expect(containers[0].click(on: nodes.cards[0].cta) == .repeated)
        if case .counted = ad.click(on: nodes.cards[0].cta) { Issue.record("a block-level click counted (Y8)") }
        world.driver.advance(by: .seconds(5))
        let events = world.test.events(of: ad)
        #expect(events.filter { $0 == "impression(R-M-1)" }.count == 1)
        #expect(events.filter { $0 == "impression(card-101)" }.count == 1)
        #expect(!events.contains("impression(card-102)"))
        #expect(events.filter { $0.hasPrefix("click(") } == ["click(card-101)"])
        #expect(events.first == "loadStarted")
        #expect(events.contains("bindingFailed(bindingFailed)"))
        ad.destroy()
        world.driver.advance(by: .seconds(5))
        #expect(world.test.events(of: ad) == events)
    }

    @Test("UnifiedAd.detach detaches the block and its cards: no impression counts while detached")
    func sliderDetachThroughUnifiedAd() async throws {
        let world = try YandexWorld()
        try world.serve("slider-three-cards-sponsored.xml", as: "R-M-1")
        let ad = try world.test.makeAd(AdRequest(adUnitID: "R-M-1", format: .nativeSlider), provider: "yandex")
        await ad.load().value
        let slider = try #require(ad.loadedAd as? SliderAd)
        let nodes = try world.addSlider(cards: 1)
        try ad.bind(AdBinding(container: nodes.slider, assets: [.sponsored: nodes.sponsored]))
        try world.bind(slider.cards[0], nodes.cards[0])
        world.driver.advance(by: .milliseconds(500))
        try ad.detach()
        #expect(!slider.cards[0].isBound)
        world.driver.advance(by: .seconds(5))
        #expect(!world.test.events(of: ad).contains { $0.hasPrefix("impression") })
        try ad.bind(AdBinding(container: nodes.slider, assets: [.sponsored: nodes.sponsored]))
        try world.bind(slider.cards[0], nodes.cards[0])
        world.driver.advance(by: .seconds(1))
        #expect(world.test.events(of: ad).filter { $0.hasPrefix("impression") }.count == 2)
    }

    @Test("A native ad through UnifiedAd: binds, counts its impression, takes a click and fires the tracking")
    func nativeThroughUnifiedAd() async throws {
        let world = try YandexWorld()
        try world.serve("native-all-assets.xml", as: "N-1")
        let ad = try world.test.makeAd(AdRequest(adUnitID: "N-1", format: .native), provider: "yandex")
        await ad.load().value
        let native = try #require(ad.loadedAd as? YandexNativeAd)
        let card = try world.addCard(x: 0, y: 100, to: world.test.feed)
        try ad.bind(AdBinding(container: card.container, assets: card.assets, clickViews: [card.cta]))
        guard case .rejected = ad.click(on: card.cta) else {
            Issue.record("a click before the impression counted (Y23)")
            return
        }
        world.driver.advance(by: .seconds(1))
        #expect(native.state.impressionAt != nil)
        #expect(ad.click(on: card.cta) == .counted)
        #expect(ad.click(on: card.cta) == .repeated)
        let events = world.test.events(of: ad)
        #expect(events.contains("impression(N-1)"))
        #expect(events.filter { $0.hasPrefix("click(") } == ["click(ad)"])
        #expect(world.beacons(.impression) == ["https://an.yandex.example/count/imp?c=native-1"])
        #expect(world.beacons(.click) == ["https://an.yandex.example/count/click?c=native-1"])
    }

    @Test("A stand-alone native ad works through its own NativeAdState and container")
    func nativeThroughItsState() async throws {
        let world = try YandexWorld()
        try world.serve("native-required-only.xml", as: "N-2")
        let ad = try world.host.makeAd(
            AdRequest(adUnitID: "N-2", format: .native, placementID: "article"), provider: YandexProvider.id)
        await ad.load().value
        let native = try #require(ad.loadedAd as? YandexNativeAd)
        var events: [String] = []
        native.state.onAdImpression { events.append("impression(\($0.component ?? "ad"))") }
            .onAdClick { events.append("click") }
        let nodes = try world.addCard(x: 0, y: 100, to: world.test.feed)
        let container = try world.bind(native.state, nodes)
        world.driver.advance(by: .seconds(1))
        #expect(container.click(on: nodes.cta) == .counted)
        #expect(events == ["impression(ad)", "click"])
        #expect(world.host.ledger.placements(holding: "cr-n2") == ["article"])
        native.destroy()
        #expect(world.host.ledger.placements(holding: "cr-n2").isEmpty)
    }

    @Test("Another format is refused with unsupportedFormat")
    func otherFormatRefused() async throws {
        let world = try YandexWorld()
        let error = thrownError {
            _ = try world.host.makeAd(AdRequest(adUnitID: "R-M-1", format: .interstitial), provider: "yandex")
        }
        #expect(error?.code == .unsupportedFormat)
        let direct = await {
            do throws(AdError) {
                _ = try await world.provider.load(
                    AdRequest(adUnitID: "R-M-1", format: .rewarded),
                    environment: world.host.environment(for: YandexProvider.id))
                return AdError?.none
            } catch { return error }
        }()
        #expect(direct?.code == .unsupportedFormat)
    }

    @Test("The viewability rule is configurable: 100 % for 500 ms")
    func configurableViewability() async throws {
        let world = try YandexWorld(
            impressionRule: ImpressionRule(minimumVisibleRatio: 1, minimumDuration: .milliseconds(500)))
        let state = try await world.loadedSlider()
        let log = SliderEventLog(state)
        log.watchCards(state)
        let nodes = try world.addSlider(cards: 2, cardWidth: 190)
        try world.bindAll(state, nodes)
        try world.tree.setFrame(nodes.cards[1].container, Rect(x: 300, y: 0, width: 190, height: 240))
        world.driver.advance(by: .milliseconds(499))
        #expect(log.count("impression(card-101)") == 0)
        world.driver.advance(by: .milliseconds(1))
        #expect(log.count("impression(card-101)") == 1)
        world.driver.advance(by: .seconds(10))
        #expect(log.count("impression(card-102)") == 0)  // only 100 of 190 points are visible
    }

    @Test("Y18: a slider leaves out creatives held by other placements, holds its own, and releases them")
    func y18_placementLedger() async throws {
        let world = try YandexWorld()
        let top = try await world.loadedSlider(placement: "top")
        #expect(world.host.ledger.placements(holding: "cr-101") == ["top"])
        let bottom = try await world.loadedSlider("slider-placed-elsewhere.xml", adUnit: "R-M-2", placement: "bottom")
        #expect(bottom.layout?.ads.map(\.card.creativeID) == ["cr-402", "cr-404"])
        #expect(world.host.ledger.placements(holding: "cr-402") == ["bottom"])
        #expect(world.host.diagnostics.entries.contains { $0.message.contains("Y18") })
        top.destroy()
        #expect(world.host.ledger.placements(holding: "cr-101").isEmpty)
        let again = try await world.loadedSlider("slider-placed-elsewhere.xml", adUnit: "R-M-3", placement: "side")
        #expect(again.layout?.ads.map(\.card.creativeID) == ["cr-101", "cr-102"])
    }

    @Test("Y18: when every candidate is placed elsewhere the slider fails with excludedCreative, not noFill")
    func y18_everythingPlacedElsewhere() async throws {
        let world = try YandexWorld()
        // The top slider must stay alive: a state released without destroy() frees its cards (Y18, C5).
        let top = try await world.loadedSlider(placement: "top")
        let duplicate = try await world.loadedSlider(adUnit: "R-M-9", placement: "bottom")
        #expect(duplicate.phase.error?.code == .excludedCreative)
        #expect(duplicate.phase.error?.message.contains("already placed") == true)
        #expect(top.phase.slider != nil)
    }
}
