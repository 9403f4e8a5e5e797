import AdCore
import AdTestSupport
import Testing
import YandexProvider

@MainActor
@Suite("Yandex assets as the shared native content (N1)")
struct YandexContentTests {
    @Test("N1: a native card's content keeps Yandex's order, texts, image sizes and required kinds (Y9)")
    func n1_nativeCardContent() async throws {
        let world = try YandexWorld()
        try world.serve("native-all-assets.xml", as: "N-1")
        let ad = try world.host.makeAd(AdRequest(adUnitID: "N-1", format: .native), provider: YandexProvider.id)
        await ad.load().value
        let content = try #require(ad.content)
        #expect(content.kinds.prefix(5) == [.title, .sponsored, .icon, .media, .callToAction])
        #expect(content[.title]?.text == "Offer 1")
        #expect(content[.sponsored]?.text == "Реклама")
        #expect(
            content[.media]
                == .image(NativeImage(url: "https://img.yandex.example/native-1-media.jpg", width: 320, height: 180)))
        #expect(content.requiredAssets == [.title, .sponsored, .media, .callToAction])
        #expect(content.components.isEmpty)
        #expect(content.extras.isEmpty)
    }

    @Test("N1: a slider's content is the block's assets and each card's content as a component, in server order")
    func n1_sliderContent() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider("demo-native-slider-yandex.xml")
        let content = try #require(state.ad?.content)
        #expect(content.kinds == [.sponsored])
        #expect(content.requiredAssets == [.sponsored])
        #expect(content.components.map(\.id) == ["demo-card-1", "demo-card-2", "demo-card-3"])
        let card = try #require(content.content(of: .component("demo-card-2")))
        #expect(card[.title]?.text == "Offer 2")
        #expect(card.requiredAssets.contains(.callToAction))
        #expect(content.components.first?.part == .component("demo-card-1"))
    }

    @Test("N6: a card's click opens its click-through through the host's landing opener")
    func n6_cardClickOpensClickThrough() async throws {
        let world = try YandexWorld()
        let slider = try await world.boundSlider(cards: 3)
        world.driver.advance(by: .seconds(1))
        let card = try #require(slider.nodes.cards.first)
        #expect(slider.containers.first?.click(on: card.cta) == .counted)
        #expect(world.test.landings.opened == ["https://shop.example/card-101"])
    }
}
