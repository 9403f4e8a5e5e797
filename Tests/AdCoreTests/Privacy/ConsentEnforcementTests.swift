import AdCore
import AdTestSupport
import Testing

/// H13-H15 at the host: every ad a host makes is decided by its provider's vendor ID; a request without
/// personalisation loses its personalising parameters and is recorded in diagnostics with its reasons; an excluded
/// one is refused with `excludedByPrivacy` before its transport is called; an undecodable string is a warning.
@MainActor
@Suite("H13-H15: the host enforces the consent decision of each provider's vendor, and says why")
struct ConsentEnforcementTests {
    static let parameters = ["idfa": "AAAA-1111", "ppid": "u-7", "adf_ownerid": "1234"]

    private static func world() throws -> TestHost {
        let world = try TestHost(providers: [
            PrivacyProbeProvider(), StartingProvider(id: "no-vendor-id", requirements: .none),
        ])
        for unit in ["unit-1", "unit-2"] { world.transport.respond(to: unit, with: .body(Array("cr-1".utf8))) }
        return world
    }

    /// Consent to purposes 1-4; vendor 7 (the probe) consented or not; its legitimate interest kept.
    private static func string(consentsToProbe: Bool) -> String {
        var builder = TCStringBuilder()
        builder.purposeConsents = [1, 2, 3, 4]
        builder.purposeLegitimateInterests = [2]
        builder.vendorConsents = .bitField(max: 10, consentsToProbe ? [7] : [3])
        builder.vendorLegitimateInterests = .bitField(max: 10, [7])
        return builder.encoded
    }

    @Test("H14: a user who refuses the probe's vendor: its request leaves without personalising parameters, and why")
    func h14_refusedVendorIsSentWithoutPersonalisation() async throws {
        let world = try Self.world()
        world.host.privacy = PrivacySignals(gdprApplies: true, tcfConsent: Self.string(consentsToProbe: false))
        let refused = try world.makeAd(
            AdRequest(adUnitID: "unit-1", format: .native, parameters: Self.parameters), provider: "probe")
        #expect(refused.consent.outcome == .nonPersonalised)
        await refused.load().value
        #expect(refused.phase == .loaded)
        #expect(world.transport.requests.last?.parameters == ["adf_ownerid": "1234"])
        let entry = try #require(
            world.host.diagnostics.entries.last { $0.providerID == "probe" && $0.message.contains("personalisation") })
        #expect(entry.level == .info)
        #expect(
            entry.message == "Provider 'probe' is asked without personalisation: the user did not consent to vendor 7.")
        // The same user consenting to the vendor: the parameters travel, and nothing is recorded.
        world.host.privacy = PrivacySignals(gdprApplies: true, tcfConsent: Self.string(consentsToProbe: true))
        let count = world.host.diagnostics.recordedCount
        let allowed = try world.makeAd(
            AdRequest(adUnitID: "unit-2", format: .native, parameters: Self.parameters), provider: "probe")
        await allowed.load().value
        #expect(allowed.consent == .personalised)
        #expect(world.transport.requests.last?.parameters == Self.parameters)
        #expect(!world.host.diagnostics.entries.dropFirst(count).contains { $0.message.contains("personalisation") })
        #expect(world.host.environment(for: "probe", request: allowed.request).consent == .personalised)
    }

    @Test("H14: a provider without a vendor ID is asked without personalisation under GDPR, with the reason")
    func h14_noVendorIDProvider() async throws {
        let world = try Self.world()
        world.host.privacy = PrivacySignals(gdprApplies: true, tcfConsent: PrivacyExamples.acceptAll)
        let ad = try world.makeAd(
            AdRequest(adUnitID: "unit-1", format: .native, parameters: Self.parameters), provider: "no-vendor-id")
        await ad.load().value
        #expect(world.transport.requests.last?.parameters == ["adf_ownerid": "1234"])
        #expect(
            world.host.diagnostics.entries.contains {
                $0.providerID == "no-vendor-id" && $0.message.contains("has no IAB Global Vendor List ID")
            })
    }

    @Test("H15: a vendor without a legal basis for basic ads is excluded before its transport is called")
    func h15_vendorWithoutBasisIsExcluded() throws {
        let world = try Self.world()
        var builder = TCStringBuilder()
        builder.purposeConsents = [1, 2, 3, 4]
        world.host.privacy = PrivacySignals(gdprApplies: true, tcfConsent: builder.encoded)
        do {
            _ = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "probe")
            Issue.record("the probe was asked without a legal basis")
        } catch {
            #expect(error.code == .excludedByPrivacy && error.providerID == "probe")
            #expect(
                error.message
                    == "Provider 'probe' (IAB vendor 7) is not asked: the TC string gives vendor 7 no legal basis for "
                    + "purpose 2 (basic ads): the user gave vendor 7 neither consent nor legitimate interest.")
            #expect(error.hint?.contains("vendor 7") == true)
        }
        #expect(world.transport.requests.isEmpty)
        #expect(
            world.host.diagnostics.entries.contains {
                $0.message.hasPrefix("Provider 'probe' (IAB vendor 7) is not asked")
            })
        // A provider the string cannot speak for is not excluded by it.
        #expect(throws: Never.self) {
            try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "no-vendor-id")
        }
    }

    @Test("H13: an undecodable string is a warning that says what is wrong and how to fix it")
    func h13_undecodableStringIsAWarning() async throws {
        let world = try Self.world()
        world.host.privacy = PrivacySignals(gdprApplies: true, tcfConsent: "BOhwdphOxFC7tAHABBFRC")
        let ad = try world.makeAd(
            AdRequest(adUnitID: "unit-1", format: .native, parameters: Self.parameters), provider: "probe")
        await ad.load().value
        #expect(world.transport.requests.last?.parameters == ["adf_ownerid": "1234"])
        let warning = try #require(world.host.diagnostics.entries.first { $0.level == .warning })
        #expect(warning.message.contains("TC core segment: version 1 is not supported (only 2)"))
        #expect(warning.recommendation?.contains("TCF v2.2") == true)
    }
}
