import AdCore
import AdMediation
import AdTestSupport
import Testing

/// H3 and H5 in mediation: a provider whose start failed is `notReady`, a provider that cannot honour a
/// child-directed request is `excludedByPrivacy`; both are skipped without being asked, and the report says why.
@MainActor
@Suite("Mediation skips providers that are not ready or excluded by privacy, and says why")
struct HostReadinessMediationTests {
    typealias H = MachineHarness

    private static func world(refusal: AdError? = nil) throws -> TestHost {
        try TestHost(providers: [
            StartingProvider(
                id: "broken", start: refusal.map { .fail($0, after: .seconds(1)) } ?? .succeed(after: .zero),
                log: StartLog()),
            StartingProvider(id: "adult", honouredPrivacySignals: [.gdpr]),
            StartingProvider(id: "kids", honouredPrivacySignals: [.childDirected, .gdpr]),
        ])
    }

    private static func mediator(_ world: TestHost, _ items: [LineItemConfiguration]) throws -> Mediator {
        try Mediator(
            configuration: MediationConfiguration(placements: [H.placement(.waterfall, items)]), host: world.host,
            random: SeededRandom(seed: 3))
    }

    @Test("H3: a provider whose start failed is skipped with notReady; the report says why; the next item fills")
    func h3_failedStartIsNotReady() async throws {
        let world = try Self.world(refusal: AdError(.network, "The configuration server is unreachable."))
        await world.run(for: .zero)
        world.driver.spawn { await world.host.startProviders() }
        await world.run(for: .seconds(1))
        #expect(world.host.startup.state(of: "broken").error?.code == .network)
        let mediator = try Self.mediator(
            world,
            [
                H.waterfall("first", price: 5_000, provider: "broken"),
                H.waterfall("second", price: 1_000, provider: "kids"),
            ])
        world.transport.respond(to: "unit-first", with: .body(Array("cr-1".utf8)))
        world.transport.respond(to: "unit-second", with: .body(Array("cr-2".utf8)))
        try mediator.load("p")
        await world.run(for: .seconds(1))
        let report = try #require(mediator.lastReport(for: "p"))
        #expect(report.state(of: "first") == .notReady)
        #expect(report.item("first")?.error?.code == .providerNotReady)
        #expect(report.winner == "second")
        #expect(!world.transport.requests.contains { $0.adUnitID == "unit-first" })  // never asked
        #expect(report.description.contains("notReady"))
        #expect(
            report.description.contains("providerNotReady: Provider 'broken' did not start: The configuration server"))
    }

    @Test("H3: a load that waits for a start failing meanwhile ends the item as notReady")
    func h3_startFailingDuringTheLoad() async throws {
        let world = try Self.world(refusal: AdError(.network, "Refused."))
        let mediator = try Self.mediator(
            world,
            [
                H.waterfall("first", price: 5_000, provider: "broken"),
                H.waterfall("second", price: 1_000, provider: "adult"),
            ])
        world.transport.respond(to: "unit-second", with: .body(Array("cr-2".utf8)))
        try mediator.load("p")  // "broken" was never started: its load starts it and waits
        await world.run(for: .seconds(2))
        let report = try #require(mediator.lastReport(for: "p"))
        #expect(report.state(of: "first") == .notReady)
        #expect(report.item("first")?.latency == .seconds(1))
        #expect(report.winner == "second")
    }

    @Test("H5: a child-directed request skips providers that cannot honour it (excludedByPrivacy), reported")
    func h5_childDirectedExcludesProviders() async throws {
        let world = try Self.world()
        world.host.privacy = PrivacySignals(isChildDirected: true)
        let mediator = try Self.mediator(
            world,
            [
                H.waterfall("adult", price: 5_000, provider: "adult"),
                H.waterfall("kids", price: 1_000, provider: "kids"),
            ])
        world.transport.respond(to: "unit-adult", with: .body(Array("cr-a".utf8)))
        world.transport.respond(to: "unit-kids", with: .body(Array("cr-k".utf8)))
        try mediator.load("p")
        await world.run(for: .seconds(1))
        let report = try #require(mediator.lastReport(for: "p"))
        #expect(report.state(of: "adult") == .excludedByPrivacy)
        #expect(report.item("adult")?.error?.code == .excludedByPrivacy)
        #expect(report.winner == "kids")
        #expect(world.transport.requests.map(\.adUnitID) == ["unit-kids"])
        #expect(
            report.description.contains("excludedByPrivacy: Provider 'adult' cannot honour child-directed treatment"))
        // Without the child-directed signal the same configuration asks the better-paid provider again.
        _ = try mediator.takeAd(for: "p")
        world.host.privacy = PrivacySignals(isChildDirected: false)
        try mediator.load("p")
        await world.run(for: .seconds(1))
        #expect(mediator.lastReport(for: "p")?.winner == "adult")
    }
}
