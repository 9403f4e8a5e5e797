import AdCore
import AdMediation
import AdTestSupport
import Testing

/// H14 and H15 in mediation: each line item's request is decided for its provider's vendor; an item whose vendor
/// has no legal basis is `excludedByPrivacy` and never asked, an item asked without personalisation says so and why
/// in the report; the next request is decided afresh.
@MainActor
@Suite("Mediation reports how each line item's request went out under the consent string, and why")
struct ConsentMediationTests {
    typealias H = MachineHarness

    private static func world() throws -> TestHost {
        var refused = StartingProvider(id: "refused", requirements: .none, honouredPrivacySignals: [.gdpr])
        refused.globalVendorListID = 20
        var consented = StartingProvider(id: "consented", requirements: .none, honouredPrivacySignals: [.gdpr])
        consented.globalVendorListID = 30
        var interest = StartingProvider(id: "interest", requirements: .none, honouredPrivacySignals: [.gdpr])
        interest.globalVendorListID = 40
        return try TestHost(providers: [refused, consented, interest])
    }

    /// Purposes 1-4 consented, purpose 2 by legitimate interest too; vendor 30 consented, vendor 40 by legitimate
    /// interest only, vendor 20 neither.
    private static var string: String {
        var builder = TCStringBuilder()
        builder.purposeConsents = [1, 2, 3, 4]
        builder.purposeLegitimateInterests = [2]
        builder.vendorConsents = .bitField(max: 40, [30])
        builder.vendorLegitimateInterests = .bitField(max: 40, [40])
        return builder.encoded
    }

    @Test("H14, H15: excluded, non-personalised and personalised items, each reported with its reason")
    func h15_reportSaysHowEachItemWasAsked() async throws {
        let world = try Self.world()
        world.host.privacy = PrivacySignals(gdprApplies: true, tcfConsent: Self.string)
        let mediator = try Mediator(
            configuration: MediationConfiguration(placements: [
                H.placement(
                    .waterfall,
                    [
                        H.waterfall("a", price: 9_000, provider: "refused"),
                        H.waterfall("b", price: 5_000, provider: "interest"),
                        H.waterfall("c", price: 1_000, provider: "consented"),
                    ])
            ]), host: world.host, random: SeededRandom(seed: 3))
        world.transport.respond(to: "unit-b", with: .failure(AdError(.noFill, "No ad.")))
        world.transport.respond(to: "unit-c", with: .body(Array("cr-c".utf8)))
        try mediator.load("p")
        await world.run(for: .seconds(2))
        let report = try #require(mediator.lastReport(for: "p"))
        #expect(report.state(of: "a") == .excludedByPrivacy)
        #expect(report.item("a")?.consent == nil)
        #expect(report.item("a")?.error?.message.contains("IAB vendor 20") == true)
        #expect(report.item("b")?.consent?.outcome == .nonPersonalised)
        #expect(report.item("b")?.consent?.reasons == ["the user did not consent to vendor 40"])
        #expect(report.item("c")?.consent == .personalised)
        #expect(report.winner == "c")
        #expect(world.transport.requests.map(\.adUnitID) == ["unit-b", "unit-c"])
        let lines = report.description.split(separator: "\n")
        #expect(
            lines.contains {
                $0.contains("interest") && $0.hasSuffix("(nonPersonalised: the user did not consent to vendor 40)")
            })
        #expect(lines.contains { $0.contains("excludedByPrivacy: Provider 'refused' (IAB vendor 20) is not asked") })
        // Without GDPR the next request asks the best-paid item, personalised.
        _ = try mediator.takeAd(for: "p")
        world.host.privacy = PrivacySignals(gdprApplies: false, tcfConsent: Self.string)
        world.transport.respond(to: "unit-a", with: .body(Array("cr-a".utf8)))
        try mediator.load("p")
        await world.run(for: .seconds(2))
        let next = try #require(mediator.lastReport(for: "p"))
        #expect(next.winner == "a" && next.item("a")?.consent == .personalised)
        #expect(next.item("b")?.consent == nil && next.item("c")?.consent == nil)
    }
}
