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

    @Test("H9: IFLY declares no test placement (the seed names none), so test mode is refused with a hint")
    func h9_iflyHasNoTestPlacement() throws {
        let world = try IFLYWorld()
        var refusal: AdError?
        do {
            try world.host.setTestMode(true, for: IFLYProvider.id)
        } catch {
            refusal = error
        }
        #expect(refusal?.code == .testModeRefused)
        #expect(refusal?.hint?.contains("test placements") == true)
    }
}
