import AdCore
import AdEmbedded
import AdMediation
import AdTestSupport
import Testing

/// H9-H10: test mode per provider routes requests to the provider's test ad units and marks every report and
/// revenue event as test; a release build refuses it with a clear error (Y16 made a rule of the host).
@MainActor
@Suite("Test mode: test ad units, test reports and revenue, refused in release")
struct TestModeTests {
    typealias H = MachineHarness

    /// A provider with a test ad unit for interstitials.
    private static func provider(_ id: ProviderID, testUnit: String?) -> StartingProvider {
        var provider = StartingProvider(id: id, requirements: .none)
        if let testUnit { provider.testAdUnits = [.interstitial: testUnit] }
        return provider
    }

    @Test("H9: a provider in test mode loads its test ad unit; the report, its line item and the revenue are test")
    func h9_testModeRoutesAndMarks() async throws {
        let world = try TestHost(providers: [
            Self.provider("vendor", testUnit: "vendor-test-unit"), Self.provider("other", testUnit: "other-test"),
        ])
        try world.host.setTestMode(true, for: "vendor")
        let mediator = try Mediator(
            configuration: MediationConfiguration(placements: [
                H.placement(
                    .waterfall,
                    [
                        H.waterfall("live", price: 5_000, provider: "vendor"),
                        H.waterfall("o", price: 1_000, provider: "other"),
                    ])
            ]), host: world.host, random: SeededRandom(seed: 3))
        var revenue: [RevenueEvent] = []
        mediator.onEvent { event in
            if case .revenue(let event) = event { revenue.append(event) }
        }
        world.transport.respond(to: "vendor-test-unit", with: .body(Array("cr-test".utf8)))
        try mediator.load("p")
        await world.run(for: .seconds(1))
        #expect(world.transport.requests.map(\.adUnitID) == ["vendor-test-unit"])  // never the live unit
        let report = try #require(mediator.lastReport(for: "p"))
        #expect(report.isTest && report.item("live")?.isTest == true && report.item("o")?.isTest == false)
        #expect(report.description.hasPrefix("[test] p #1"))
        let mediated = try mediator.takeAd(for: "p")
        #expect(mediated.report.isTest)
        #expect(mediated.ad.request.isTest && mediated.ad.request.adUnitID == "vendor-test-unit")
        let context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
        try mediated.ad.present(from: context)
        await world.run(for: .seconds(1))
        #expect(revenue.count == 1 && revenue.first?.isTest == true)
        #expect(revenue.first?.description.hasPrefix("[test] revenue") == true)
        // Switched off, the live unit is asked again and nothing is test.
        try world.host.setTestMode(false, for: "vendor")
        let live = try world.makeAd(AdRequest(adUnitID: "unit-live", format: .interstitial), provider: "vendor")
        #expect(!live.request.isTest && live.request.adUnitID == "unit-live")
    }

    @Test("H9: test mode is refused for a provider without a test ad unit, and for a format it has none for")
    func h9_testModeNeedsATestUnit() throws {
        let world = try TestHost(providers: [
            Self.provider("none", testUnit: nil), Self.provider("vendor", testUnit: "vendor-test-unit"),
        ])
        #expect(throws: AdError.self) { try world.host.setTestMode(true, for: "none") }
        #expect(world.host.testModeProviders.isEmpty)
        try world.host.setTestMode(true, for: "vendor")
        var refusal: AdError?
        do {
            _ = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "vendor")
        } catch {
            refusal = error
        }
        #expect(refusal?.code == .testModeRefused)
        #expect(refusal?.message.contains("no test ad unit for native") == true)
        // The hint is the exact call that fixes it, recorded in diagnostics too.
        #expect(
            refusal?.hint == "Pass one: setTestMode(true, for: \"vendor\", units: [.native: \"<test ad unit from the "
                + "Scripted dashboard>\"]); or switch test mode off for it.")
    }

    @Test("H9: test mode for one placement names the placement in its refusal; other placements stay live")
    func h9_testModeForOnePlacement() throws {
        let world = try TestHost(providers: [Self.provider("vendor", testUnit: nil)])
        try world.host.setTestMode(true, for: "vendor", placement: "top", units: [.interstitial: "vendor-test-top"])
        #expect(world.host.testModeProviders == ["vendor"])
        let top = try world.makeAd(
            AdRequest(adUnitID: "unit-1", format: .interstitial, placementID: "top"), provider: "vendor")
        #expect(top.request.adUnitID == "vendor-test-top" && top.request.isTest)
        let other = try world.makeAd(
            AdRequest(adUnitID: "unit-2", format: .interstitial, placementID: "bottom"), provider: "vendor")
        #expect(other.request.adUnitID == "unit-2" && !other.request.isTest)
        var refusal: AdError?
        do {
            _ = try world.makeAd(AdRequest(adUnitID: "unit-3", format: .native, placementID: "top"), provider: "vendor")
        } catch {
            refusal = error
        }
        #expect(
            refusal?.hint?.contains("setTestMode(true, for: \"vendor\", placement: \"top\", units: [.native:") == true)
    }

    @Test("H9: a test unit the app passes replaces the published one for its format; a refused call changes nothing")
    func h9_passedTestUnitReplacesThePublishedOne() throws {
        let world = try TestHost(providers: [Self.provider("vendor", testUnit: "vendor-test-unit")])
        #expect(throws: AdError.self) {
            try world.host.setTestMode(true, for: "vendor", units: [.interstitial: "\t"])
        }
        #expect(world.host.testModeProviders.isEmpty && world.host.testAdUnits(of: "vendor").isEmpty)
        try world.host.setTestMode(true, for: "vendor", units: [.interstitial: "dashboard-test"])
        let ad = try world.makeAd(AdRequest(adUnitID: "unit-live", format: .interstitial), provider: "vendor")
        #expect(ad.request.adUnitID == "dashboard-test" && ad.request.isTest)
        // Without the passed unit, the published one again.
        try world.host.setTestMode(true, for: "vendor")
        let published = try world.makeAd(AdRequest(adUnitID: "unit-live", format: .interstitial), provider: "vendor")
        #expect(published.request.adUnitID == "vendor-test-unit")
    }

    @Test("H10: a release build refuses test mode with a clear error naming Y16")
    func h10_releaseBuildRefusesTestMode() throws {
        let driver = VirtualTimeDriver(seed: 1)
        let host = AdHost(
            registry: try ProviderRegistry([Self.provider("vendor", testUnit: "vendor-test-unit")]), scheduler: driver,
            transport: InMemoryTransport(clock: driver.clock), beacons: RecordingBeaconSender(),
            buildConfiguration: .release)
        var refusal: AdError?
        do {
            try host.setTestMode(true, for: "vendor")
        } catch {
            refusal = error
        }
        #expect(refusal?.code == .testModeRefused)
        #expect(refusal?.message == "Test mode for 'vendor' was asked for in a release build.")
        #expect(refusal?.hint?.contains("Y16") == true)
        #expect(host.testModeProviders.isEmpty)
        try host.setTestMode(false, for: "vendor")  // switching it off is always allowed
    }
}
