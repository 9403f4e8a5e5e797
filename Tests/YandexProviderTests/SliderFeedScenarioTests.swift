import AdCore
import AdTestSupport
import Testing
import YandexProvider

/// The scenario: a vertical feed holding a horizontal slider, driven in virtual time.
@Suite("Yandex slider in a scrolling feed")
@MainActor
struct SliderFeedScenarioTests {
    @Test("Y23: in a scrolling feed, one block impression, one per card really seen, clicks only on seen cards")
    func y23_feedWithSliderScenario() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider()
        let log = SliderEventLog(state)
        log.watchCards(state)
        // The slider sits below the first screen of the feed (the window is 800 points tall).
        let nodes = try world.addSlider(y: 1200, cards: 3)
        let cards = try world.bindAll(state, nodes)
        world.driver.advance(by: .seconds(5))
        #expect(log.events.isEmpty)

        // The user scrolls the feed: the slider comes on screen; card 1 is fully visible, card 2 only 30 %.
        try world.tree.setBoundsOrigin(world.test.feed, Point(x: 0, y: 1000))
        world.driver.advance(by: .milliseconds(999))
        #expect(log.events.isEmpty)
        world.driver.advance(by: .milliseconds(1))
        #expect(log.count("impression(block)") == 1)
        #expect(log.count("impression(card-101)") == 1)
        #expect(log.count("impression(card-102)") == 0)

        // A tap on card 2 (never impressed) is dropped; a tap on card 1 counts.
        #expect(cards[1].click(on: nodes.cards[1].cta) != .counted)
        #expect(cards[0].click(on: nodes.cards[0].cta) == .counted)

        // The user swipes to card 2 but swipes back after 0.4 s: card 2 was not seen long enough.
        try world.tree.setBoundsOrigin(nodes.scroller, Point(x: 310, y: 0))
        world.driver.advance(by: .milliseconds(400))
        try world.tree.setBoundsOrigin(nodes.scroller, Point(x: 0, y: 0))
        world.driver.advance(by: .seconds(2))
        #expect(log.count("impression(card-102)") == 0)
        #expect(log.count("impression(card-101)") == 1)  // back on screen: not counted twice

        // Now card 2 stays on screen for a second: it counts, and its click counts.
        try world.tree.setBoundsOrigin(nodes.scroller, Point(x: 310, y: 0))
        world.driver.advance(by: .seconds(1))
        #expect(log.count("impression(card-102)") == 1)
        #expect(cards[1].click(on: nodes.cards[1].cta) == .counted)

        // Scrolling the slider and the feed away and back counts nothing again.
        try world.tree.setBoundsOrigin(nodes.scroller, Point(x: 0, y: 0))
        try world.tree.setBoundsOrigin(world.test.feed, Point(x: 0, y: 0))
        world.driver.advance(by: .seconds(3))
        try world.tree.setBoundsOrigin(world.test.feed, Point(x: 0, y: 1000))
        world.driver.advance(by: .seconds(3))

        // Card 3 was never on screen: no impression, and its clicks never count.
        #expect(cards[2].click(on: nodes.cards[2].cta) != .counted)
        #expect(log.count("impression(block)") == 1)
        #expect(log.count("impression(card-101)") == 1)
        #expect(log.count("impression(card-102)") == 1)
        #expect(log.count("impression(card-103)") == 0)
        #expect(log.count("click(card-101)") == 1)
        #expect(log.count("click(card-102)") == 1)
        #expect(log.count("click(card-103)") == 0)
        #expect(
            world.beacons(.impression).sorted() == [
                "https://an.yandex.example/count/block?b=blk-100",
                "https://an.yandex.example/count/imp?c=card-101",
                "https://an.yandex.example/count/imp?c=card-102",
            ])
        #expect(world.beacons(.click).count == 2)
        #expect(!world.warnings.contains { $0.contains("outside") })
    }
}
