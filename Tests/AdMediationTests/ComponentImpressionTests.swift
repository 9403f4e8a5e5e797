import AdCore
import AdMediation
import AdTestSupport
import Testing

/// A mediated ad made of components (a slider's block and cards): caps and pacing count the ad once; revenue
/// follows the creatives, one revenue event per counted component impression.
@MainActor
@Suite("Mediator: impressions of an ad made of components")
struct ComponentImpressionTests {
    @Test("Each counted card impression books revenue; the block's own is not paid; caps and pacing count the ad once")
    func componentsBookTheirOwnRevenue() async throws {
        let cards = [AdComponent(id: "card-1"), AdComponent(id: "card-2"), AdComponent(id: "card-3")]
        let world = try TestHost(providers: [
            ScriptedProvider(
                id: "slider", formats: [.native], components: cards, countsOnlyWithVisibleComponent: true)
        ])
        var placement = MachineHarness.placement(
            .waterfall, [MachineHarness.waterfall("s", price: 1_800, provider: "slider")], format: .native)
        placement.caps = [FrequencyCap(maxImpressions: 2, window: nil)]
        let mediator = try Mediator(
            configuration: MediationConfiguration(placements: [placement]), host: world.host,
            random: SeededRandom(seed: 1))
        var revenue: [RevenueEvent] = []
        mediator.onEvent { if case .revenue(let event) = $0 { revenue.append(event) } }
        world.transport.respond(to: "unit-s", with: .body(Array("cr-slider".utf8)))
        try mediator.load("p")
        await world.run(for: .seconds(1))
        let mediated = try mediator.takeAd(for: "p")
        var impressions: [String] = []
        mediated.ad.onEvent { if case .impression(let data) = $0 { impressions.append(data.component ?? "block") } }
        // The block fills the top of the window; two cards inside it are seen, the third is bound below the fold.
        let block = try world.addCard(y: 0, height: 300)
        try mediated.ad.bind(AdBinding(container: block.container))
        for (index, card) in cards.enumerated() {
            let node = try world.tree.makeNode(frame: Rect(x: 0, y: index == 2 ? 2_000 : 100, width: 200, height: 150))
            try world.tree.addChild(node, to: index == 2 ? world.feed : block.container)
            try mediated.ad.bind(AdBinding(container: node), part: .component(card.id))
        }
        await world.run(for: .seconds(2))
        #expect(impressions.sorted() == ["block", "card-1", "card-2"])
        #expect(revenue.map(\.component) == ["card-1", "card-2"])
        #expect(revenue.allSatisfy { $0.revenue.micros == 1_800 })
        // A cap of two per session: the slider counted once (not once per impression), so one more request fills.
        try mediator.load("p")
        await world.run(for: .seconds(1))
        #expect(mediator.isReady("p"))
        #expect(mediator.lastReport(for: "p")?.error == nil)
    }

    @Test("An ad without components books one revenue event for its own impression")
    func plainAdBooksItsImpression() async throws {
        let world = try TestHost(providers: [ScriptedProvider(id: "plain", formats: [.native])])
        let placement = MachineHarness.placement(
            .waterfall, [MachineHarness.waterfall("s", price: 900, provider: "plain")], format: .native)
        let mediator = try Mediator(
            configuration: MediationConfiguration(placements: [placement]), host: world.host,
            random: SeededRandom(seed: 1))
        var revenue: [RevenueEvent] = []
        mediator.onEvent { if case .revenue(let event) = $0 { revenue.append(event) } }
        world.transport.respond(to: "unit-s", with: .body(Array("cr-plain".utf8)))
        try mediator.load("p")
        await world.run(for: .seconds(1))
        let mediated = try mediator.takeAd(for: "p")
        let card = try world.addCard(y: 0)
        try mediated.ad.bind(AdBinding(container: card.container))
        await world.run(for: .seconds(2))
        #expect(revenue.map(\.component) == [nil])
        #expect(revenue.first?.revenue.micros == 900)
    }
}
