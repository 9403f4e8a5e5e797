import AdCore
import AdTestSupport
import Observation
import Testing
import YandexProvider

@Suite("Yandex slider state")
@MainActor
struct SliderAdStateTests {
    @Test("Y1: the state is made from (request, options), owned by the host, and keeps its cards across renders")
    func y1_stateOutlivesRenders() async throws {
        let world = try YandexWorld()
        let options = NativeAdOptions(shouldLoadImagesAutomatically: false)
        let state = try await world.loadedSlider(options: options)
        #expect(state.request.adUnitID == "R-M-1")
        #expect(state.options == options)
        let firstRender = try #require(state.layout)
        let secondRender = try #require(state.layout)
        #expect(firstRender.ads.count == 3)
        for (a, b) in zip(firstRender.ads, secondRender.ads) { #expect(a === b) }
        #expect(state.requestCount == 1)
    }

    @Test("Y2: the phase goes idle → loading → loaded, and failed(error) on a failure")
    func y2_phases() async throws {
        let world = try YandexWorld()
        try world.serve("slider-three-cards-sponsored.xml", as: "R-M-1")
        let state = SliderAdState(
            request: AdRequest(adUnitID: "R-M-1", format: .nativeSlider), host: world.host, provider: world.provider)
        #expect(state.phase.description == "idle")
        let observed = ChangeFlag()
        withObservationTracking {
            _ = state.phase
        } onChange: {
            observed.set()
        }
        let task = state.loadAd()
        #expect(observed.isSet)  // @Observable: a view showing the phase re-renders
        #expect(state.phase.description == "loading")
        await task.value
        #expect(state.phase.slider != nil)
        let failing = SliderAdState(
            request: AdRequest(adUnitID: "unknown-unit", format: .nativeSlider), host: world.host,
            provider: world.provider)
        await failing.loadAd().value
        #expect(failing.phase.error?.code == .noFill)
    }

    @Test("Y3: nothing loads by itself; loadAd() after failed sends again; a loaded state is never re-targeted")
    func y3_explicitLoadOnly() async throws {
        let world = try YandexWorld()
        try world.serve("slider-three-cards-sponsored.xml", as: "R-M-1")
        let state = SliderAdState(
            request: AdRequest(adUnitID: "R-M-1", format: .nativeSlider), host: world.host, provider: world.provider)
        world.driver.advance(by: .seconds(60))
        #expect(world.transport.requests.isEmpty)
        #expect(state.phase.description == "idle")
        await state.loadAd().value
        await state.loadAd().value
        #expect(world.transport.requests.count == 1)
        #expect(world.warnings.contains { $0.contains("never re-targeted") })

        let retrying = SliderAdState(
            request: AdRequest(adUnitID: "R-M-2", format: .nativeSlider), host: world.host, provider: world.provider)
        await retrying.loadAd().value
        #expect(retrying.phase.error?.code == .noFill)
        try world.serve("slider-no-block-assets.xml", as: "R-M-2")
        await retrying.loadAd().value
        #expect(retrying.phase.slider?.cards.count == 2)
        #expect(world.transport.requests.filter { $0.adUnitID == "R-M-2" }.count == 2)
    }

    @Test("Y4: the layout lists one card state per ad in block order, and has() sees only the block's own assets")
    func y4_layout() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider()
        let layout = try #require(state.layout)
        #expect(layout.ads.map(\.id) == ["card-101", "card-102", "card-103"])
        #expect(layout.has(.sponsored))
        #expect(!layout.has(.title))  // every card has a title; the block does not
        #expect(layout.ads[0].has(.title))
        let bare = try await world.loadedSlider("slider-no-block-assets.xml", adUnit: "R-M-2")
        #expect(bare.layout?.has(.sponsored) == false)
        #expect(bare.layout?.blockAssets.isEmpty == true)
    }

