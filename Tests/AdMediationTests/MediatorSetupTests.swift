import AdCore
import AdMediation
import AdTestSupport
import Testing

/// `Mediator.Setup`: a configuration's machines made once for many mediators (the simulator's users of one
/// strategy). Each mediator starts from a copy, so what one does never shows in another.
@MainActor
@Suite("Mediator.Setup: mediators made from one setup share nothing but their starting point")
struct MediatorSetupTests {
    typealias H = MachineHarness

    private static let configuration = MediationConfiguration(placements: [
        H.placement(
            .waterfall,
            [
                H.waterfall("high", price: 5_000, provider: "google"),
                H.waterfall("low", price: 1_000, provider: "yandex"),
            ])
    ])

    private static func world() throws -> TestHost {
        let world = try TestHost(providers: [PricedProvider(id: "google"), PricedProvider(id: "yandex")])
        world.transport.respond(to: "unit-high", with: .body(Array("cr-high".utf8)))
        world.transport.respond(to: "unit-low", with: .body(Array("cr-low".utf8)))
        return world
    }

    @Test("A mediator's request, ready ad and request count stay its own; another from the setup starts fresh")
    func mediatorsFromOneSetupAreIndependent() async throws {
        let setup = Mediator.Setup(validated: Self.configuration)
        let (first, second) = (try Self.world(), try Self.world())
        let one = Mediator(setup: setup, host: first.host, random: SeededRandom(seed: 1))
        let other = Mediator(setup: setup, host: second.host, random: SeededRandom(seed: 1))
        try one.load("p")
        await first.run(for: .seconds(1))
        #expect(one.isReady("p"))
        #expect(one.lastReport(for: "p")?.requestNumber == 1)
        #expect(!other.isReady("p"))
        #expect(other.lastReport(for: "p") == nil)
        // Taken and asked again, the first counts its second request; the other's first is still its number 1.
        _ = try one.takeAd(for: "p")
        try one.load("p")
        await first.run(for: .seconds(1))
        try other.load("p")
        await second.run(for: .seconds(1))
        #expect(one.lastReport(for: "p")?.requestNumber == 2)
        #expect(other.lastReport(for: "p")?.requestNumber == 1)
        #expect(other.lastReport(for: "p")?.winner == "high")
    }

    @Test("A mediator from a setup decides as one made from the configuration itself, report for report")
    func aSetupMediatorMatchesAConfiguredOne() async throws {
        let (first, second) = (try Self.world(), try Self.world())
        let prepared = Mediator(
            setup: Mediator.Setup(validated: Self.configuration), host: first.host, random: SeededRandom(seed: 9))
        let configured = try Mediator(
            configuration: Self.configuration, host: second.host, random: SeededRandom(seed: 9))
        for mediator in [prepared, configured] { try mediator.load("p") }
        await first.run(for: .seconds(1))
        await second.run(for: .seconds(1))
        let reports = [prepared, configured].map { $0.lastReport(for: "p") }
        #expect(reports[0] != nil)
        #expect(reports[0]?.items == reports[1]?.items)
        #expect(reports[0]?.winner == reports[1]?.winner)
        #expect(reports[0]?.finishedAt == reports[1]?.finishedAt)
    }
}
