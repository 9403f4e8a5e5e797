import AdCore
import AdMediation
import AdTestSupport
import Testing

/// A mediated ad with components (a slider's block and cards) books one impression, not one per component.
@MainActor
@Suite("Mediator: one impression per mediated ad")
struct ComponentImpressionTests {
    @Test("A slider's block and card impressions book revenue, caps and pacing once")
    func componentsBookOnce() async throws {
        let recorder = ScriptedAdRecorder()
        let world = try TestHost(
            providers: [
                ScriptedProvider(id: "slider", formats: [.native], selfReportsImpressions: true, recorder: recorder)
            ])
        let placement = MachineHarness.placement(
            .waterfall, [MachineHarness.waterfall("s", price: 1_800, provider: "slider")], format: .native)
        let mediator = try Mediator(
            configuration: MediationConfiguration(placements: [placement]), host: world.host,
            random: SeededRandom(seed: 1))
        var revenue: [RevenueEvent] = []
        mediator.onEvent { if case .revenue(let event) = $0 { revenue.append(event) } }
        world.transport.respond(to: "unit-s", with: .body(Array("cr-slider".utf8)))
        try mediator.load("p")
        await world.run(for: .seconds(1))
        let mediated = try mediator.takeAd(for: "p")
        let card = try world.addCard(y: 0)
        try mediated.ad.bind(AdBinding(container: card.container))
        var impressions = 0
        mediated.ad.onEvent { if case .impression = $0 { impressions += 1 } }
        let sink = try #require(recorder.lastAd?.events)
        for component in ["card-1", nil, "card-2"] {
            sink.sendNow(.impression(ImpressionData(providerID: "slider", adUnitID: "unit-s", component: component)))
        }
        await world.run(for: .seconds(1))
        #expect(impressions == 3)
        #expect(revenue.count == 1)
        #expect(revenue.first?.revenue.micros == 1_800)
    }
}
