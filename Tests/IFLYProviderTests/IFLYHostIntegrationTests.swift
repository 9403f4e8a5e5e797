import AdCore
import AdTestSupport
import IFLYProvider
import Testing

/// H1 and H5 for IFLY: a configuration step (seed 004: "read the configuration and privacy guide first"), and no
/// privacy signal claimed (that guide is not among the seeds), so a child-directed request skips IFLY.
@MainActor
@Suite("IFLY and the host: start-up and privacy signals")
struct IFLYHostIntegrationTests {
    @Test("H1: IFLY declares a start step; starting it records the configuration in diagnostics")
    func h1_iflyDeclaresItsStart() async throws {
        let world = try IFLYWorld()
        #expect(IFLYProvider().descriptor.startRequirements.needsStart)
        #expect(IFLYProvider().descriptor.startRequirements.requiredKeys.isEmpty)
        let states = await world.host.startProviders()
        #expect(states[IFLYProvider.id] == .ready(at: .zero))
        #expect(world.host.diagnostics.entries.contains { $0.message.hasPrefix("IFLYADLib 6.5.1") })
        // Started first, a load raises no "before it was started" warning.
        _ = try await world.loadedAd("single-image-redirect.xml")
        #expect(!world.host.diagnostics.entries.contains { $0.message.contains("before it was started") })
    }

    @Test("H5: IFLY claims no privacy signal, so a child-directed request skips it with excludedByPrivacy")
    func h5_childDirectedSkipsIFLY() throws {
        let world = try IFLYWorld()
        #expect(IFLYProvider().descriptor.honouredPrivacySignals.isEmpty)
        world.host.privacy = PrivacySignals(isChildDirected: true)
        var refusal: AdError?
        do {
            _ = try world.makeAd(unit: "unit-1", body: try IFLYWorld.fixture("single-image-redirect.xml"))
        } catch {
            refusal = error as? AdError
        }
        #expect(refusal?.code == .excludedByPrivacy)
        #expect(refusal?.providerID == IFLYProvider.id)
    }

    @Test("H9: IFLY publishes no test placement, so test mode without one is refused with a hint to pass one")
    func h9_iflyHasNoTestPlacement() throws {
        let world = try IFLYWorld()
        #expect(IFLYProvider().descriptor.testAdUnits.isEmpty)
        var refusal: AdError?
        do {
            try world.host.setTestMode(true, for: IFLYProvider.id)
        } catch {
            refusal = error
        }
        #expect(refusal?.code == .testModeRefused)
        #expect(refusal?.message == "Provider 'ifly' publishes no test ad unit and none was passed.")
        #expect(
            refusal?.hint == "Create a test placement in the iFLYTEK IFLYADLib dashboard and pass it: "
                + "setTestMode(true, for: \"ifly\", units: [.native: \"<test ad unit from the iFLYTEK IFLYADLib "
                + "dashboard>\"]).")
        #expect(world.host.testModeProviders.isEmpty)
    }

    @Test("H9: IFLY's test mode routes to the test placement the app passes from its dashboard, marked test")
    func h9_iflyTestModeUsesThePassedPlacement() async throws {
        let world = try IFLYWorld()
        try world.host.setTestMode(true, for: IFLYProvider.id, units: [.native: "ifly-dashboard-test"])
        #expect(world.host.testAdUnits(of: IFLYProvider.id) == [.native: "ifly-dashboard-test"])
        let ad = try world.makeAd(unit: "live-feed-placement", body: [])
        #expect(ad.unified.request.adUnitID == "ifly-dashboard-test")
        #expect(ad.unified.request.isTest)
        world.world.transport.respond(
            to: "ifly-dashboard-test", with: .body(try IFLYWorld.fixture("single-image-redirect.xml")))
        await ad.load()
        #expect(ad.adData != nil)
        // Switched off, the placement is forgotten: test mode needs it passed again.
        try world.host.setTestMode(false, for: IFLYProvider.id)
        #expect(world.host.testAdUnits(of: IFLYProvider.id).isEmpty)
        #expect(throws: AdError.self) { try world.host.setTestMode(true, for: IFLYProvider.id) }
    }

    @Test("H9: a blank test placement, or one for a format IFLY does not serve, is refused and changes nothing")
    func h9_badTestPlacementsAreRefused() throws {
        let world = try IFLYWorld()
        var errors: [AdError] = []
        for units: [AdFormat: String] in [[.native: "  "], [.native: ""], [.interstitial: "ifly-test"]] {
            do {
                try world.host.setTestMode(true, for: IFLYProvider.id, units: units)
            } catch {
                errors.append(error)
            }
        }
        #expect(errors.map(\.code) == [.invalidRequest, .invalidRequest, .invalidRequest])
        #expect(errors.first?.message == "The test unit for native of 'ifly' is blank.")
        #expect(errors.last?.message.contains("does not serve interstitial") == true)
        #expect(world.host.testModeProviders.isEmpty)
    }
}
