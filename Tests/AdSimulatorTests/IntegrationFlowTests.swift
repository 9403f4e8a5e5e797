import AdCore
import AdEmbedded
import AdMediation
import AdTestSupport
import Foundation
import GoogleProvider
import IFLYProvider
import Testing
import YandexProvider

/// The host app's integration of Docs/Integration.md ("The whole flow") in virtual time, with the real providers:
/// start every provider at launch, set the user's privacy signals once, mediate a native placement, bind the ad into
/// the host's tree, and receive the impression and the revenue event.
@MainActor
@Suite("Integration: the whole flow of Docs/Integration.md, in virtual time")
struct IntegrationFlowTests {
    /// The host of the flow: the three built-in providers; IFLY's feed fixture served at `ifly-feed` after 200 ms.
    private func host() throws -> (VirtualTimeDriver, AdHost) {
        let driver = VirtualTimeDriver(seed: 5)
        let transport = InMemoryTransport(clock: driver.clock)
        let body = try Data(
            contentsOf: DemoDocumentationTests.root.appending(path: "Fixtures/ifly/multi-image-three.xml"))
        transport.respond(to: "ifly-feed", with: .delayed(.milliseconds(200), .body(Array(body))))
        let host = AdHost(
            registry: try ProviderRegistry([YandexProvider(), GoogleProvider(), IFLYProvider()]), scheduler: driver,
            transport: transport, beacons: RecordingBeaconSender())
        return (driver, host)
    }

    private static let feed = PlacementConfiguration(
        id: "feed", format: .native, strategy: .waterfall,
        lineItems: [
            LineItemConfiguration(
                id: "ifly-feed", providerID: "ifly", adUnitID: "ifly-feed",
                mode: .waterfall(pricing: .fixed, priceMicros: 3_000, priority: 0))
        ], retry: RetryPolicy(maxAttempts: 0))

    /// A 390-point feed cell on screen with a node per asset the IFLY ad renders.
    private func cell(in host: AdHost) throws -> (container: HostNodeID, assets: [AssetKind: HostNodeID]) {
        let tree = host.tree
        let window = tree.addWindow(scene: "main", frame: Rect(x: 0, y: 0, width: 390, height: 844), isKey: true)
        let container = try tree.makeNode(frame: Rect(x: 0, y: 100, width: 390, height: 320))
        try tree.addChild(container, to: tree.rootNode(of: window))
        var assets: [AssetKind: HostNodeID] = [:]
        let frames: [(AssetKind, Rect)] = [
            (.title, Rect(x: 10, y: 10, width: 290, height: 30)), (.badge, Rect(x: 310, y: 10, width: 70, height: 30)),
            (.media, Rect(x: 10, y: 50, width: 370, height: 180)),
            (.callToAction, Rect(x: 10, y: 240, width: 200, height: 50)),
        ]
        for (kind, frame) in frames {
            let node = try tree.makeNode(frame: frame)
            try tree.addChild(node, to: container)
            assets[kind] = node
        }
        return (container, assets)
    }

    @Test("H1-H8: start at launch, privacy once, mediate, bind, impression, revenue: every step in order")
    func h1_wholeFlowFromStartToRevenue() async throws {
        let (driver, host) = try host()
        // 1. At launch: start every provider, in parallel; each state is observable and in diagnostics.
        let states = await host.startProviders()
        #expect(states.count == 3)
        #expect(states.values.allSatisfy { if case .ready = $0 { true } else { false } })
        // 2. The user's privacy choices, once: every request carries them.
        let consent = PrivacyExamples.acceptAll
        host.privacy = PrivacySignals(gdprApplies: true, tcfConsent: consent)
        // 3. Mediation: one placement, preloaded.
        let mediator = try Mediator(
            configuration: MediationConfiguration(placements: [Self.feed]), host: host, random: SeededRandom(seed: 5))
        var revenue: [RevenueEvent] = []
        var impressions = 0
        mediator.onEvent { event in
            if case .revenue(let paid) = event { revenue.append(paid) }
        }
        try mediator.load("feed")
        await driver.run(for: .seconds(1))
        let report = try #require(mediator.lastReport(for: "feed"))
        #expect(report.winner == "ifly-feed")
        #expect(!report.isTest)
        // 4. Take the ad, bind it into the host's cell; the geometry engine counts the impression.
        let mediated = try mediator.takeAd(for: "feed")
        #expect(mediated.ad.request.privacy.tcfConsent == consent)
        #expect(mediated.ad.request.privacy.gdprApplies == true)
        mediated.ad.onEvent { if case .impression = $0 { impressions += 1 } }
        let (container, assets) = try cell(in: host)
        let callToAction = try #require(assets[.callToAction])
        try mediated.ad.bind(AdBinding(container: container, assets: assets, clickViews: [callToAction]))
        await driver.run(for: .seconds(2))
        // 5. The impression and its revenue event, at the configured price.
        #expect(impressions == 1)
        #expect(revenue.map(\.lineItemID) == ["ifly-feed"])
        #expect(revenue.first?.revenue.micros == 3_000)
        #expect(revenue.first?.isTest == false)
        mediator.release(mediated)
    }
}
