import AdCore
import AdTestSupport
import Testing
import YandexProvider

@Suite("Yandex slider binding, impressions and clicks")
@MainActor
struct SliderBindingTests {
    @Test("Y5: each card binds through its own container with the native primitives; missing ones are named")
    func y5_cardContainerPrimitives() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider()
        let cards = try #require(state.layout?.ads)
        let nodes = try world.addSlider(cards: 3)
        try SliderAdContainer(state: state, node: nodes.slider).bind(assets: [.sponsored: nodes.sponsored])
        let expected: Set<AssetKind> = [
            .icon, .title, .domain, .sponsored, .age, .feedback, .media, .body, .callToAction, .warning,
        ]
        #expect(Set(cards[0].card.assets.map(\.kind)) == expected)
        var failures: [AdError] = []
        cards[1].onAdBindingFailure { failures.append($0) }
        var partial = nodes.cards[1].assets
        partial[.title] = nil
        partial[.media] = nil
        let error = thrownError {
            try NativeAdContainer(state: cards[1], node: nodes.cards[1].container).bind(assets: partial)
        }
        #expect(error?.code == .bindingFailed)
        #expect(error?.message.contains("title (not rendered)") == true)
        #expect(error?.message.contains("media (not rendered)") == true)
        #expect(failures.count == 1)
        #expect(!cards[1].isBound)
        try world.bind(cards[0], nodes.cards[0])
        #expect(cards[0].isBound)
    }

    @Test("Y5: a stand-alone native ad uses the same primitives; optional assets may be absent")
    func y5_standAloneNativeSamePrimitives() async throws {
        let world = try YandexWorld()
        try world.serve("native-all-assets.xml", as: "N-1")
        try world.serve("native-required-only.xml", as: "N-2")
        let environment = world.host.environment(for: YandexProvider.id)
        let full = try await world.provider.loadNative(
            AdRequest(adUnitID: "N-1", format: .native), environment: environment)
        #expect(full.state.card.assets.count == 10)
        let lean = try await world.provider.loadNative(
            AdRequest(adUnitID: "N-2", format: .native), environment: environment)
        #expect(lean.state.card.assets.map(\.kind) == [.title, .sponsored, .media, .callToAction])
        #expect(!lean.state.has(.icon))
        #expect(lean.requiredAssets == [.title, .sponsored, .media, .callToAction])
    }

    @Test("Y6: block assets are rendered inside the slider container; one outside fails the block's binding")
    func y6_blockAssetsInsideSliderContainer() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider()
        let nodes = try world.addSlider(cards: 1)
        let stray = try world.tree.makeNode(frame: Rect(x: 0, y: 600, width: 80, height: 20))
        try world.tree.addChild(stray, to: world.test.feed)
        let container = SliderAdContainer(state: state, node: nodes.slider)
        let error = thrownError { try container.bind(assets: [.sponsored: stray]) }
        #expect(error?.code == .bindingFailed)
        #expect(error?.message.contains("sponsored (outside the container)") == true)
        try container.bind(assets: [.sponsored: nodes.sponsored])
        #expect(state.phase.slider?.blockBinding?.assets[.sponsored] == nodes.sponsored)
    }

    @Test("Y7: a card outside the slider container counts its own impression, never the block's, and is reported")
    func y7_cardOutsideSliderContainer() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider()
        let log = SliderEventLog(state)
        log.watchCards(state)
        let nodes = try world.addSlider(cards: 0)
        try SliderAdContainer(state: state, node: nodes.slider).bind(assets: [.sponsored: nodes.sponsored])
        let outside = try world.addCard(x: 0, y: 450, to: world.test.feed)
        try world.bind(try #require(state.layout?.ads[0]), outside)
        world.driver.advance(by: .seconds(10))
        #expect(log.events == ["impression(card-101)"])
        #expect(state.phase.slider?.blockImpressionCounted == false)
        #expect(!world.beacons(.impression).contains { $0.contains("block") })
        #expect(
            world.host.diagnostics.entries.contains {
                $0.level == .warning && $0.message.contains("card-101") && $0.message.contains("outside")
                    && $0.recommendation?.contains("inside the SliderAdContainer") == true
            })
    }

    @Test("Y7: a card bound before its slider container is not reported when the container binds in time")
    func y7_cardBeforeSliderContainerInTime() async throws {
        for cardFirst in [true, false] {
            let world = try YandexWorld()
            let state = try await world.loadedSlider()
            let log = SliderEventLog(state)
            log.watchCards(state)
            let nodes = try world.addSlider(cards: 1)
            let card = try #require(state.layout?.ads[0])
            let container = SliderAdContainer(state: state, node: nodes.slider)
            if cardFirst {
                try world.bind(card, nodes.cards[0])
                world.driver.advance(by: .milliseconds(500))
                try container.bind(assets: [.sponsored: nodes.sponsored])
            } else {
                try container.bind(assets: [.sponsored: nodes.sponsored])
                world.driver.advance(by: .milliseconds(500))
                try world.bind(card, nodes.cards[0])
            }
            world.driver.advance(by: .seconds(2))
            #expect(log.count("impression(card-101)") == 1, "card first: \(cardFirst)")
            #expect(log.count("impression(block)") == 1, "card first: \(cardFirst)")
            #expect(!world.warnings.contains { $0.contains("card-101") }, "card first: \(cardFirst)")
        }
    }

    @Test("Y7: a card that counts its impression while the slider container is unbound is reported, once")
    func y7_cardCountsWithoutSliderContainer() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider()
        let log = SliderEventLog(state)
        log.watchCards(state)
        let nodes = try world.addSlider(cards: 1)
        try world.bind(try #require(state.layout?.ads[0]), nodes.cards[0])
        world.driver.advance(by: .milliseconds(999))
        #expect(!world.warnings.contains { $0.contains("card-101") })  // the container may still be bound in time
        world.driver.advance(by: .milliseconds(1))
        #expect(log.events == ["impression(card-101)"])
        let reports = world.host.diagnostics.entries.filter { $0.level == .warning && $0.message.contains("card-101") }
        #expect(reports.count == 1)
        #expect(reports.first?.message.contains("slider container is not bound") == true)
        #expect(reports.first?.recommendation?.contains("Y7") == true)
        // Bound late, the container still counts the block's impression (the card is inside it): no more reports.
        try SliderAdContainer(state: state, node: nodes.slider).bind(assets: [.sponsored: nodes.sponsored])
        world.driver.advance(by: .seconds(1))
        #expect(log.events == ["impression(card-101)", "impression(block)"])
        #expect(world.host.diagnostics.entries.filter { $0.level == .warning }.count == 1)
    }

    @Test("Y8: the block has no click: no click views on the block, and clicks come only from cards")
    func y8_noBlockClick() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider()
        let nodes = try world.addSlider(cards: 1)
        let slider = try #require(state.phase.slider)
        let error = thrownError {
            try slider.attachForTest(
                AdBinding(
                    container: nodes.slider, assets: [.sponsored: nodes.sponsored], clickViews: [nodes.sponsored]),
                host: world.host)
        }
        #expect(error?.code == .invalidBinder)
        #expect(error?.hint?.contains("Y8") == true)
        let refusal = slider.validateClick(on: nodes.slider, part: .main, binding: AdBinding(container: nodes.slider))
        #expect(refusal?.code == .clickRejected)
        let log = SliderEventLog(state)
        log.watchCards(state)
        let cards = try world.bindAll(state, nodes)
        world.driver.advance(by: .seconds(1))
        #expect(cards[0].click(on: nodes.cards[0].cta) == .counted)
        #expect(log.events.filter { $0.hasPrefix("click") } == ["click(card-101)"])
    }

    @Test("Y9: a required block asset not rendered fails the block's binding; cards still bind and count")
    func y9_requiredBlockAssetMissing() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider()
        let log = SliderEventLog(state)
        log.watchCards(state)
        let nodes = try world.addSlider(cards: 1)
        let error = thrownError { try SliderAdContainer(state: state, node: nodes.slider).bind() }
        #expect(error?.code == .bindingFailed)
        #expect(error?.message.contains("sponsored (not rendered)") == true)
        #expect(error?.hint?.contains("has(kind)") == true)
        try world.bind(try #require(state.layout?.ads[0]), nodes.cards[0])
        world.driver.advance(by: .seconds(5))
        #expect(log.events == ["bindingFailure(bindingFailed)", "impression(card-101)"])
        #expect(state.phase.slider?.blockImpressionCounted == false)
    }

    @Test("Y9: a block without assets of its own binds with its cards alone and counts its impression")
    func y9_blockWithoutAssetsBindsWithCards() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider("slider-no-block-assets.xml")
        let log = SliderEventLog(state)
        let nodes = try world.addSlider(cards: 2)
        try SliderAdContainer(state: state, node: nodes.slider).bind()
        for (card, cardNodes) in zip(try #require(state.layout?.ads), nodes.cards) { try world.bind(card, cardNodes) }
        world.driver.advance(by: .seconds(1))
        #expect(log.count("impression(block)") == 1)
        #expect(world.beacons(.impression).contains("https://an.yandex.example/count/block?b=blk-200"))
    }

    @Test("Y9: the block's impression needs at least one card bound inside it")
    func y9_blockImpressionNeedsCards() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider()
        let log = SliderEventLog(state)
        let nodes = try world.addSlider(cards: 1)
        try SliderAdContainer(state: state, node: nodes.slider).bind(assets: [.sponsored: nodes.sponsored])
        world.driver.advance(by: .seconds(5))
        #expect(log.events.isEmpty)
        try world.bind(try #require(state.layout?.ads[0]), nodes.cards[0])
        world.driver.advance(by: .seconds(1))
        #expect(log.count("impression(block)") == 1)
    }

    @Test("Y13: a zero-size card never counts an impression, and the host is told why")
    func y13_zeroSizeCard() async throws {
        let world = try YandexWorld()
        let slider = try await world.boundSlider(cards: 2)
        let state = slider.state
        let log = slider.log
        let nodes = slider.nodes
        try world.tree.setFrame(nodes.cards[0].container, Rect(x: 0, y: 0, width: 300, height: 0))
        world.driver.advance(by: .seconds(30))
        #expect(log.count("impression(card-101)") == 0)
        let zeroWidth = try world.addCard(x: 0, y: 0, width: 0, to: nodes.scroller)
        let third = try #require(state.layout?.ads[2])
        _ = thrownError { try world.bind(third, zeroWidth) }
        world.driver.advance(by: .seconds(30))
        #expect(log.count("impression(card-103)") == 0)
    }

    @Test("Y13: binding a card to a zero-size container records a diagnostic naming the fix")
    func y13_zeroSizeDiagnostic() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider("slider-no-block-assets.xml")
        let nodes = try world.addSlider(cards: 1)
        let card = try #require(state.layout?.ads[0])
        let empty = try world.addCard(x: 0, width: 0, to: nodes.scroller)
        try world.bind(card, empty)
        world.driver.advance(by: .seconds(10))
        #expect(
            world.host.diagnostics.entries.contains {
                $0.message.contains("zero-size") && $0.recommendation?.contains("Y13") == true
            })
        #expect(card.isBound)
        #expect(card.impressionAt == nil)
    }

    @Test("Y15: the impression counts by visibility without waiting for images")
    func y15_impressionDoesNotWaitForImages() async throws {
        let world = try YandexWorld(imageDelay: .seconds(3600))
        let slider = try await world.boundSlider(
            cards: 1, options: NativeAdOptions(shouldLoadImagesAutomatically: false))
        let state = slider.state
        let log = slider.log
        world.driver.advance(by: .seconds(1))
        #expect(state.layout?.ads[0].imagesLoaded == false)
        #expect(log.count("impression(card-101)") == 1)
        #expect(log.count("impression(block)") == 1)
    }

    @Test("Y20: a video card carries its video and counts by the video rule (50 % for 2 s)")
    func y20_videoCard() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider("slider-video-card.xml")
        let log = SliderEventLog(state)
        log.watchCards(state)
        let cards = try #require(state.layout?.ads)
        #expect(!cards[0].card.isVideo)
        #expect(cards[1].card.isVideo)
        #expect(
            cards[1].asset(.media)?.content
                == .video(
                    url: "https://video.yandex.example/card-302.mp4", width: 320, height: 180,
                    duration: .seconds(15)))
        #expect(cards[1].impressionRule == .mrcVideo.requiringFullyVisibleRequiredAssets)
        let slider = try world.tree.makeNode(frame: Rect(x: 0, y: 100, width: 400, height: 600))
        try world.tree.addChild(slider, to: world.test.feed)
        let sponsored = try world.tree.makeNode(frame: Rect(x: 0, y: 0, width: 60, height: 20))
        try world.tree.addChild(sponsored, to: slider)
        try SliderAdContainer(state: state, node: slider).bind(assets: [.sponsored: sponsored])
        try world.bind(cards[0], try world.addCard(x: 0, y: 30, to: slider))
        try world.bind(cards[1], try world.addCard(x: 0, y: 300, to: slider))
        world.driver.advance(by: .seconds(1))
        #expect(log.count("impression(card-301)") == 1)
        #expect(log.count("impression(card-302)") == 0)
        world.driver.advance(by: .seconds(1))
        #expect(log.count("impression(card-302)") == 1)
    }

    @Test("Y22: a hidden or transparent ancestor, or an inactive app, means no impression")
    func y22_hiddenTransparentInactive() async throws {
        for obstruction in ["hidden", "transparent", "background"] {
            let world = try YandexWorld()
            let slider = try await world.boundSlider(cards: 1)
            let log = slider.log
            let nodes = slider.nodes
            switch obstruction {
            case "hidden": try world.tree.setHidden(nodes.scroller, true)
            case "transparent": try world.tree.setAlpha(nodes.slider, 0)
            default: try world.tree.setForeground(world.test.window, false)
            }
            world.driver.advance(by: .seconds(10))
            #expect(log.events.filter { $0.hasPrefix("impression") }.isEmpty, "\(obstruction)")
            switch obstruction {
            case "hidden": try world.tree.setHidden(nodes.scroller, false)
            case "transparent": try world.tree.setAlpha(nodes.slider, 1)
            default: try world.tree.setForeground(world.test.window, true)
            }
            world.driver.advance(by: .seconds(1))
            #expect(log.count("impression(card-101)") == 1, "\(obstruction)")
        }
    }

    @Test("Y22: required assets must be fully visible inside the card before it counts")
    func y22_requiredAssetsFullyVisible() async throws {
        let world = try YandexWorld()
        let slider = try await world.boundSlider(cards: 1)
        let log = slider.log
        let nodes = slider.nodes
        // The card is 300 points wide; scrolled by 250 it shows 50 points: the call-to-action is half cut off.
        try world.tree.setFrame(nodes.cards[0].container, Rect(x: 0, y: 0, width: 400, height: 240))
        try world.tree.setFrame(nodes.cards[0].cta, Rect(x: 300, y: 180, width: 200, height: 44))
        world.driver.advance(by: .seconds(3))
        #expect(log.count("impression(card-101)") == 0)
        try world.tree.setFrame(nodes.cards[0].cta, Rect(x: 10, y: 180, width: 200, height: 44))
        world.driver.advance(by: .seconds(1))
        #expect(log.count("impression(card-101)") == 1)
    }

    @Test("Y22: the whole second must satisfy every condition: a required asset hidden at first restarts it")
    func y22_requiredAssetHiddenThenShownRestartsTheSecond() async throws {
        let world = try YandexWorld()
        let slider = try await world.boundSlider(cards: 1)
        let log = slider.log
        let cta = slider.nodes.cards[0].cta
        // The card is fully visible from 0 s, but its required call-to-action is hidden for the first 950 ms.
        try world.tree.setHidden(cta, true)
        world.driver.advance(by: .milliseconds(950))
        try world.tree.setHidden(cta, false)
        world.driver.advance(by: .milliseconds(50))
        #expect(log.count("impression(card-101)") == 0)  // only 50 ms of the second had the CTA visible
        world.driver.advance(by: .milliseconds(949))
        #expect(log.count("impression(card-101)") == 0)
        world.driver.advance(by: .milliseconds(1))
        #expect(log.count("impression(card-101)") == 1)  // one full second after the CTA became visible
        #expect(slider.state.layout?.ads[0].impressionAt == AdInstant(sinceEpoch: .milliseconds(1950)))
    }

    @Test("Y22: the block's second holds only while one of its cards is seen; a hidden card restarts it")
    func y22_blockSecondNeedsACardSeenThroughout() async throws {
        let world = try YandexWorld()
        let slider = try await world.boundSlider(cards: 1)
        let log = slider.log
        let card = slider.nodes.cards[0].container
        // The block's container is visible from 0 s, but its only card is hidden for the first 950 ms.
        try world.tree.setHidden(card, true)
        world.driver.advance(by: .milliseconds(950))
        try world.tree.setHidden(card, false)
        world.driver.advance(by: .milliseconds(999))
        #expect(log.count("impression(block)") == 0)  // a card was seen for 999 ms of a continuous second only
        world.driver.advance(by: .milliseconds(1))
        #expect(log.count("impression(block)") == 1)
        #expect(slider.state.phase.slider?.blockImpressionAt == AdInstant(sinceEpoch: .milliseconds(1950)))
    }

    @Test("Y22: one view shows one ad: a second card, or a stand-alone native ad, cannot bind a view that is taken")
    func y22_oneViewOneAd() async throws {
        let world = try YandexWorld()
        let slider = try await world.boundSlider(cards: 2)
        let log = slider.log
        let taken = slider.nodes.cards[0].container
        let second = try #require(slider.state.layout?.ads[1])
        slider.containers[1].detach()
        let error = thrownError {
            try NativeAdContainer(state: second, node: taken).bind(assets: slider.nodes.cards[1].assets, clickViews: [])
        }
        #expect(error?.code == .invalidBinder)
        #expect(error?.hint?.contains("Y22") == true)
        // A stand-alone native ad through UnifiedAd is refused the same view.
        try world.serve("native-all-assets.xml", as: "N-1")
        let native = try world.test.makeAd(AdRequest(adUnitID: "N-1", format: .native), provider: "yandex")
        await native.load().value
        let refused = thrownError { try native.bind(AdBinding(container: taken, assets: slider.nodes.cards[0].assets)) }
        #expect(refused?.code == .invalidBinder)
        world.driver.advance(by: .seconds(2))
        #expect(log.count("impression(card-101)") == 1)
        #expect(log.count("impression(card-102)") == 0)
        // Once the first card leaves the view, another ad may take it.
        slider.containers[0].detach()
        try native.bind(AdBinding(container: taken, assets: slider.nodes.cards[0].assets))
        #expect(native.phase == .bound)
    }

    @Test("Y9/Y22: a slider bound while it fades in (alpha 0) or is hidden binds, and counts once it is visible")
    func y9_boundWhileFadingInCountsLater() async throws {
        for hide in ["alpha", "hidden"] {
            let world = try YandexWorld()
            let state = try await world.loadedSlider()
            let log = SliderEventLog(state)
            log.watchCards(state)
            let nodes = try world.addSlider(cards: 1)
            let show = { (visible: Bool) throws in
                if hide == "alpha" {
                    try world.tree.setAlpha(nodes.slider, visible ? 1 : 0)
                } else {
                    try world.tree.setHidden(nodes.slider, !visible)
                }
            }
            try show(false)
            try world.bindAll(state, nodes)
            #expect(state.layout?.ads.first?.isBound == true, "\(hide)")
            world.driver.advance(by: .seconds(2))
            #expect(log.count("impression(block)") == 0, "\(hide)")
            try show(true)
            world.driver.advance(by: .seconds(1))
            #expect(log.count("impression(block)") == 1, "\(hide)")
            #expect(log.count("impression(card-101)") == 1, "\(hide)")
        }
    }

    @Test("Y22: a required asset cut off in the middle of the second restarts it")
    func y22_requiredAssetCutOffMidSecondRestarts() async throws {
        let world = try YandexWorld()
        let slider = try await world.boundSlider(cards: 1)
        let log = slider.log
        let cta = slider.nodes.cards[0].cta
        world.driver.advance(by: .milliseconds(600))
        try world.tree.setFrame(cta, Rect(x: 250, y: 180, width: 200, height: 44))  // half outside the card
        world.driver.advance(by: .milliseconds(100))
        try world.tree.setFrame(cta, Rect(x: 10, y: 180, width: 200, height: 44))
        world.driver.advance(by: .milliseconds(999))
        #expect(log.count("impression(card-101)") == 0)
        world.driver.advance(by: .milliseconds(1))
        #expect(log.count("impression(card-101)") == 1)
    }

    @Test("Y22: one ad is shown in one view at a time")
    func y22_oneAdOneView() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider()
        let nodes = try world.addSlider(cards: 2)
        let card = try #require(state.layout?.ads[0])
        let first = try world.bind(card, nodes.cards[0])
        let error = thrownError { try world.bind(card, nodes.cards[1]) }
        #expect(error?.code == .invalidBinder)
        #expect(error?.hint?.contains("Y22") == true)
        first.detach()
        try world.bind(card, nodes.cards[1])
        #expect(card.isBound)
    }

    @Test("Y23: a click before the impression is dropped, repeats count once, and clicks after 24 h are invalid")
    func y23_clickRules() async throws {
        let world = try YandexWorld()
        let slider = try await world.boundSlider(cards: 2)
        let log = slider.log
        let nodes = slider.nodes
        let containers = slider.containers
        guard case .rejected(let early) = containers[0].click(on: nodes.cards[0].cta) else {
            Issue.record("a click before the impression counted")
            return
        }
        #expect(early.hint?.contains("[impression]") == true)
        world.driver.advance(by: .seconds(1))
        #expect(containers[0].click(on: nodes.cards[0].cta) == .counted)
        #expect(containers[0].click(on: nodes.cards[0].cta) == .repeated)
        #expect(log.count("click(card-101)") == 1)
        #expect(world.beacons(.click) == ["https://an.yandex.example/count/click?c=card-101"])
        // Card 2 is only 30 % visible: never impressed, so its clicks never count.
        if case .counted = containers[1].click(on: nodes.cards[1].cta) { Issue.record("unimpressed card clicked") }
        world.driver.advance(by: .seconds(24 * 3600 + 1))
        guard case .rejected(let stale) = containers[0].click(on: nodes.cards[0].cta) else {
            Issue.record("a click 24 h after the impression counted")
            return
        }
        #expect(stale.hint?.contains("[stale]") == true)
        #expect(log.count("click(card-101)") == 1)
    }

    @Test("Detaching the slider container before its impression drops the timer; binding again restarts it")
    func sliderContainerDetachAndRebind() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider()
        let log = SliderEventLog(state)
        let nodes = try world.addSlider(cards: 1)
        try world.bindAll(state, nodes)
        world.driver.advance(by: .milliseconds(600))
        let container = SliderAdContainer(state: state, node: nodes.slider)
        container.detach()
        world.driver.advance(by: .seconds(5))
        #expect(log.count("impression(block)") == 0)
        try container.bind(assets: [.sponsored: nodes.sponsored])
        world.driver.advance(by: .milliseconds(999))
        #expect(log.count("impression(block)") == 0)
        world.driver.advance(by: .milliseconds(1))
        #expect(log.count("impression(block)") == 1)
    }

    @Test("Binding before the slider loaded is refused with notReady")
    func bindBeforeLoad() throws {
        let world = try YandexWorld()
        let state = SliderAdState(
            request: AdRequest(adUnitID: "R-M-1", format: .nativeSlider), host: world.host, provider: world.provider)
        let node = try world.tree.makeNode(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let error = thrownError { try SliderAdContainer(state: state, node: node).bind() }
        #expect(error?.code == .notReady)
        var completed = false
        state.loadImages { completed = true }
        #expect(completed)
        #expect(world.warnings.contains { $0.contains("loadImages() before the slider loaded") })
    }

    @Test("A click view shared by two cards is refused")
    func sharedClickViewRefused() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider()
        let nodes = try world.addSlider(cards: 2)
        let cards = try #require(state.layout?.ads)
        try world.bind(cards[0], nodes.cards[0])
        var stolen = nodes.cards[1]
        stolen.cta = nodes.cards[0].cta
        let error = thrownError { try world.bind(cards[1], stolen) }
        #expect(error?.code == .invalidBinder)
    }

    @Test("A card lacking a required field fails its own binding; the other cards bind and count")
    func cardMissingRequiredFailsOnlyItsBinding() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider("card-missing-required.xml")
        let log = SliderEventLog(state)
        log.watchCards(state)
        let nodes = try world.addSlider(cards: 2, cardWidth: 190)
        try SliderAdContainer(state: state, node: nodes.slider).bind(assets: [.sponsored: nodes.sponsored])
        let cards = try #require(state.layout?.ads)
        try world.bind(cards[0], nodes.cards[0])
        let error = thrownError { try world.bind(cards[1], nodes.cards[1]) }
        #expect(error?.code == .bindingFailed)
        #expect(error?.message.contains("title") == true)
        world.driver.advance(by: .seconds(1))
        #expect(log.events.contains("bindingFailure(card-602 bindingFailed)"))
        #expect(log.count("impression(card-601)") == 1)
        #expect(log.count("impression(block)") == 1)
    }
}