    @Test("Y10: slider events are load, failure, binding failure and impression; cards add click and impression")
    func y10_events() async throws {
        let world = try YandexWorld()
        try world.serve("slider-three-cards-sponsored.xml", as: "R-M-1")
        let state = SliderAdState(
            request: AdRequest(adUnitID: "R-M-1", format: .nativeSlider), host: world.host, provider: world.provider)
        let log = SliderEventLog(state)
        await state.loadAd().value
        log.watchCards(state)
        let nodes = try world.addSlider(cards: 3)
        #expect(throws: AdError.self) { try SliderAdContainer(state: state, node: nodes.slider).bind(assets: [:]) }
        let containers = try world.bindAll(state, nodes)
        world.driver.advance(by: .seconds(1))
        #expect(containers[0].click(on: nodes.cards[0].cta) == .counted)
        #expect(
            log.events == [
                "load(3)", "bindingFailure(bindingFailed)", "impression(block)", "impression(card-101)",
                "click(card-101)",
            ])
        let failing = SliderAdState(
            request: AdRequest(adUnitID: "none", format: .nativeSlider), host: world.host, provider: world.provider)
        let failLog = SliderEventLog(failing)
        await failing.loadAd().value
        #expect(failLog.events == ["failure(noFill)"])
    }

    @Test("Y11: the API is main-actor only; a background task must hop to the main actor to load")
    func y11_mainActorOnly() async throws {
        let world = try YandexWorld()
        try world.serve("slider-three-cards-sponsored.xml", as: "R-M-1")
        let state = SliderAdState(
            request: AdRequest(adUnitID: "R-M-1", format: .nativeSlider), host: world.host, provider: world.provider)
        var loadedOnMain = false
        state.onAdLoad { _ in
            MainActor.assertIsolated()
            loadedOnMain = true
        }
        // `state.loadAd()` is @MainActor: from a detached task it compiles only with `await` (a hop to the main actor).
        let task = Task.detached { await state.loadAd() }
        await task.value.value
        #expect(loadedOnMain)
        #expect(state.phase.slider != nil)
    }

    @Test("Y12: a failed load is never retried automatically, and the host's retries are capped by the policy")
    func y12_noAutomaticRetryAndCappedRetries() async throws {
        let world = try YandexWorld(retryPolicy: LoadRetryPolicy(maximumRetries: 2))
        let state = SliderAdState(
            request: AdRequest(adUnitID: "empty", format: .nativeSlider), host: world.host, provider: world.provider)
        await state.loadAd().value
        world.driver.advance(by: .seconds(3600))
        await world.driver.settle()
        #expect(world.transport.requests.count == 1)
        await state.loadAd().value
        await state.loadAd().value
        #expect(world.transport.requests.count == 3)
        await state.loadAd().value  // the third retry is refused
        #expect(world.transport.requests.count == 3)
        #expect(state.phase.error?.code == .noFill)
        #expect(world.warnings.contains { $0.contains("retries") && $0.contains("Y12") })
    }

    @Test("Y14: with automatic image loading off, loadImages() loads block and card images at once, then completes")
    func y14_manualImageLoading() async throws {
        let world = try YandexWorld(imageDelay: .milliseconds(300))
        let state = try await world.loadedSlider(options: NativeAdOptions(shouldLoadImagesAutomatically: false))
        world.driver.advance(by: .seconds(5))
        #expect(world.loader.requested.isEmpty)
        let cards = try #require(state.layout?.ads)
        #expect(cards.allSatisfy { !$0.imagesLoaded })
        let assetViewUpdated = ChangeFlag()
        withObservationTracking {
            _ = cards[0].loadedImageURLs
        } onChange: {
            assetViewUpdated.set()
        }
        var failures: [String] = []
        state.onImageLoadFailure { url, _ in failures.append(url) }
        var completions: [Bool] = []
        state.loadImages { completions.append(failures.isEmpty) }
        // Every card has an icon, a media image and a feedback image; all are requested at once.
        #expect(world.loader.requested.count == 9)
        world.driver.advance(by: .milliseconds(299))
        #expect(completions.isEmpty)
        world.driver.advance(by: .milliseconds(1))
        #expect(completions == [true])
        #expect(assetViewUpdated.isSet)
        #expect(cards.allSatisfy { $0.imagesLoaded })
        #expect(state.imagesLoaded)
        #expect(cards[0].loadedImageURLs.contains("https://img.yandex.example/card-101-media.jpg"))
    }

    @Test("Y14: images load by themselves when options leave automatic loading on; the async form waits for all")
    func y14_automaticAndAsyncImageLoading() async throws {
        let world = try YandexWorld(imageDelay: .milliseconds(300))
        let automatic = try await world.loadedSlider()
        #expect(world.loader.requested.count == 9)
        world.driver.advance(by: .milliseconds(300))
        #expect(automatic.imagesLoaded)

        let manual = try await world.loadedSlider(
            "slider-no-block-assets.xml", adUnit: "R-M-2",
            options: NativeAdOptions(shouldLoadImagesAutomatically: false))
        let task = world.driver.spawn { await manual.loadImages() }
        await world.driver.settle()
        #expect(!manual.imagesLoaded)
        world.driver.advance(by: .milliseconds(300))
        await task.value
        #expect(manual.imagesLoaded)
    }

    @Test("Y14: a failing image makes loadImages() report the error; the other images still load")
    func y14_failingImage() async throws {
        let broken = "https://img.yandex.example/card-102-media.jpg"
        let world = try YandexWorld(failingImages: [broken])
        let state = try await world.loadedSlider(options: NativeAdOptions(shouldLoadImagesAutomatically: false))
        var outcome: [(String, AdError)]?
        var failures: [(String, AdError)] = []
        state.onImageLoadFailure { failures.append(($0, $1)) }
        state.loadImages { outcome = failures }
        world.driver.advance(by: .seconds(1))
        #expect(outcome?.isEmpty == false)  // loadImages() reported the failing image's error
        #expect(state.layout?.ads[0].imagesLoaded == true)
        #expect(state.layout?.ads[1].imagesLoaded == false)
    }

    @Test("Y14: the default loader fetches every image through the host's transport")
    func y14_imagesThroughTransport() async throws {
        let world = try YandexWorld(imageLoader: TransportImageLoader())
        let state = try await world.loadedSlider(
            "slider-no-block-assets.xml", options: NativeAdOptions(shouldLoadImagesAutomatically: false))
        let cards = try #require(state.layout?.ads)
        let urls = Set(cards.flatMap(\.card.imageURLs))
        for url in urls where !url.contains("card-202-media") {
            world.transport.respond(to: url, with: .body([0x89, 0x50, 0x4E, 0x47]))
        }
        var outcome: [(String, AdError)]?
        var failures: [(String, AdError)] = []
        state.onImageLoadFailure { failures.append(($0, $1)) }
        state.loadImages { outcome = failures }
        await world.driver.settle()
        #expect(Set(world.transport.requests.compactMap(\.url)) == urls)
        #expect(cards[0].imagesLoaded)
        #expect(!cards[1].imagesLoaded)  // its media image has no response: noFill from the transport
        #expect(outcome?.isEmpty == false)  // loadImages() reported the failing image's error
    }

    @Test("Y14: loadImages() requests the block's images with the cards' and the block's image views update")
    func y14_blockImagesLoadWithCards() async throws {
        let broken = "https://img.yandex.example/card-702-media.jpg"
        let world = try YandexWorld(imageDelay: .milliseconds(300), failingImages: [broken])
        world.transport.respond(to: "R-M-7", with: .body(Array(Self.sliderWithBlockImage.utf8)))
        let blockState = SliderAdState(
            request: AdRequest(adUnitID: "R-M-7", format: .nativeSlider),
            options: NativeAdOptions(shouldLoadImagesAutomatically: false), host: world.host, provider: world.provider)
        await blockState.loadAd().value
        let slider = try #require(blockState.phase.slider)
        let blockIcon = "https://img.yandex.example/block-700-icon.png"
        #expect(blockState.layout?.blockAsset(.icon)?.imageURL == blockIcon)
        #expect(!slider.blockImagesLoaded)
        let blockViewUpdated = ChangeFlag()
        withObservationTracking {
            _ = slider.loadedBlockImageURLs
        } onChange: {
            blockViewUpdated.set()
        }
        var outcome: [(String, AdError)]?
        var failures: [(String, AdError)] = []
        blockState.onImageLoadFailure { failures.append(($0, $1)) }
        blockState.loadImages { outcome = failures }
        // One request each, all at once: the block's icon and every card's images.
        #expect(
            Set(world.loader.requested) == [
                blockIcon, "https://img.yandex.example/card-701-media.jpg", broken,
            ])
        world.driver.advance(by: .milliseconds(299))
        #expect(!blockViewUpdated.isSet)
        world.driver.advance(by: .milliseconds(1))
        #expect(blockViewUpdated.isSet)
        #expect(slider.loadedBlockImageURLs == [blockIcon])
        #expect(slider.blockImagesLoaded)
        // A card image failed: loadImages() reports it, yet the block's own image loaded and its view updated.
        #expect(outcome?.isEmpty == false)  // loadImages() reported the failing image's error
        #expect(!blockState.imagesLoaded)
    }

    /// A slider whose block carries an image asset of its own (an icon) next to its sponsored label (Y14).
    static let sliderWithBlockImage = """
        <?xml version="1.0" encoding="UTF-8"?>
        <VAST version="4.2">
          <Ad id="blk-700">
            <InLine>
              <AdSystem version="7.12.0">Yandex Mobile Ads</AdSystem>
              <AdTitle>Slider block</AdTitle>
              <Impression><![CDATA[https://an.yandex.example/count/block?b=blk-700]]></Impression>
              <Creatives><Creative id="blk-700"/></Creatives>
              <Extensions>
                <Extension type="yandex-slider">
                  <Asset kind="sponsored" required="true"><Text>Реклама</Text></Asset>
                  <Asset kind="icon"><Image url="https://img.yandex.example/block-700-icon.png" width="24" height="24"/></Asset>
                </Extension>
              </Extensions>
            </InLine>
          </Ad>
        \(sliderCard(701))
        \(sliderCard(702))
        </VAST>
        """

    /// A card of ``sliderWithBlockImage``: title, media image and call to action, all required.
    static func sliderCard(_ number: Int) -> String {
        """
          <Ad id="card-\(number)">
            <InLine>
              <AdSystem version="7.12.0">Yandex Mobile Ads</AdSystem>
              <AdTitle>Card</AdTitle>
              <Impression><![CDATA[https://an.yandex.example/count/imp?c=card-\(number)]]></Impression>
              <Creatives>
                <Creative id="cr-\(number)">
                  <CreativeExtensions>
                    <CreativeExtension type="yandex-native">
                      <Asset kind="title" required="true"><Text>Offer \(number)</Text></Asset>
                      <Asset kind="media" required="true"><Image url="https://img.yandex.example/card-\(number)-media.jpg" width="320" height="180"/></Asset>
                      <Asset kind="callToAction" required="true"><Text>Open</Text></Asset>
                    </CreativeExtension>
                  </CreativeExtensions>
                </Creative>
              </Creatives>
            </InLine>
          </Ad>
        """
    }

    @Test("Y16: the demo ad unit in a release build records a warning; in a debug build it does not")
    func y16_demoUnitInRelease() async throws {
        let release = try YandexWorld(configuration: .release)
        _ = try await release.loadedSlider("demo-native-slider-yandex.xml", adUnit: YandexProvider.demoSliderAdUnitID)
        #expect(release.warnings.contains { $0.contains("demo-native-slider-yandex") && $0.contains("release") })
        let debug = try YandexWorld(configuration: .debug)
        let state = try await debug.loadedSlider(
            "demo-native-slider-yandex.xml", adUnit: YandexProvider.demoSliderAdUnitID)
        #expect(state.layout?.ads.count == 3)
        #expect(!debug.warnings.contains { $0.contains("demo") })
    }

    @Test("Y16: every build that goes to the store warns about the demo unit, a store beta as much as a release")
    func y16_demoUnitWarnsInEveryStoreBuild() async throws {
        for configuration in YandexBuildConfiguration.allCases {
            let world = try YandexWorld(configuration: configuration)
            _ = try await world.loadedSlider(
                "demo-native-slider-yandex.xml", adUnit: YandexProvider.demoSliderAdUnitID)
            let warned = world.warnings.contains {
                $0.contains("demo-native-slider-yandex") && $0.contains(configuration.rawValue)
                    && $0.contains("before the build goes to the store")
            }
            #expect(warned == configuration.isUploadedToStore, "\(configuration)")
        }
        #expect(YandexBuildConfiguration.allCases.filter(\.isUploadedToStore) == [.storeBeta, .release])
    }

    @Test("Y17: logging is off until switched on; then integration problems come with a recommendation")
    func y17_loggingWithRecommendations() async throws {
        let world = try YandexWorld()
        world.host.diagnostics.isEnabled = false
        let state = try await world.loadedSlider()
        let nodes = try world.addSlider(cards: 1)
        let outside = try world.addCard(x: 0, y: 500, to: world.test.feed)
        try world.bind(try #require(state.layout?.ads[0]), outside)
        #expect(world.host.diagnostics.entries.isEmpty)

        YandexProvider.enableLogging(world.host.diagnostics)
        var forwarded: [AdDiagnostics.Entry] = []
        world.host.diagnostics.handler = { forwarded.append($0) }
        try SliderAdContainer(state: state, node: nodes.slider).bind(assets: [.sponsored: nodes.sponsored])
        try world.bind(try #require(state.layout?.ads[1]), try world.addCard(x: 0, y: 560, to: world.test.feed))
        let entry = try #require(forwarded.first { $0.level == .warning && $0.message.contains("card-102") })
        #expect(entry.message.contains("block's impression is lost"))
        #expect(entry.recommendation?.contains("SliderAdContainer") == true)
    }

    @Test("Y18: a slider state released without destroy() frees its cards for the app's other placements")
    func y18_releasedStateFreesItsCards() async throws {
        let world = try YandexWorld()
        let log = try await loadBindAndRelease(world)
        #expect(world.host.ledger.placements(holding: "cr-101").isEmpty)
        world.driver.advance(by: .seconds(5))
        #expect(log.events.isEmpty)  // released before its impression: no timer survives, no event (C5)
        #expect(world.beacons.sent.isEmpty)
        let bottom = try await world.loadedSlider(adUnit: "R-M-bottom", placement: "bottom")
        #expect(bottom.phase.error == nil)
        #expect(bottom.layout?.ads.map(\.id) == ["card-101", "card-102", "card-103"])
        #expect(world.host.ledger.placements(holding: "cr-101") == ["bottom"])
    }

    /// Loads a slider in the `top` placement, binds it, and lets the state go without calling `destroy()`; the
    /// returned log keeps recording whatever the released state and its cards might still raise.
    private func loadBindAndRelease(_ world: YandexWorld) async throws -> SliderEventLog {
        let top = try await world.loadedSlider(adUnit: "R-M-top", placement: "top")
        let log = SliderEventLog(top)
        log.watchCards(top)
        try world.bindAll(top, try world.addSlider(cards: 3))
        #expect(world.host.ledger.placements(holding: "cr-101") == ["top"])
        #expect(log.events.isEmpty)
        return log
    }

    @Test("Y18: a stand-alone native ad released without destroy() frees its creative for other placements")
    func y18_releasedNativeAdFreesItsCreative() async throws {
        let world = try YandexWorld()
        try world.serve("native-all-assets.xml", as: "N-1")
        var creative = ""
        do {
            let request = AdRequest(adUnitID: "N-1", format: .native, placementID: "top")
            let top = try await world.provider.loadNative(
                request, environment: world.host.environment(for: YandexProvider.id, request: request))
            creative = top.info.creativeIDs.first ?? ""
            #expect(world.host.ledger.placements(holding: creative) == ["top"])
        }
        #expect(world.host.ledger.placements(holding: creative).isEmpty)
        let request = AdRequest(adUnitID: "N-1", format: .native, placementID: "bottom")
        let bottom = try await world.provider.loadNative(
            request, environment: world.host.environment(for: YandexProvider.id, request: request))
        #expect(bottom.info.creativeIDs == [creative])
    }

    @Test("Y19: cards keep the order of the response (the server's ranking), also after exclusions")
    func y19_responseOrder() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider("slider-placed-elsewhere.xml")
        #expect(state.layout?.ads.map(\.id) == ["card-401", "card-402", "card-403", "card-404"])
        #expect(state.phase.slider?.info.creativeIDs == ["cr-101", "cr-402", "cr-102", "cr-404"])
        let other = try YandexWorld()
        let top = try await other.loadedSlider("slider-three-cards-sponsored.xml", adUnit: "R-M-top", placement: "top")
        #expect(top.layout?.ads.map(\.id) == ["card-101", "card-102", "card-103"])
        let bottom = try await other.loadedSlider(
            "slider-placed-elsewhere.xml", adUnit: "R-M-bottom", placement: "bottom")
        #expect(bottom.layout?.ads.map(\.id) == ["card-402", "card-404"])
    }

    @Test("Y21: extra targeting parameters (Adfox) travel to the transport unchanged")
    func y21_parametersReachTransport() async throws {
        let world = try YandexWorld()
        let parameters = ["adf_ownerid": "270901", "adf_p1": "cqtgg", "adf_pt": "b"]
        _ = try await world.loadedSlider(parameters: parameters)
        let request = try #require(world.transport.requests.last)
        #expect(request.parameters == parameters)
        #expect(request.providerID == "yandex")
        #expect(request.format == .nativeSlider)
    }

    @Test("C7: a slider load that gets no answer fails with a timeout, and the state may load again")
    func c7_loadTimeout() async throws {
        let world = try YandexWorld()
        world.transport.respond(to: "silent", with: .never)
        let state = SliderAdState(
            request: AdRequest(adUnitID: "silent", format: .nativeSlider, timeout: .seconds(5)), host: world.host,
            provider: world.provider)
        let task = state.loadAd()
        await world.driver.settle()
        world.driver.advance(by: .seconds(5))
        #expect(state.phase.error?.code == .timeout)
        await task.value
        #expect(state.phase.error?.code == .timeout)
    }

    @Test("A destroyed state raises no event and refuses to load")
    func destroyedStateIsSilent() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider()
        let log = SliderEventLog(state)
        log.watchCards(state)
        let nodes = try world.addSlider(cards: 3)
        try world.bindAll(state, nodes)
        state.destroy()
        world.driver.advance(by: .seconds(5))
        await state.loadAd().value
        #expect(log.events.isEmpty)
        #expect(world.beacons.sent.isEmpty)
        #expect(world.transport.requests.count == 1)
    }
}
