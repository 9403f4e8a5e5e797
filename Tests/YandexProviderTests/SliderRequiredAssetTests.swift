import AdCore
import AdTestSupport
import Testing
import YandexProvider

/// Y22 holds for every required asset of a card, not only its call-to-action: the sponsored label hidden or cut
/// off during the card's continuous second restarts it.
@Suite("Y22: every required asset of a card, the sponsored label included")
@MainActor
struct SliderRequiredAssetTests {
    @Test("Y22: hiding the sponsored label during the continuous second restarts it")
    func y22_hidingTheSponsoredLabelRestartsTheSecond() async throws {
        let world = try YandexWorld()
        let slider = try await world.boundSlider(cards: 1)
        let log = slider.log
        let sponsored = try #require(slider.nodes.cards[0].assets[.sponsored])
        #expect(slider.state.layout?.ads[0].card.requiredAssets.contains(.sponsored) == true)
        world.driver.advance(by: .milliseconds(600))
        try world.tree.setHidden(sponsored, true)
        world.driver.advance(by: .milliseconds(100))
        try world.tree.setHidden(sponsored, false)
        world.driver.advance(by: .milliseconds(999))
        #expect(log.count("impression(card-101)") == 0)  // 999 ms since the label came back
        world.driver.advance(by: .milliseconds(1))
        #expect(log.count("impression(card-101)") == 1)
        #expect(slider.state.layout?.ads[0].impressionAt == AdInstant(sinceEpoch: .milliseconds(1700)))
    }

    @Test("Y22: clipping the sponsored label (half cut off by the scroller) during the continuous second restarts it")
    func y22_clippingTheSponsoredLabelRestartsTheSecond() async throws {
        let world = try YandexWorld()
        let slider = try await world.boundSlider(cards: 1)
        let log = slider.log
        let sponsored = try #require(slider.nodes.cards[0].assets[.sponsored])
        world.driver.advance(by: .milliseconds(500))
        try world.tree.setFrame(sponsored, Rect(x: 370, y: 32, width: 60, height: 14))  // 30 of 60 points cut off
        world.driver.advance(by: .milliseconds(2000))
        #expect(log.count("impression(card-101)") == 0)
        try world.tree.setFrame(sponsored, Rect(x: 60, y: 32, width: 60, height: 14))
        world.driver.advance(by: .milliseconds(999))
        #expect(log.count("impression(card-101)") == 0)
        world.driver.advance(by: .milliseconds(1))
        #expect(log.count("impression(card-101)") == 1)
        #expect(slider.state.layout?.ads[0].impressionAt == AdInstant(sinceEpoch: .milliseconds(3500)))
    }
}
